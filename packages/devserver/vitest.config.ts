import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'devserver',
    // Tests that spawn processes, pack or build run in the root's `processes` project.
    exclude: ['**/*.process.test.ts', '**/node_modules/**'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // The files of a worker share one module registry: none changes process-wide state (no
    // module mocks, no environment writes), and a fresh registry per file cost as much as the
    // tests (measured for the five Node projects together: 132 s isolated, 81 s not).
    isolate: false,
    // A bound for a hung test, not a performance target: a loaded 2-core machine may take
    // several times longer than a quiet one (performance lives in `pnpm bench`).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
