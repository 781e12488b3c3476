/**
 * Lighthouse (mobile preset, Debian's Chromium) on the production build served by the dev server
 * with dev mode off, as `pnpm bench` runs it: landing page, booking start, login, my reservations
 * (and any extra paths given), each LIGHTHOUSE_RUNS times (default 3); the table shows the
 * medians. Targets (issue 15): performance at least 98 on the landing page and 95 elsewhere,
 * accessibility and best practices 100, cumulative layout shift 0. Saves the last run's JSON
 * report per page to reports/lighthouse/. Run after `vite build`. LIGHTHOUSE_PAGES (names, comma
 * separated) runs only some pages; LIGHTHOUSE_CPU slows the CPU more than the preset;
 * LIGHTHOUSE_SERVER=nginx (or nginx-cross-origin) measures the build as deployed behind nginx.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { serveBuild, serverOf } from './served-build.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const dist = fileURLToPath(new URL(`../${process.env.WEB_DIST ?? 'dist'}/`, import.meta.url));
const outDir = `${root}reports/lighthouse/`;
/** `signedIn`: the patient's token is in localStorage before the page loads. */
const allPages = [
  { name: 'landing', path: '/', signedIn: false, performance: 98 },
  { name: 'booking start', path: '/reservation', signedIn: false, performance: 95 },
  { name: 'login', path: '/login', signedIn: false, performance: 95 },
  { name: 'my reservations', path: '/reservations', signedIn: true, performance: 95 },
  ...process.argv.slice(2).map((path) => ({ name: path, path, signedIn: false, performance: 95 })),
];
/** LIGHTHOUSE_PAGES=landing,login: only these pages (by name), while working on them. */
const only = process.env.LIGHTHOUSE_PAGES?.split(',');
const pages = only ? allPages.filter((page) => only.includes(page.name)) : allPages;
const categories = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof categories)[number];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/**
 * LIGHTHOUSE_CPU=8: the CPU slowed that many times instead of the mobile preset's 4 (issue 36
 * asks for 95 on the booking start on a phone twice as slow). The network stays the preset's.
 */
const CPU = process.env.LIGHTHOUSE_CPU ? Number(process.env.LIGHTHOUSE_CPU) : undefined;
/**
 * LIGHTHOUSE_SERVER=nginx: the build as deployed, nginx in front of the dev server proxying its
 * API; nginx-cross-origin: the API on its own origin (docs/decisions/026). Default: the dev server.
 */
const SERVER = serverOf(process.env.LIGHTHOUSE_SERVER);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

