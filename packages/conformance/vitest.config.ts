import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'conformance',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Each test runs the checker over a real listening dev server on a busy 2-core machine.
    testTimeout: 120_000,
  },
});
