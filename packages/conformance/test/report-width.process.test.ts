import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toHtml } from '../src/index.ts';
import { check, ERROR } from './checker.ts';
import { start } from './harness.ts';

// The HTML report in a browser: a failing run's report (long messages quoting JSON answers, long
// curl commands and reproducers) fits a 1,280 px window without horizontal scroll, as the e2e
// journeys check the portal's pages (scrollWidth against clientWidth).

const run = promisify(execFile);
const repository = fileURLToPath(new URL('../../../', import.meta.url));

let browser: Browser;

interface Widths {
  /** The page's width and its window's. */
  scroll: number;
  client: number;
  /** Elements that scroll sideways themselves (a command, a table). */
  sideways: string[];
  /** Elements that reach past the window's right edge. */
  past: string[];
}

/** Measures the page, in the browser (this package's code has no DOM types). */
const MEASURE = `(() => {
  const root = document.documentElement;
  const name = (element) => element.tagName + ': ' + (element.textContent || '').slice(0, 60);
  return {
    scroll: root.scrollWidth,
    client: root.clientWidth,
    sideways: [...document.querySelectorAll('pre, table, td, code')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map(name),
    past: [...document.querySelectorAll('main *')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth)
      .map(name),
  };
})()`;

beforeAll(async () => {
  // Debian's Chromium, installed if missing (as for the e2e journeys and the budget).
  await run('node', [join(repository, 'scripts/ensure-system-tools.mjs'), 'chromium']);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('the HTML report', () => {
  test('of a failing run fits a 1,280 px window: no horizontal scroll, no command scrolls sideways', async () => {
    // A 500 on getConfig, a patient given the staff's list, a logout that keeps the token.
    const baseUrl = await start((app) => {
      app.addHook('preHandler', async (request, reply) => {
        if (request.url === '/api/config') await reply.code(500).send(ERROR);
        if (request.method === 'GET' && request.url === '/api/logout') await reply.code(204).send();
      });
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.url.split('?')[0] !== '/api/admin/patients' || reply.statusCode !== 403)
          return payload;
        reply.code(200);
        return JSON.stringify({ items: [], total: 0, page: 1, pageSize: 20 });
      });
    });
    const report = await check(baseUrl, {
      operations: [
        'getConfig',
        'listPatients',
        'startQrLogin',
        'getQrLoginStatus',
        'approveQrLogin',
        'exchangeToken',
        'logout',
        'getMe',
      ],
      maxExamples: 1,
    });
    expect(report.totals.failed).toBeGreaterThan(3);
    const html = toHtml(report);
    // What used to widen the page is there: a message quoting a JSON answer without a space in
    // 150 characters, and a command line of hundreds.
    expect(html).toMatch(/<td class="msg"><a [^>]+>kills the token[^<]*<\/a>:[^<]*\{[^ <]{150,}/);
    expect(html).toMatch(/\ncurl [^\n]{400,}/);
    const file = join(mkdtempSync(join(tmpdir(), 'conformance-html-')), 'conformance-report.html');
    writeFileSync(file, html);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(pathToFileURL(file).href);
    const widths = await page.evaluate<Widths>(MEASURE);
    expect(widths.client).toBe(1280);
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(widths.sideways).toEqual([]);
    expect(widths.past).toEqual([]);
    await page.close();
  });
});
