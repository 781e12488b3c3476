import { request as httpRequest } from 'node:http';
import type { Page } from '@playwright/test';
import { formatChecks, smokeCheck } from '@portal/deploy/smoke';
import {
  answerKeepBoth,
  chooseClinic,
  fillAddress,
  next,
  pickFirstSlot,
  stepHeading,
} from '../booking-steps.ts';
import { API_HEADERS, expect, expectNoA11yViolations, test as base } from '../fixtures.ts';
import { apiURL, type Topology } from '../servers.ts';

const topologyOf = (projectName: string): Topology =>
  projectName.endsWith('cross-origin') ? 'cross-origin' : 'same-origin';

const test = base.extend<{ problems: string[] }>({
  // QA's calls go where the pages' calls go: through nginx, or to the API host.
  request: async ({ playwright, baseURL, extraHTTPHeaders }, use, testInfo) => {
    const cross = topologyOf(testInfo.project.name) === 'cross-origin';
    const request = await playwright.request.newContext({
      baseURL: cross ? apiURL : baseURL,
      extraHTTPHeaders,
    });
    await use(request);
    await request.dispose();
  },
  // Every page of a journey: no console error (a refused call's own "Failed to load resource"
  // aside: the page handles it), no uncaught exception, no Content-Security-Policy violation.
  problems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          problems.push(message.text());
        }
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await use(problems);
      expect(problems).toEqual([]);
    },
    { auto: true },
  ],
});

// The built portal served by nginx (`pnpm deploy:nginx`), the dev server as its API host, in both
// topologies: the API proxied on the same origin, or called on its own origin (CORS). Each
// journey has a sandbox of its own, laid from the seed.
// Clinic times are Finnish local times (FINLAND.md).
test.use({ timezoneId: 'Europe/Helsinki' });

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a prerendered page reads as it arrives, with its Content-Security-Policy', async ({
    page,
  }, testInfo) => {
    const response = await page.goto('/sv/reservation');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Boka tid' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    const headers = response?.headers() ?? {};
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(csp).not.toContain("unsafe-inline'; ");
    // The pages may call the API host when it is elsewhere, and nothing else.
    const connect = /connect-src ([^;]+)/.exec(csp)?.[1];
    expect(connect).toBe(
      topologyOf(testInfo.project.name) === 'cross-origin' ? `'self' ${apiURL}` : "'self'",
    );
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cache-control']).toBe('no-cache');
    expect(headers.vary).toContain('Accept-Language');
  });

  test('an unprefixed page comes in the cookie’s language, else Accept-Language’s, else Finnish', async ({
    page,
    context,
    baseURL,
  }) => {
    const heading = async (acceptLanguage: string) => {
      const response = await page.request.get('/reservation', {
        headers: { 'Accept-Language': acceptLanguage },
      });
      expect(response.headers().vary).toContain('Cookie, Accept-Language');
      return /<h1[^>]*>([^<]+)</.exec(await response.text())?.[1];
    };
    expect(await heading('de-DE,sv;q=0.8,en;q=0.5')).toBe('Boka tid');
    expect(await heading('de-DE')).toBe('Varaa aika');
    await context.addCookies([{ name: 'i18next', value: 'en', url: baseURL ?? '' }]);
    expect(await heading('sv')).toBe('Book an appointment');
    // The page itself, in a browser whose cookie says English.
    await page.goto('/reservation');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book an appointment');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('an app route gets the shell, a missing file a 404, a hashed file a year’s cache', async ({
    page,
  }) => {
    const route = await page.request.get('/en/reservations');
    expect(route.status()).toBe(200);
    expect(await route.text()).toContain('<div id="root"></div>');
    expect((await page.request.get('/assets/no-such-file.js')).status()).toBe(404);
    expect((await page.request.get('/no-such-file.png')).status()).toBe(404);
    const html = await (await page.request.get('/en')).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
    const asset = await page.request.get(script, { headers: { 'Accept-Encoding': 'br' } });
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['content-encoding']).toBe('br');
  });
});

