import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    // The files of a worker share one module registry: none changes process-wide state (no
    // module mocks, no environment writes), and a fresh registry per file cost as much as the
    // tests (measured for the five Node projects together: 132 s isolated, 81 s not).
    isolate: false,
    name: 'qa',
    // Tests that spawn processes, pack or build run in the root's `processes` project.
    exclude: ['**/*.process.test.ts', '**/node_modules/**'],
    include: ['test/**/*.test.ts'],
    // The packing test builds the package (tsc) on a busy 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
