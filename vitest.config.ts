import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'packages/web/vitest.isolated.config.ts',
      'vitest.processes.config.ts',
    ],
    // Vitest leaves one core free by default: on a 2-core machine that is one worker, and the
    // suite takes twice as long. Tests do not share state across files, so use every core.
    maxWorkers: Math.max(2, availableParallelism()),
    coverage: {
      provider: 'v8',
      include: ['packages/*/src/**'],
      exclude: ['**/generated/**', '**/*.test.*'],
    },
  },
});
