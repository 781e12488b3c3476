import type { Page } from '@playwright/test';
import { API_HEADERS, expect, expectNoA11yViolations, resetServer, test } from '../fixtures.ts';

declare global {
  interface Window {
    /** The app's API client, exposed by the QA toolbar in dev mode. */
    portalClient?: { GET: (path: string, init: unknown) => Promise<unknown> };
  }
}

// These journeys reset the dev server and switch maintenance on: each in its own sandbox.
// Clinic times are Finnish local times (FINLAND.md).
test.use({ timezoneId: 'Europe/Helsinki' });

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

async function navEntries(page: Page): Promise<string[]> {
  const menu = mainMenu(page);
  await expect(menu).toBeVisible();
  // The menu's entries; its language section (links with hreflang) is tested under 'language'.
  return menu.locator('a:not([hreflang]), button').allInnerTexts();
}

test.describe('login', () => {
  test('A patient logs in with bank ID through the broker and returns to the page they came from', async ({
    page,
  }) => {
    await page.goto('/en/login?returnTo=/en/about');
    const banks = page.getByRole('list', { name: 'Banks' });
    await banks.getByRole('button').first().click();
    await expect(page).toHaveURL(/\/dev\/bank-broker/);
    await page.getByRole('button', { name: /\(maija\)/ }).click();
    await expect(page).toHaveURL(/\/en\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About the service' })).toBeVisible();
    await expect(mainMenu(page).getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('A patient logs in with the mobile certificate and waits for the approval', async ({
    page,
  }) => {
    await page.goto('/en/login');
    await page.getByRole('tab', { name: 'Mobile certificate' }).click();
    await page.getByRole('textbox', { name: /Mobile phone number/ }).fill('+358401000001');
    await page.getByRole('button', { name: 'Send the identification request' }).click();
    await expect(page.getByText('Verification code:')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible({
      timeout: 15_000,
    });
  });

  test('A mobile-certificate login that the phone rejects says so and can be retried', async ({
    page,
  }) => {
    await page.goto('/en/login');
    await page.getByRole('tab', { name: 'Mobile certificate' }).click();
    await page.getByRole('textbox', { name: /Mobile phone number/ }).fill('+358401111111');
    await page.getByRole('button', { name: 'Send the identification request' }).click();
    await expect(page.getByRole('alert')).toContainText('rejected', { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  test('A patient logs in by scanning the QR code with the app', async ({ page, request }) => {
    await page.goto('/en/login');
    await page.getByRole('tab', { name: 'QR code' }).click();
    const qr = page.getByRole('img', { name: 'QR code for logging in' });
    await expect(qr).toBeVisible();
    const qrId = await qr.getAttribute('data-qr-id');
    expect(qrId).toBeTruthy();
    const approval = await request.post(`/api/dev/qr/${qrId}/approve`, {
      headers: API_HEADERS,
      data: { user: 'patient' },
    });
    expect(approval.status()).toBe(204);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible({
      timeout: 10_000,
    });
  });
});

test.describe('language', () => {
  for (const [from, to, heading] of [
    ['/fi/about', '/en/about', 'About the service'],
    ['/fi/login', '/en/login', 'Log in'],
    ['/fi/maintenance', '/en/maintenance', 'Maintenance break'],
    ['/fi/app/qr/ABC123', '/en/app/qr/ABC123', 'Open in the app'],
  ] as const) {
    test(`Switching to English on ${from} keeps the page and swaps only the prefix`, async ({
      page,
    }) => {
      await page.goto(from);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
      await page
        .getByRole('banner')
        .getByRole('link', { name: /In English/ })
        .click();
      await expect(page).toHaveURL(new RegExp(`${to}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await page
        .getByRole('banner')
        .getByRole('link', { name: /Suomeksi/ })
        .click();
      await expect(page).toHaveURL(new RegExp(`${from}$`));
    });
  }

  test('A path without a prefix gets one when the language is switched', async ({ page }) => {
    await page.goto('/about?lng=en');
    await expect(page.getByRole('heading', { level: 1, name: 'About the service' })).toBeVisible();
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Suomeksi/ })
      .click();
    await expect(page).toHaveURL(/\/fi\/about\?lng=en$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tietoa palvelusta' })).toBeVisible();
  });
});

test('On a phone Swedish is two taps from /fi: the menu, then På svenska; the header then says SV', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/fi/about');
  await page.getByRole('button', { name: 'Valikko' }).click();
  await page
    .getByRole('dialog', { name: 'Valikko' })
    .getByRole('link', { name: 'På svenska' })
    .click();
  await expect(page).toHaveURL(/\/sv\/about$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Om tjänsten' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  const toggle = page.getByRole('banner').getByRole('navigation', { name: 'Språk' });
  await expect(toggle.getByText('SV', { exact: true })).toBeVisible();
  // The header still fits the phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test.describe('navigation per role', () => {
  // Spec §2/§6 in English (coupons flag on, English: no events or news). The nav lists only the
  // screens that exist, so it must show a subset of these that includes the shell's own screens.
  const allowed: Record<'signed-out' | 'patient' | 'admin' | 'content-manager', string[]> = {
    'signed-out': ['Book an appointment', 'Log in', 'About the service'],
    patient: [
      'Book an appointment',
      'My appointments',
      'Chat',
      'Visit history',
      'About the service',
      'Benefits',
      'Health questionnaire',
      'Profile',
      'Give feedback',
      'Log out',
    ],
    admin: [],
    'content-manager': [],
  };
  allowed.admin = [...allowed.patient, 'Patients', 'Rules', 'Manage benefits'];
  allowed['content-manager'] = [...allowed.patient, 'Rules', 'Manage benefits'];
  const always: Record<keyof typeof allowed, string[]> = {
    'signed-out': ['Log in', 'About the service'],
    patient: ['About the service', 'Log out'],
    admin: ['About the service', 'Log out'],
    'content-manager': ['About the service', 'Log out'],
  };

  async function expectNavigationOf(page: Page, role: keyof typeof allowed) {
    const shown = await navEntries(page);
    for (const entry of always[role]) expect(shown).toContain(entry);
    for (const entry of shown) expect(allowed[role]).toContain(entry);
  }

  test('A signed-out visitor sees log in and about, and nothing for signed-in users', async ({
    page,
  }) => {
    await page.goto('/en/about');
    await expectNavigationOf(page, 'signed-out');
  });

  for (const user of ['patient', 'admin', 'content-manager'] as const) {
    test(`A signed-in ${user} sees only the entries of their role and no login`, async ({
      page,
      loginAs,
    }) => {
      await loginAs(user);
      await page.goto('/en/about');
      await expect(
        page.getByRole('heading', { level: 1, name: 'About the service' }),
      ).toBeVisible();
      await expectNavigationOf(page, user);
    });
  }

  test('Events and news are Finnish only: the English menu of a patient has neither', async ({
    page,
    loginAs,
  }) => {
    await loginAs('patient');
    await page.goto('/en/about');
    const shown = await navEntries(page);
    expect(shown).not.toContain('Events');
    expect(shown).not.toContain('News');
  });

  test('The toggle is there from 768 to 1080 px and gone from 1081 px, where the menu shows', async ({
    page,
  }) => {
    await page.goto('/en/about');
    for (const width of [768, 1080]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole('button', { name: 'Menu' }), `${width} px`).toBeVisible();
      await expect(mainMenu(page), `${width} px`).toBeHidden();
    }
    for (const width of [1081, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole('button', { name: 'Menu' }), `${width} px`).toBeHidden();
      await expect(mainMenu(page), `${width} px`).toBeVisible();
    }
  });

  test('Below 1081 px the menu opens from a toggle', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/en/about');
    await expect(mainMenu(page)).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog.getByRole('link', { name: 'Log in' })).toBeVisible();
    await dialog.getByRole('link', { name: 'Log in' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/en\/login$/);
  });
});

test.describe('session', () => {
  test('A 401 on the next call logs the user out and goes to the login page', async ({
    page,
    request,
    loginAs,
  }) => {
    await loginAs('patient');
    await page.goto('/en/about');
    await expect(mainMenu(page).getByRole('button', { name: 'Log out' })).toBeVisible();
    await resetServer(request); // ends every session on the server
    await page.reload();
    await expect(page).toHaveURL(/\/en\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });

  test('A maintenance break sends a blocked booking call to the maintenance page with the start time', async ({
    page,
    maintenance,
  }) => {
    await page.goto('/en/about');
    // The QA toolbar (dev mode) exposes the app's own client until the booking screens land.
    await expect(page.getByRole('button', { name: 'QA tools' })).toBeVisible();
    await maintenance.on('2026-11-22T20:00:00+02:00');
    await page.evaluate(async () => {
      await window.portalClient
        ?.GET('/api/availability/month', {
          params: { query: { branchIds: [1], reasonId: 1, month: '2026-12' } },
        })
        .catch(() => undefined);
    });
    await expect(page).toHaveURL(/\/en\/maintenance$/);
    await expect(page.getByText(/starts at 22\.11\.2026 20:00/)).toBeVisible();
  });

  test('A visitor reading a page fetches no session machine; the first interaction does', async ({
    page,
  }) => {
    // The dev-mode flag is as the server will say (dev mode is on in these runs): nothing new.
    await page.addInitScript(() => localStorage.setItem('devMode', 'true'));
    const runtimeChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/session-runtime[^/]*\.js$/.test(new URL(request.url()).pathname)) {
        runtimeChunks.push(request.url());
      }
    });
    await page.goto('/en/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About the service' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(runtimeChunks).toEqual([]);
    await page.keyboard.press('Tab');
    await expect.poll(() => runtimeChunks.length).toBe(1);
  });

  test('After 30 minutes without activity the user is logged out', async ({ page, loginAs }) => {
    await page.clock.install();
    await loginAs('patient');
    await page.goto('/en/about');
    await expect(mainMenu(page).getByRole('button', { name: 'Log out' })).toBeVisible();
    await page.clock.fastForward('30:01');
    await expect(page).toHaveURL(/\/en\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });

  test('A user who has not accepted the terms sees them on every route', async ({
    page,
    loginAs,
  }) => {
    await loginAs('first-login');
    await page.goto('/en/about');
    await expect(page.getByRole('heading', { level: 1, name: /terms/i })).toBeVisible();
    await page.goto('/en/app/qr/ABC');
    await expect(page.getByRole('heading', { level: 1, name: /terms/i })).toBeVisible();
  });
});

test.describe('accessibility', () => {
  // The English pages of every role are the role walks' (a11y-routes.spec.ts: axe, Equal Access
  // and reflow on each); these are the public pages they do not open: in Finnish, unprefixed, and
  // the login's return address.
  test('the unprefixed landing page, the Finnish about and maintenance pages and the login return have no axe violations', async ({
    page,
  }) => {
    for (const path of ['/', '/fi/about', '/fi/maintenance', '/en/login/callback?code=x&state=y']) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.locator('h1')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoA11yViolations(page);
      });
    }
  });

  test('the login methods have no axe violations', async ({ page }) => {
    await page.goto('/en/login');
    for (const tab of ['Mobile certificate', 'QR code']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForLoadState('networkidle');
      await expectNoA11yViolations(page);
    }
  });

  test('the signed-in home, the terms gate and the privacy statement have no axe violations', async ({
    page,
    request,
    loginAs,
  }) => {
    await loginAs('first-login');
    await page.goto('/en');
    await expect(page.getByRole('heading', { level: 1, name: /terms/i })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoA11yViolations(page);
    // The terms gate is the FIRST_LOGIN profile form: its save counts down to a redirect. Its
    // checkbox accepts the privacy policies too, so no privacy-statement screen follows.
    await page.getByRole('checkbox', { name: /accept the terms of use/ }).check();
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await page.getByRole('button', { name: 'Redirect now' }).click();
    // From /en the redirect goes on to the reservation page (spec §4); the home is one step back.
    await expect(page).toHaveURL(/\/en\/reservation/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Book an appointment' }),
    ).toBeVisible();
    await page.goto('/en');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
    await expectNoA11yViolations(page);

    // A year on, a new privacy statement has taken effect (1 October): it has its own screen.
    const clock = await request.get('/api/dev/clock', { headers: API_HEADERS });
    const before = (await clock.json()) as { now: string; frozen: boolean };
    try {
      const moved = await request.put('/api/dev/clock', {
        headers: API_HEADERS,
        data: { now: '2027-10-04T09:00:00+03:00', frozen: true },
      });
      expect(moved.ok()).toBe(true);
      // Tokens follow the dev clock: a new session for the same user, as after a new login.
      const session = await request.post('/api/dev/session', {
        headers: API_HEADERS,
        data: { user: 'first-login' },
      });
      const { access_token: token } = (await session.json()) as { access_token: string };
      await page.evaluate((value) => localStorage.setItem('access_token', value), token);
      await page.reload();
      await expect(
        page.getByRole('heading', { level: 1, name: /privacy statement/i }),
      ).toBeVisible();
      await expectNoA11yViolations(page);
      await page.getByRole('button', { name: 'Accept and continue' }).click();
      await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
    } finally {
      const now = before.frozen ? before.now : new Date().toISOString();
      await request.put('/api/dev/clock', {
        headers: API_HEADERS,
        data: { now, frozen: before.frozen },
      });
    }
  });

  test('the open menu and the QA toolbar at phone width have no axe violations', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/en/about');
    // The toolbar sits below the page's content, never over a control of it.
    const main = await page.locator('#main-content').boundingBox();
    const toolbar = await page.getByRole('complementary', { name: 'Testing tools' }).boundingBox();
    expect(main && toolbar && toolbar.y >= main.y + main.height).toBe(true);
    await page.getByRole('button', { name: 'QA tools' }).click();
    await page.waitForLoadState('networkidle');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
