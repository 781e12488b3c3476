import { execFile } from 'node:child_process';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appReady } from '../src/playwright.ts';

// appReady(page) in a browser, against pages that mark themselves ready when the test lets them:
// no timer decides when a page is ready, so what resolves when is the test's to say.

const run = promisify(execFile);
const repository = fileURLToPath(new URL('../../../', import.meta.url));

/** A page that marks itself ready (`data-app-ready`) once its `/start` request is answered. */
const APP_PAGE = `<!doctype html><html><head><script type="module">
await fetch('/start');
document.documentElement.setAttribute('data-app-ready', '');
</script></head><body>the portal</body></html>`;

/** A prerendered page that starts its app on first use (no script runs until then). */
const INTENT_PAGE = `<!doctype html><html data-prerendered data-start="intent"><body>read me</body></html>`;

let browser: Browser;
let server: Server;
let origin: string;
/** The `/start` requests waiting for the test to answer them. */
const held: ServerResponse[] = [];

/** Lets every page waiting on `/start` become ready. */
function release(): void {
  for (const response of held.splice(0)) response.end('go');
}

/** Waits until a page has asked to start (its request is held). */
async function asked(count: number): Promise<void> {
  while (held.length < count) await new Promise((resolve) => setImmediate(resolve));
}

/** Whether a promise has settled after the page and the test have had their turn. */
async function settled(promise: Promise<unknown>, page: Page): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  return done;
}

beforeAll(async () => {
  // Debian's Chromium, installed if missing (as for the e2e journeys).
  await run('node', [join(repository, 'scripts/ensure-system-tools.mjs'), 'chromium']);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  server = createServer((request, response) => {
    if (request.url === '/start') {
      held.push(response);
      return;
    }
    response.setHeader('content-type', 'text/html');
    response.end(request.url === '/intent' ? INTENT_PAGE : APP_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  origin = `http://127.0.0.1:${address.port}`;
}, 120_000);

afterAll(async () => {
  release();
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('appReady(page)', () => {
  test('waits for the app to take the page over, and again after a reload', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await asked(1);
    const first = appReady(page);
    expect(await settled(first, page)).toBe(false);
    release();
    await first;
    expect(await page.locator('html').getAttribute('data-app-ready')).toBe('');

    // A reload is a new page: not ready until its app has started again.
    await page.reload();
    await asked(1);
    const again = appReady(page);
    expect(await settled(again, page)).toBe(false);
    expect(await page.locator('html').getAttribute('data-app-ready')).toBeNull();
    release();
    await again;
    await page.close();
  });

  test('gives up after its timeout on a page whose app never starts', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await expect(appReady(page, { timeout: 200 })).rejects.toThrow(/Timeout 200ms exceeded/);
    release();
    await page.close();
  });

  test('takes a prerendered page that starts on first use as it is', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/intent`);
    await appReady(page);
    expect(await page.locator('html').getAttribute('data-app-ready')).toBeNull();
    await page.close();
  });
});
