import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@portal/devserver/http';
import { failureLines, runConformance, TEST_USERS } from '../src/index.ts';

/**
 * `pnpm --filter @portal/conformance bench [RUNS]`: is the checker ever red by accident? It runs
 * the whole checker RUNS times in a row (default 10), each against a fresh dev server as
 * `pnpm start` makes it (seeded, its clock running on real time) with every test user signed in
 * and a new seed, and prints each run's failures; saved to reports/bench/conformance-repeat.json.
 * Exits 1 when a run had one: against the reference server every failure is the checker's own (a
 * dev clock set back short of the confirmation it dated was red in about 3 runs of 8, issue 56).
 * A run takes about half a minute on a quiet 2-core machine.
 */
const runs = Number(process.argv[2] ?? 10);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`RUNS must be a positive integer`);
const root = fileURLToPath(new URL('../../../', import.meta.url));

interface Run {
  run: number;
  seed: number;
  checks: number;
  failed: number;
  skipped: number;
  seconds: number;
  failures: string[];
}

const results: Run[] = [];
for (let run = 1; run <= runs; run++) {
  const app = await buildApp({ webRoot: null });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const report = await runConformance({
      baseUrl: `http://127.0.0.1:${port}`,
      loginAs: TEST_USERS,
    });
    // The stop first ("the server stopped answering at check N"), then each failed check.
    const failures = [
      ...(report.stopped
        ? [`the server stopped answering at check ${report.stopped.atCheck}`]
        : []),
      ...failureLines(report),
    ];
    const result: Run = {
      run,
      seed: report.generated.seed,
      checks: report.totals.checks,
      failed: failures.length,
      skipped: report.totals.skipped,
      seconds: Math.round(report.durationMs / 100) / 10,
      failures,
    };
    results.push(result);
    console.info(
      `run ${run}/${runs}: ${result.failed} failed of ${result.checks} checks (${result.skipped} skipped), seed ${result.seed}, ${result.seconds} s`,
    );
    for (const line of failures) console.info(`  ${line.replace(/\s+/g, ' ').slice(0, 300)}`);
  } finally {
    await app.close();
  }
}

const red = results.filter((r) => r.failed > 0).length;
console.info(`\nfailures per run: ${results.map((r) => r.failed).join(' ')}`);
console.info(`${red} of ${runs} runs red`);
mkdirSync(`${root}reports/bench`, { recursive: true });
writeFileSync(
  `${root}reports/bench/conformance-repeat.json`,
  `${JSON.stringify({ runs: results }, null, 2)}\n`,
);
process.exitCode = red > 0 ? 1 : 0;
