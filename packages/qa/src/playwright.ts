import { randomUUID } from 'node:crypto';
import { expect, test as base, type Page } from '@playwright/test';
import { createDevClient, type DevClient, type TestUser } from './client.ts';

/** The cookie twin of `X-Dev-Sandbox`: a page's requests as it goes away carry no extra headers. */
const SANDBOX_COOKIE = 'X-Dev-Sandbox';

export interface QaFixtures {
  /** This test's sandbox: a fresh state from the seed, dropped when the test ends. */
  sandbox: string;
  /** The dev controls, in this test's sandbox. */
  dev: DevClient;
  /**
   * Signs in as a test user before the page's next load (the token goes to `localStorage` once)
   * and gives the token, for calls of the test's own.
   */
  signInAs: (user: TestUser) => Promise<string>;
  /** Waits until the page can be used (`appReady(page)`): after a `goto`, a `reload`, a click that loads a page. */
  appReady: () => Promise<void>;
}

/**
 * Waits until the page can be used: the portal has taken it over, which it marks with
 * `data-app-ready` on `<html>` once it has rendered (or hydrated) its first page. Before that a
 * prerendered page reads but its buttons do nothing, and in mock mode (MSW in the browser) the
 * API is not there yet; after it, a tap works and a call the test makes in the page
 * (`page.evaluate(() => fetch('/api/…'))`) gets the API's answer. Every page load starts over:
 * wait again after a `goto`, a `reload` or a click that loads a page. A prerendered page that
 * starts its app on first use (`data-start="intent"`, outside dev mode) is used as it is: it
 * holds a tap until its app has started.
 */
export async function appReady(page: Page, options: { timeout?: number } = {}): Promise<void> {
  await page.waitForFunction(
    () => {
      const html = document.documentElement;
      const waitsForUse =
        html.hasAttribute('data-prerendered') &&
        html.getAttribute('data-start') === 'intent' &&
        !html.hasAttribute('data-dev-mode');
      return html.hasAttribute('data-app-ready') || waitsForUse;
    },
    undefined,
    { timeout: options.timeout ?? 15_000 },
  );
}

/**
 * Playwright's `test` with the dev server's QA fixtures. Every test works in a sandbox of its own
 * (`X-Dev-Sandbox` on every request of its pages and of `request`, and as a cookie), so tests in
 * any number of workers move their own clock, book the same time and switch scenarios without
 * meeting. Set `use.baseURL` to the dev server.
 */
export const test = base.extend<QaFixtures>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  sandbox: async ({}, use) => {
    await use(`qa-${randomUUID()}`);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, sandbox }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Dev-Sandbox': sandbox });
  },
  context: async ({ context, baseURL, sandbox }, use) => {
    if (baseURL) await context.addCookies([{ name: SANDBOX_COOKIE, value: sandbox, url: baseURL }]);
    await use(context);
  },
  dev: async ({ baseURL, sandbox }, use) => {
    if (!baseURL) {
      throw new Error('@portal/qa: set use.baseURL to the dev server (http://127.0.0.1:3000)');
    }
    const dev = createDevClient({ baseURL, sandbox });
    await use(dev);
    await dev.drop();
  },
  appReady: async ({ page }, use) => {
    await use(() => appReady(page));
  },
  signInAs: async ({ dev, page }, use) => {
    await use(async (user) => {
      const token = await dev.signIn(user);
      await page.addInitScript((value) => {
        if (sessionStorage.getItem('qa-token-set') === null) {
          localStorage.setItem('access_token', value);
          sessionStorage.setItem('qa-token-set', 'yes');
        }
      }, token);
      return token;
    });
  },
});

export { expect };
export * from './index.ts';