// As in production: dev mode off (no QA toolbar, no x-dev-mode), a patient's session made directly.
const { origin, token, chrome, browser, close } = await serveBuild(dist, SERVER);
mkdirSync(outDir, { recursive: true });
const rows: {
  name: string;
  performanceTarget: number;
  scores: Record<Category, number>;
  cls: number;
  runs: (Record<Category, number> | null)[];
}[] = [];
/** Runs Lighthouse could not measure (a runtime error), with its code and message. */
const failed: string[] = [];
/** Lighthouse's measure of this host's CPU per run: its simulated phone scales from it. */
const benchmarkIndexes: number[] = [];
try {
  for (const page of pages) {
    const runs: (Record<Category, number> | null)[] = [];
    const shifts: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Lighthouse would clear the storage (and the token) of a signed-in page: set it, keep it.
      const tab = page.signedIn ? await browser.newPage() : undefined;
      if (tab) {
        await tab.goto(`${origin}/about`);
        await tab.evaluate((value) => localStorage.setItem('access_token', value), token);
      }
      const result = await lighthouse(
        `${origin}${page.path}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...categories],
          disableStorageReset: page.signedIn,
          ...(CPU === undefined
            ? {}
            : {
                throttling: {
                  // Lighthouse's mobile preset (slow 4G), with the CPU as asked.
                  rttMs: 150,
                  throughputKbps: 1638.4,
                  requestLatencyMs: 562.5,
                  downloadThroughputKbps: 1474.56,
                  uploadThroughputKbps: 675,
                  cpuSlowdownMultiplier: CPU,
                },
              }),
        },
        undefined,
        tab,
      );
      await tab?.close();
      if (!result) throw new Error(`no Lighthouse result for ${page.path}`);
      const base = `${outDir}${page.name.replace(/\W+/g, '-')}`;
      const { lhr } = result;
      // Lighthouse could not load the page, or a metric of a category failed (its score is null).
      const failedAudits = Object.values(lhr.audits).filter(
        (audit) => audit.scoreDisplayMode === 'error',
      );
      const failure =
        lhr.runtimeError ??
        (categories.some((id) => (lhr.categories[id]?.score ?? null) === null)
          ? {
              code: 'NO_SCORE',
              message: failedAudits.map((a) => `${a.id}: ${a.errorMessage}`).join('; '),
            }
          : undefined);
      if (failure) {
        // A run Lighthouse could not measure (its scores would read 0): shown, kept apart from
        // the median, its report saved beside the page's.
        writeFileSync(`${base}-failed-${run + 1}.json`, String(result.report));
        failed.push(`${page.name} run ${run + 1}: ${failure.code} (${failure.message})`);
        runs.push(null);
        continue;
      }
      writeFileSync(`${base}.json`, String(result.report));
      const scores = {} as Record<Category, number>;
      for (const id of categories) {
        scores[id] = Math.round((lhr.categories[id]?.score ?? 0) * 100);
      }
      runs.push(scores);
      shifts.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN);
      benchmarkIndexes.push(lhr.environment.benchmarkIndex);
    }
    const medians = {} as Record<Category, number>;
    const measured = runs.filter((r) => r !== null);
    for (const id of categories) medians[id] = median(measured.map((r) => r[id]));
    rows.push({
      name: page.name,
      performanceTarget: page.performance,
      scores: medians,
      cls: median(shifts),
      runs,
    });
  }
} finally {
  await close();
}

console.info(
  `\nLighthouse, mobile preset, dev mode off, served by ${SERVER}: median of ${RUNS} runs (reports in reports/lighthouse/)`,
);
// The simulated phone's CPU time is this host's, slowed 4×: on a slower host the same build
// scores lower (a benchmark index of about 2700 gave the medians of issue 15's closing note).
console.info(`Host CPU: Lighthouse benchmark index ${Math.round(median(benchmarkIndexes))}`);
console.info('| page | performance | accessibility | best practices | CLS | runs (perf) |');
console.info('|---|---|---|---|---|---|');
const misses: string[] = [];
for (const row of rows) {
  const targets: Record<Category, number> = {
    performance: row.performanceTarget,
    accessibility: 100,
    'best-practices': 100,
  };
  const cell = (id: Category) => {
    const score = row.scores[id];
    // No measured run at all counts as a miss of the whole target.
    const missed = Number.isNaN(score) ? targets[id] : targets[id] - score;
    if (missed > 0) misses.push(`${row.name} ${id} ${score}, ${missed} below ${targets[id]}`);
    return `${score}${missed > 0 ? ` (target ${targets[id]})` : ''}`;
  };
  if (row.cls > 0) misses.push(`${row.name} CLS ${row.cls.toFixed(3)} above 0`);
  console.info(
    `| ${row.name} | ${cell('performance')} | ${cell('accessibility')} | ${cell('best-practices')} | ${row.cls.toFixed(3)} | ${row.runs.map((r) => (r === null ? 'failed' : r.performance)).join(', ')} |`,
  );
}
if (failed.length > 0) {
  console.info(
    `\nRuns Lighthouse could not measure (not in the medians):\n- ${failed.join('\n- ')}`,
  );
}
console.info(
  misses.length ? `\nBelow target: ${misses.join('; ')}` : '\nEvery page meets the targets.',
);