test('nginx’s own errors carry the site’s security headers; a precompressed copy asked for by name is a 404', async ({
  page,
  baseURL,
}) => {
  // A request line longer than nginx takes: its own 414 page, before any location.
  const tooLong = await page.request.get(`/${'x'.repeat(9000)}`);
  expect(tooLong.status()).toBe(414);
  // The site's own headers, as on any other answer of the site (a missing file's 404 here).
  const missing = await page.request.get('/no-such-file.png');
  for (const header of ['content-security-policy', 'x-content-type-options', 'referrer-policy'])
    expect(tooLong.headers()[header], header).toBe(missing.headers()[header]);
  expect(tooLong.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  const html = await (await page.request.get('/en')).text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
  for (const path of ['/index.html.br', '/index.html.gz', `${script}.br`, `${script}.gz`]) {
    const copy = await page.request.get(path);
    expect(copy.status(), path).toBe(404);
    expect(copy.headers()['content-type'], path).not.toBe('application/octet-stream');
  }
  expect(baseURL).toBeTruthy();
});

test('across origins the API’s paths are a 404 on the web origin, never the app’s shell', async ({
  page,
}, testInfo) => {
  test.skip(
    topologyOf(testInfo.project.name) !== 'cross-origin',
    'on the same origin they are the API',
  );
  for (const path of ['/api/branches', '/api/dev/clock', '/dev/bank-broker', '/docs']) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(404);
    expect(await answer.text(), path).not.toContain('<div id="root">');
  }
});

test('a body over the API’s limit gets the API’s translated 413 through nginx, every time', async ({
  page,
}, testInfo) => {
  test.skip(
    topologyOf(testInfo.project.name) !== 'same-origin',
    'only the same origin proxies the API',
  );
  const body = JSON.stringify({ code: 'x'.repeat(2 * 1024 * 1024) });
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) {
    const answer = await page.request.post('/api/campaign-codes/check', {
      headers: { ...API_HEADERS, 'Content-Type': 'application/json', 'Accept-Language': 'fi' },
      data: body,
    });
    statuses.push(answer.status());
    if (answer.status() === 413) expect((await answer.json()).Code).toBe('payload-too-large');
  }
  expect(statuses).toEqual(Array(20).fill(413));
});

test('the smoke check a team runs on its deployment passes here, as on the dev server', async ({
  baseURL,
}) => {
  for (const url of [baseURL ?? '', apiURL]) {
    const checks = await smokeCheck({ url });
    expect(
      checks.filter((check) => !check.ok),
      formatChecks(url, checks),
    ).toEqual([]);
  }
});

