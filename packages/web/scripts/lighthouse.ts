/**
 * Lighthouse (mobile emulation, Debian's Chromium) on the built portal served by the dev server,
 * as `pnpm bench` runs it: landing page, booking start, login (and any extra paths given).
 * Targets: performance >= 95, accessibility 100, best practices >= 95. Saves the JSON reports to
 * reports/lighthouse/ and prints a table. Run after `vite build`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buildApp, createSeededState, devSession } from '@portal/devserver/http';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const dist = fileURLToPath(new URL(`../${process.env.WEB_DIST ?? 'dist'}/`, import.meta.url));
const outDir = `${root}reports/lighthouse/`;
/** `signedIn`: the patient's token is in localStorage before the page loads. */
const pages = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'booking start', path: '/reservation', signedIn: false },
  { name: 'login', path: '/login', signedIn: false },
  { name: 'my reservations', path: '/reservations', signedIn: true },
  ...process.argv.slice(2).map((path) => ({ name: path, path, signedIn: false })),
];
const targets = { performance: 95, accessibility: 100, 'best-practices': 95 } as const;

// As in production: dev mode off (no QA toolbar, no x-dev-mode), a patient's session made directly.
const state = createSeededState({ devMode: true });
const session = devSession(state, 'patient');
if (!session.ok) throw new Error('no patient test user in the seed');
const token = session.value.access_token;
state.settings.devMode = false;
const app = await buildApp({ state, webRoot: dist, devMode: false });
const origin = await app.listen({ port: 0, host: '127.0.0.1' });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
mkdirSync(outDir, { recursive: true });
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
const rows: { name: string; scores: Record<string, number> }[] = [];
try {
  for (const page of pages) {
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
        onlyCategories: Object.keys(targets),
        disableStorageReset: page.signedIn,
      },
      undefined,
      tab,
    );
    await tab?.close();
    if (!result) throw new Error(`no Lighthouse result for ${page.path}`);
    const file = `${outDir}${page.name.replace(/\W+/g, '-')}.json`;
    writeFileSync(file, String(result.report));
    const scores: Record<string, number> = {};
    for (const [id, category] of Object.entries(result.lhr.categories)) {
      scores[id] = Math.round((category.score ?? 0) * 100);
    }
    rows.push({ name: page.name, scores });
  }
} finally {
  await browser.disconnect();
  await chrome.kill();
  await app.close();
}

console.info('\nLighthouse, mobile emulation (reports in reports/lighthouse/)');
console.info('| page | performance | accessibility | best practices |');
console.info('|---|---|---|---|');
const misses: string[] = [];
for (const row of rows) {
  const cell = (id: keyof typeof targets) => {
    const score = row.scores[id] ?? 0;
    if (score < targets[id]) misses.push(`${row.name} ${id} ${score} < ${targets[id]}`);
    return `${score}${score < targets[id] ? ' (below target)' : ''}`;
  };
  console.info(
    `| ${row.name} | ${cell('performance')} | ${cell('accessibility')} | ${cell('best-practices')} |`,
  );
}
console.info(
  misses.length ? `\nBelow target: ${misses.join('; ')}` : '\nEvery page meets the targets.',
);
