import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'deploy',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // The nginx test starts a real nginx and a dev server on a busy 2-core machine.
    testTimeout: 60_000,
  },
});