/** A bank login's start sent to `url` from a loopback address of its own (another client). */
function bankStartFrom(url: string, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ bankId: 1, returnPath: '/fi' });
    const request = httpRequest(
      `${url}/api/auth/bank`,
      {
        method: 'POST',
        localAddress,
        headers: { ...API_HEADERS, 'content-type': 'application/json' },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

test('behind nginx each client has a rate-limit bucket of its own: client B’s first login start is 200 after client A’s 429', async ({
  baseURL,
}, testInfo) => {
  test.skip(
    topologyOf(testInfo.project.name) !== 'same-origin',
    'only the same origin proxies the API',
  );
  // Two clients of the site: loopback addresses of their own, as nginx sees them.
  let status = 0;
  for (let i = 0; i < 40 && status !== 429; i++)
    status = await bankStartFrom(baseURL ?? '', '127.0.0.2');
  expect(status).toBe(429);
  expect(await bankStartFrom(baseURL ?? '', '127.0.0.3')).toBe(200);
});

/** Books a check-up at Helsinki Kamppi with any practitioner; returns the slot's name. */
async function bookCheckUp(page: Page): Promise<string> {
  await page.goto('/en/reservation');
  await page.getByRole('radio', { name: 'Private customer' }).click();
  await next(page).click();
  await page.getByRole('button', { name: /^Dental check-up/ }).click();
  await expect(stepHeading(page, 'Choose the clinic')).toBeVisible();
  await chooseClinic(page, 'Helsinki Kamppi');
  await next(page).click();
  // The practitioners' portraits come from the API host (proxied, or its own origin).
  await page.getByRole('button', { name: 'Choose a practitioner' }).click();
  const portrait = page.locator('img[src*="/images/employees/"]').first();
  await expect(portrait).toBeVisible();
  await expect
    .poll(() => portrait.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Any available practitioner' }).click();
  const slot = await pickFirstSlot(page);
  await fillAddress(page);
  await next(page).click();
  await expect(stepHeading(page, 'Check and confirm')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm the booking' }).click();
  // The seed's patient has a check-up a week ahead: the duplicate rule asks first.
  await answerKeepBoth(page);
  await expect(stepHeading(page, 'Thank you for your booking')).toBeVisible();
  return slot;
}

test('a patient logs in with bank ID and returns to the deployed portal', async ({
  page,
  baseURL,
}) => {
  await page.goto('/en/login?returnTo=/en/about');
  await page.getByRole('list', { name: 'Banks' }).getByRole('button').first().click();
  await expect(page).toHaveURL(/\/dev\/bank-broker/);
  await page.getByRole('button', { name: /\(maija\)/ }).click();
  await expect(page).toHaveURL(/\/en\/about$/);
  expect(new URL(page.url()).origin).toBe(baseURL);
  await expect(page.getByRole('heading', { level: 1, name: 'About the service' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Log out' }),
  ).toBeVisible();
});

test('a patient books an appointment and finds it in their appointments', async ({
  page,
  loginAs,
}) => {
  test.slow();
  await loginAs('patient');
  const slot = await bookCheckUp(page);
  await expectNoA11yViolations(page);
  const time = /\d{2}:\d{2}/.exec(slot)?.[0] ?? '';
  expect(time).not.toBe('');
  await page.goto('/en/reservations');
  await expect(page.getByRole('heading', { level: 1, name: 'My appointments' })).toBeVisible();
  const upcoming = page.getByRole('list', { name: 'Upcoming', exact: true });
  await expect(
    upcoming
      .getByRole('listitem')
      .filter({ hasText: ` at ${time}` })
      .first(),
  ).toBeVisible();
});

test('a patient chats and the professional’s answer arrives live', async ({
  page,
  request,
  loginAs,
  baseURL,
}, testInfo) => {
  test.slow();
  // A Tuesday morning: the chat is open (weekdays 8–16); a session is valid from the clock's now.
  const clock = await request.put('/api/dev/clock', {
    headers: API_HEADERS,
    data: { now: '2026-12-01T10:00:00+02:00', frozen: false },
  });
  expect(clock.ok()).toBe(true);
  await loginAs('patient');
  await page.goto('/en/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  await page.getByRole('radio', { name: /Oral health/ }).check();
  await page.getByRole('textbox', { name: 'Your message' }).fill('My gums bleed when I brush.');
  const streamRequest = page.waitForRequest((r) =>
    /\/api\/chat\/conversations\/\d+\/events/.test(r.url()),
  );
  await page.getByRole('button', { name: 'Start the conversation' }).click();
  // The pages call the API where the deployment says: this origin, or the API host's.
  const cross = topologyOf(testInfo.project.name) === 'cross-origin';
  expect(new URL((await streamRequest).url()).origin).toBe(cross ? apiURL : baseURL);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('My gums bleed when I brush.')).toBeVisible();
  // Over the event stream (through nginx unbuffered, or from the API host), without a reload.
  const answers = log.getByRole('listitem').filter({ hasNotText: /^(You|Chat service)/ });
  await expect(answers.first()).toBeVisible({ timeout: 15_000 });
});
