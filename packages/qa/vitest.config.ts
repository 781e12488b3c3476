import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'qa',
    include: ['test/**/*.test.ts'],
    // The packing test builds the package (tsc) on a busy 2-core machine.
    testTimeout: 120_000,
  },
});
