import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Checker } from 'accessibility-checker-engine';
import type { AxeResults } from 'axe-core';
import {
  expect,
  test as base,
  type APIRequestContext,
  type APIResponse,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { apiURL } from './servers.ts';

export { expect };

/** The dev server's test users (POST /api/dev/session). */
export type TestUser =
  | 'patient'
  | 'first-login'
  | 'survey'
  | 'admin'
  | 'content-manager'
  | 'guardian'
  | 'co-guardian'
  | 'minor'
  | 'mandatary';

/** Every API call carries this header (spec §7); the dev server checks it. */
export const API_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' } as const;

/** Back to the seed: data, clock, maintenance off, scenarios off, all sessions ended. */
/**
 * Chooses the option of a native select whose text starts with `start` (a clinic or practitioner
 * option also says when it is first free: "Helsinki Kamppi, Helsinki (first free time …)").
 */
export async function selectOptionStartingWith(select: Locator, start: string): Promise<void> {
  const escaped = start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const option = select
    .locator('option')
    .filter({ hasText: new RegExp(`^${escaped}( \\(|$)`) })
    .first();
  // By value: the options' texts (and the practitioners offered) change as the times come in.
  const value = await option.getAttribute('value');
  if (value === null) throw new Error(`the option "${start}" has no value`);
  await select.selectOption(value);
}

/**
 * Back to the seed. `at`: the seed is laid at that moment with the dev clock frozen there, so that
 * every page shows the same days, times, names and ids on every run (the accessibility-tree
 * templates compare them).
 */
export async function resetServer(request: APIRequestContext, at?: string): Promise<void> {
  const response = await request.post('/api/dev/reset', {
    headers: API_HEADERS,
    params: at === undefined ? undefined : { at },
  });
  expect(response.status()).toBe(204);
}

/** A session of a test user through the dev API: its access token. */
export async function devToken(request: APIRequestContext, user: TestUser): Promise<string> {
  const response = await request.post('/api/dev/session', { headers: API_HEADERS, data: { user } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The time the booking wizard has chosen and holds (its choices in session storage). */
export async function heldTime(page: Page): Promise<{ slotKey: string; holdId: string }> {
  const stored = await page.evaluate(() => sessionStorage.getItem('booking.choices'));
  const choices = JSON.parse(stored ?? '{}') as { slot?: { key?: string }; hold?: { id: string } };
  expect(choices.slot?.key, 'the wizard has chosen a time').toBeTruthy();
  expect(choices.hold?.id, 'the wizard holds its time').toBeTruthy();
  return { slotKey: choices.slot?.key ?? '', holdId: choices.hold?.id ?? '' };
}

/** Another patient (Siiri, the survey user) tries to book the time through the API. */
export async function bookAsAnotherPatient(
  request: APIRequestContext,
  slotKey: string,
): Promise<APIResponse> {
  const other = await devToken(request, 'survey');
  return request.post('/api/reservations', {
    headers: { ...API_HEADERS, Authorization: `Bearer ${other}` },
    data: {
      slotKey,
      customerType: 'private',
      allowDuplicate: true,
      customer: {
        firstName: 'Siiri',
        lastName: 'Kyselijä',
        email: 'siiri@example.fi',
        phone: '040 100 0003',
        street: 'Testikatu 3',
        postalCode: '00100',
        city: 'Helsinki',
      },
    },
  });
}

export async function setMaintenance(
  request: APIRequestContext,
  body: { active: boolean; startsAt?: string },
): Promise<void> {
  const response = await request.put('/api/dev/maintenance', { headers: API_HEADERS, data: body });
  expect(response.ok()).toBe(true);
}

/**
 * axe-core itself, put into the page for each scan. `@axe-core/playwright` was dropped: its
 * builder finishes every scan in a freshly opened page (to merge frames this portal does not
 * have), about 1.5 s a scan on a 2-core machine against 0.3 s for the same rules run in place.
 */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** Fails the test with the list of axe violations on the current page, if any. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  // A toast fading in has a lower contrast than when it is shown: let it finish first. A toast
  // is mounted at opacity 0 and its fade starts a frame later, so "no toast animation running"
  // alone can be true just before it starts (seen under load): every toast must also be mounted
  // and at full or no opacity.
  await page
    .waitForFunction(
      () =>
        document.getAnimations().every((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          return !target?.closest('[data-sonner-toaster]') || animation.playState !== 'running';
        }) &&
        Array.from(document.querySelectorAll<HTMLElement>('[data-sonner-toast]')).every((toast) => {
          const opacity = Number(getComputedStyle(toast).opacity);
          return toast.dataset.mounted === 'true' && (opacity === 0 || opacity === 1);
        }),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  // Only violations are read: axe skips collecting passes and incomplete results (much quicker).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    // Every rule, as the builder ran them; only violations are read.
    () =>
      (
        window as unknown as {
          axe: { run: (context: Document, options: object) => Promise<AxeResults> };
        }
      ).axe.run(document, { resultTypes: ['violations'] }),
  );
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n  ${violation.nodes
        .map((node) => node.target.join(' '))
        .join('\n  ')}`,
  );
  expect(summary, summary.join('\n')).toEqual([]);
}

/**
 * IBM's Equal Access rules (`accessibility-checker-engine`), a second engine beside axe (issue
 * 31): put into the page for each scan, as axe is, and run with the `IBM_Accessibility` policy
 * (WCAG 2.2 A and AA, with IBM's own requirements on top).
 */
const aceSource = readFileSync(
  createRequire(import.meta.url).resolve('accessibility-checker-engine/ace.js'),
  'utf8',
);

/**
 * Fails the test with the Equal Access violations on the current page, if any. Only failures of
 * rules at the violation level count: "potential" results ask a person to look (decision 028
 * records what was looked at and why they stay) and recommendations are advice.
 */
export async function expectNoEqualAccessViolations(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'ace' in window))) await page.evaluate(aceSource);
  const failures = await page.evaluate(async () => {
    // A result's `value` is [policy level, outcome], e.g. ['VIOLATION', 'FAIL'].
    const { ace } = window as unknown as { ace: { Checker: typeof Checker } };
    const report = await new ace.Checker().check(document, ['IBM_Accessibility']);
    return report.results
      .filter((result) => result.value[0] === 'VIOLATION' && result.value[1] === 'FAIL')
      .map(
        (result) =>
          `${result.ruleId} (${result.reasonId}): ${result.message}\n  ${result.path.dom}\n  ${result.snippet.slice(0, 160)}`,
      );
  });
  expect(failures, failures.join('\n')).toEqual([]);
}

/** The text spacing a user may set (WCAG 1.4.12), as the W3C's bookmarklet applies it. */
const TEXT_SPACING = `*:not(svg *) { line-height: 1.5 !important; letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }`;

/** What scrolls sideways or cuts text off on the page now: the page's width, clipped texts. */
function reflowProblems(): { width: number; clipped: string[] } {
  const clipped: string[] = [];
  for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
    const style = getComputedStyle(element);
    const hidesX = /hidden|clip/.test(style.overflowX);
    const hidesY = /hidden|clip/.test(style.overflowY);
    if (!hidesX && !hidesY) continue;
    // Visually hidden texts (for screen readers) are clipped on purpose.
    if (style.clip === 'rect(0px, 0px, 0px, 0px)' || element.classList.contains('sr-only'))
      continue;
    const box = element.getBoundingClientRect();
    if (box.width <= 2 || box.height <= 2 || !element.textContent?.trim()) continue;
    if (
      (hidesX && element.scrollWidth > element.clientWidth + 1) ||
      (hidesY && element.scrollHeight > element.clientHeight + 1)
    )
      clipped.push(
        `<${element.tagName.toLowerCase()}> "${element.textContent.trim().slice(0, 40)}"`,
      );
  }
  return { width: document.documentElement.scrollWidth, clipped };
}

/**
 * WCAG 1.4.10 and 1.4.12 on the current page: at 320 CSS px wide nothing scrolls sideways, and
 * with the text spacing of 1.4.12 nothing does either and no text is cut off. The viewport is set
 * back afterwards and the spacing removed.
 */
export async function expectReflow(page: Page, where: string): Promise<void> {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 720 });
  try {
    const plain = await page.evaluate(reflowProblems);
    expect(plain.width, `${where} at 320 px scrolls sideways`).toBeLessThanOrEqual(320);
    const style = await page.addStyleTag({ content: TEXT_SPACING });
    const spaced = await page.evaluate(reflowProblems);
    await style.evaluate((element) => (element as Element).remove());
    expect(
      spaced.width,
      `${where} at 320 px with text spacing scrolls sideways`,
    ).toBeLessThanOrEqual(320);
    expect(spaced.clipped, `${where} with text spacing cuts text off`).toEqual([]);
  } finally {
    if (viewport) await page.setViewportSize(viewport);
  }
}

/**
 * The sandbox of a test on the one dev server (decision 024): its own data, clock, scenarios,
 * outbox and sessions, laid from the seed on its first request, so tests run side by side in any
 * order, on any worker or shard, without reading each other's clock or booking each other's
 * times. Every request of the page and of `request` carries it; a retry gets a new one. A hook
 * (beforeAll) gets one of its own.
 */
export function testSandbox(testInfo: TestInfo): string {
  // Dots, not dashes: the log scan takes a run of 40 letters, digits, - and _ for a token.
  const id = testInfo.testId.replaceAll('-', '.') || `w${testInfo.workerIndex}.hook`;
  return `e2e.${id}.r${testInfo.retry}`.slice(0, 64);
}

/** Drops a test's sandbox when the test is over: a tester's server keeps no leftovers. */
async function dropSandbox(name: string): Promise<void> {
  const response = await fetch(`${apiURL}/api/dev/sandboxes/${encodeURIComponent(name)}`, {
    method: 'DELETE',
    headers: API_HEADERS,
  });
  // 404: the test never reached the server (a check of static files only).
  if (response.status !== 204 && response.status !== 404)
    throw new Error(`dropping the sandbox ${name}: ${response.status} ${await response.text()}`);
}

interface ShellFixtures {
  /** The test's sandbox on the dev server (testSandbox). */
  sandbox: string;
  /** Signs in as a test user before the next navigation: the token goes to localStorage once. */
  loginAs: (user: TestUser) => Promise<string>;
  /** Turns maintenance off after the test, whatever happened. */
  maintenance: { on: (startsAt?: string) => Promise<void> };
}

/**
 * Whether the page can be used: a prerendered page reads before its JavaScript has run, but its
 * tabs, menus and forms answer only once the app has taken it over (`data-app-ready`). A person
 * sees the page settle; a journey waits for the mark, or its first tap would go nowhere.
 */
async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const html = document.documentElement;
      // A visitor's page that starts its app on first use holds a tap until then (decision 015).
      const waitsForUse =
        html.getAttribute('data-start') === 'intent' && !html.hasAttribute('data-dev-mode');
      return (
        !html.hasAttribute('data-prerendered') || html.hasAttribute('data-app-ready') || waitsForUse
      );
    },
    undefined,
    { timeout: 15_000 },
  );
}

export const test = base.extend<ShellFixtures>({
  // Set up first and torn down last, after the browser context and `request` that name it.
  sandbox: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      const name = testSandbox(testInfo);
      await use(name);
      await dropSandbox(name);
    },
    { auto: true },
  ],
  extraHTTPHeaders: async ({ extraHTTPHeaders, sandbox }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Dev-Sandbox': sandbox });
  },
  // The cookie too, as a tester's browser has it: a request the page sends as it goes away (the
  // hold's release, `keepalive`) leaves without the extra headers, but with the cookies. The
  // context is closed before the sandbox is dropped, so that no last request of its pages (the QA
  // toolbar's clock) makes the sandbox again.
  context: async ({ context, baseURL, sandbox }, use) => {
    if (baseURL) {
      await context.addCookies([{ name: 'X-Dev-Sandbox', value: sandbox, url: baseURL }]);
    }
    await use(context);
    await context.close();
  },
  // Navigations wait for a prerendered page to be taken over (not with JavaScript off).
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await appReady(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        await appReady(page);
        return response;
      };
    }
    await use(page);
  },
  loginAs: async ({ page, request }, use) => {
    await use(async (user) => {
      const response = await request.post('/api/dev/session', {
        headers: API_HEADERS,
        data: { user },
      });
      expect(response.ok()).toBe(true);
      const { access_token: token } = (await response.json()) as { access_token: string };
      await page.addInitScript((value) => {
        if (sessionStorage.getItem('e2e-token-set') === null) {
          localStorage.setItem('access_token', value);
          sessionStorage.setItem('e2e-token-set', 'yes');
        }
      }, token);
      return token;
    });
  },
  maintenance: async ({ request }, use) => {
    await use({ on: (startsAt) => setMaintenance(request, { active: true, startsAt }) });
    await setMaintenance(request, { active: false });
  },
});

/** Presses Tab (or Shift+Tab) until the target has the focus, as a keyboard user moves. */
export async function tabTo(page: Page, target: Locator, backwards = false): Promise<void> {
  await expect(target, 'one element to tab to').toHaveCount(1);
  for (let presses = 0; presses < 80; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false))
      return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target.toString()} was not reached with the keyboard`);
}
