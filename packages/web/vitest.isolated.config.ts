import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { ISOLATED_TESTS } from './vitest.config.ts';

/** The web tests of what a page shows from its start, each file in a page and registry of its own. */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web-isolated',
    include: ISOLATED_TESTS,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    isolate: true,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
