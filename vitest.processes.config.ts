import { defineProject } from 'vitest/config';

/**
 * The tests that start processes, pack a tarball or build a package (`*.process.test.ts` in any
 * package): the dev server restarted on its state file, the deploy command, the checker packed and
 * run with npx, the QA package built, the contract's patterns in other engines. They wait on other
 * processes, so their bounds are wider; `pnpm exec vitest run --project processes` runs them alone.
 */
export default defineProject({
  test: {
    name: 'processes',
    include: ['packages/*/{src,test}/**/*.process.test.ts'],
    environment: 'node',
    isolate: false,
    // Bounds for a hung child process on a loaded 2-core machine, not performance targets.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
