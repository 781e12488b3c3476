import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// defineConfig (not defineProject): `pnpm coverage` runs vitest from this folder, where the
// coverage options apply; from the root this file is one project of the workspace.
export default defineConfig({
  test: {
    name: 'machines',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The path explorations run in beforeAll hooks: seconds of work that a loaded 2-core machine
    // may take several times longer over; a bound, not a performance target.
    hookTimeout: 120_000,
    testTimeout: 60_000,
    // `pnpm coverage` runs from this folder, outside the root config: every core, as there.
    maxWorkers: Math.max(2, availableParallelism()),
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      // Tests, their fixtures and helpers, and the barrel file are not product code.
      exclude: ['src/**/*.test.ts', 'src/testing/**', 'src/index.ts'],
      thresholds: { lines: 95, branches: 95, functions: 95, statements: 95 },
    },
  },
});
