import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/**
 * Test files about what a page shows from its very start, each run in a page and module registry
 * of its own (the `web-isolated` project, vitest.isolated.config.ts): the session's first render
 * (it depends on the route's code not being loaded yet) and the page's `lang` as i18next starts
 * (an instance made by an earlier file may still be finishing its start).
 */
export const ISOLATED_TESTS = [
  'src/app/session.test.tsx',
  'src/app/i18n.test.ts',
  'src/app/route-screen.test.tsx',
];

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    exclude: ISOLATED_TESTS,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // One page and one module registry per worker, reset before each file (src/test/setup.ts):
    // a jsdom and the app's imports per file cost about as much as the tests (measured: 198 s
    // for the project isolated, 100 s not, on the 2-core machine).
    isolate: false,
    // Whole-app tests import lazy route chunks; the slowest take seconds on a busy 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
