import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    // The files of a worker share one module registry: none changes process-wide state (no
    // module mocks, no environment writes), and a fresh registry per file cost as much as the
    // tests (measured for the five Node projects together: 132 s isolated, 81 s not).
    isolate: false,
    name: 'conformance',
    // Tests that spawn processes, pack or build run in the root's `processes` project.
    exclude: ['**/*.process.test.ts', '**/node_modules/**'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Each test runs the checker over a real listening dev server on a busy 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
