import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contract-tools',
    // Tests that spawn processes, pack or build run in the root's `processes` project.
    exclude: ['**/*.process.test.ts', '**/node_modules/**'],
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // The files of a worker share one module registry (as in the other Node projects).
    isolate: false,
    // A bound for a hung test, not a performance target: the pattern check compiles every
    // pattern with the system's Java where it is installed.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
