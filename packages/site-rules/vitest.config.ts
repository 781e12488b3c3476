import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'site-rules',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    isolate: false,
  },
});
