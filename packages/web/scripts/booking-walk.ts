/**
 * The booking as a patient makes it on a phone (issue 36): from the landing page to a booked time
 * on a 390 × 844 touch screen, in fi, sv and en, signed in and signed out (the bank login on the
 * way), on the production build served by the dev server with dev mode off. For every step it
 * counts the taps, the typed fields and the scrolls needed to reach what is tapped or typed, and
 * measures the interaction to next paint of the step's main action with the CPU slowed 4× (Chrome
 * DevTools Protocol; the Event Timing API's duration of the slowest event of that interaction).
 * Prints a table per walk and the totals; saves reports/bench/booking-walk.json. Run after
 * `vite build` (part of `pnpm bench`); `--lang fi --signed-in` limits it to one walk. Each
 * language is also walked signed in the fastest way to the earliest time (issue 32): the clinic
 * step's "first available time in <city>" instead of Next and the practitioner step; and by a
 * first-time patient signed out (issue 54: the bank login, then the terms gate over the booking,
 * his details from the patient record), and by a parent signed in for their 7-year-old (issue 55:
 * the person chosen after the login, one tap more than booking for oneself). With `--screenshots`
 * it also saves the screen at the start of each step (reports/bench/booking-walk/).
 *
 * Taps and typed fields are what the patient does, not timing: the same build gives the same
 * counts. The interaction times are a measurement and only reported.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ElementHandle, Page } from 'puppeteer-core';
import bookingEn from '../src/features/booking/locales/en.json' with { type: 'json' };
import bookingFi from '../src/features/booking/locales/fi.json' with { type: 'json' };
import bookingSv from '../src/features/booking/locales/sv.json' with { type: 'json' };
import stepsEn from '../src/features/booking/booking-steps/locales/en.json' with { type: 'json' };
import stepsFi from '../src/features/booking/booking-steps/locales/fi.json' with { type: 'json' };
import stepsSv from '../src/features/booking/booking-steps/locales/sv.json' with { type: 'json' };
import profileEn from '../src/features/profile/locales/en.json' with { type: 'json' };
import profileFi from '../src/features/profile/locales/fi.json' with { type: 'json' };
import profileSv from '../src/features/profile/locales/sv.json' with { type: 'json' };
import { devSession } from '@portal/devserver/http';
import { serveBuild } from './served-build.ts';

type Language = 'fi' | 'sv' | 'en';
const texts = {
  fi: { ...bookingFi, ...stepsFi, firstLogin: profileFi.firstLogin },
  sv: { ...bookingSv, ...stepsSv, firstLogin: profileSv.firstLogin },
  en: { ...bookingEn, ...stepsEn, firstLogin: profileEn.firstLogin },
};
/** The seed's check-up and its clinic, as each language names them. */
const CHECK_UP: Record<Language, string> = {
  fi: 'Hammastarkastus',
  sv: 'Tandundersökning',
  en: 'Dental check-up',
};
const CLINIC = 'Helsinki Kamppi';
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };

const root = fileURLToPath(new URL('../../../', import.meta.url));
const dist = fileURLToPath(new URL(`../${process.env.WEB_DIST ?? 'dist'}/`, import.meta.url));
const argLanguage = process.argv.includes('--lang')
  ? process.argv[process.argv.indexOf('--lang') + 1]
  : undefined;
/** `--screenshots`: each step as the screen shows it, in reports/bench/booking-walk/. */
const screenshotDir = process.argv.includes('--screenshots')
  ? `${root}reports/bench/booking-walk`
  : null;
if (screenshotDir !== null) mkdirSync(screenshotDir, { recursive: true });
/**
 * Who walks: the returning patient Maija signed in, Maija signed out (the bank login on the way),
 * Maija signed in the fastest way, and the first-time patient Eero signed out (issue 54: the bank
 * login and the terms gate on the way, his details from the patient record).
 */
type Who = 'returning' | 'first-time' | 'guardian';
interface WalkPlan {
  language: Language;
  signedIn: boolean;
  earliest: boolean;
  who: Who;
}
const walks: WalkPlan[] = (['fi', 'sv', 'en'] as const)
  .filter((language) => argLanguage === undefined || language === argLanguage)
  .flatMap((language): WalkPlan[] =>
    process.argv.includes('--signed-in')
      ? [{ language, signedIn: true, earliest: false, who: 'returning' }]
      : [
          { language, signedIn: true, earliest: false, who: 'returning' },
          { language, signedIn: false, earliest: false, who: 'returning' },
          { language, signedIn: true, earliest: true, who: 'returning' },
          { language, signedIn: false, earliest: false, who: 'first-time' },
          { language, signedIn: true, earliest: false, who: 'guardian' },
        ],
  );
/** The dev server's test users (its seed) and their bank users. */
const TEST_USERS: Record<Who, { devKey: string; bankUser: string }> = {
  returning: { devKey: 'patient', bankUser: 'maija' },
  'first-time': { devKey: 'first-login', bankUser: 'eero' },
  // Issue 55: Pekka Perhe books for his daughter Aino (7), chosen after the login.
  guardian: { devKey: 'guardian', bankUser: 'pekka' },
};

interface StepRow {
  step: string;
  taps: number;
  typed: number;
  scrolls: number;
  /** The main action's interaction to next paint, ms (null when the browser reported none). */
  inp: number | null;
}

/** Collects Event Timing entries (every interaction over 16 ms) in each document. */
const OBSERVE_EVENTS = () => {
  const store: { start: number; duration: number; id: number }[] = [];
  (window as unknown as { __events: typeof store }).__events = store;
  new PerformanceObserver((list) => {
    // interactionId is newer than TypeScript's DOM types.
    for (const entry of list.getEntries() as (PerformanceEventTiming & {
      interactionId?: number;
    })[]) {
      if (entry.interactionId) {
        store.push({ start: entry.startTime, duration: entry.duration, id: entry.interactionId });
      }
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
};

class Walk {
  rows: StepRow[] = [];
  private row: StepRow | null = null;

  constructor(
    private readonly page: Page,
    /** A path prefix for step screenshots, or null. */
    private readonly screenshots: string | null,
  ) {}

  /** Starts a step; with `--screenshots` saves what the screen shows when it begins. */
  async begin(step: string): Promise<void> {
    this.row = { step, taps: 0, typed: 0, scrolls: 0, inp: null };
    this.rows.push(this.row);
    if (this.screenshots === null || step === 'landing') return;
    await new Promise((resolve) => setTimeout(resolve, 400));
    const name = `${String(this.rows.length).padStart(2, '0')}-${step.replace(/ /g, '-')}.png`;
    await this.page.screenshot({ path: `${this.screenshots}-${name}` });
  }

  private get current(): StepRow {
    if (this.row === null) throw new Error('no step begun');
    return this.row;
  }

  /** Brings an element into view, counting a scroll when the patient would need one. */
  private async reach(element: ElementHandle): Promise<void> {
    // In view: inside the window and inside every box that scrolls or clips it (a list's).
    const visible = await element.evaluate((node) => {
      const box = node.getBoundingClientRect();
      let top = 0;
      let bottom = window.innerHeight;
      for (let outer = node.parentElement; outer !== null; outer = outer.parentElement) {
        if (/auto|scroll|hidden/.test(getComputedStyle(outer).overflowY)) {
          const clip = outer.getBoundingClientRect();
          top = Math.max(top, clip.top);
          bottom = Math.min(bottom, clip.bottom);
        }
      }
      return box.top >= top && box.bottom <= bottom && box.height > 0;
    });
    if (!visible) {
      this.current.scrolls += 1;
      await element.evaluate((node) => node.scrollIntoView({ block: 'center' }));
    }
  }

  async find(selector: string, timeout = 30_000): Promise<ElementHandle> {
    const element = await this.page.waitForSelector(selector, { visible: true, timeout });
    if (element === null) throw new Error(`not found: ${selector}`);
    return element;
  }

  /** One tap on what the selector finds; `main` measures its interaction to next paint. */
  async tap(selector: string, options: { main?: boolean; then?: () => Promise<unknown> } = {}) {
    const element = await this.find(selector);
    await this.reach(element);
    this.current.taps += 1;
    const since = await this.page.evaluate(() => performance.now());
    await element.tap();
    await options.then?.();
    if (options.main) this.current.inp = await this.slowestSince(since);
  }

  /**
   * The clinic field's list (issue 54): the patient taps the field open and taps the row that
   * starts with `clinic`, scrolling the list if the row is out of view; nothing when the field
   * comes with that clinic chosen (their own clinic).
   */
  async chooseClinic(clinic: string): Promise<void> {
    const field = await this.find('main button[role="combobox"]');
    const chosen = await field.evaluate(
      (node, text) => node.textContent?.includes(text) ?? false,
      clinic,
    );
    if (chosen) return;
    await this.reach(field);
    this.current.taps += 1;
    await field.tap();
    const row = await this.find(`[role="listbox"] [role="option"] ::-p-text(${clinic})`);
    await this.reach(row);
    this.current.taps += 1;
    await row.tap();
    await this.page.waitForSelector('[role="listbox"]', { hidden: true, timeout: 30_000 });
  }

  /** Types into a field (one typed field, and the tap that focuses it). */
  async type(selector: string, text: string): Promise<void> {
    const element = await this.find(selector);
    await this.reach(element);
    this.current.taps += 1;
    this.current.typed += 1;
    await element.tap();
    await element.evaluate((node) => {
      (node as HTMLInputElement).select();
    });
    await element.type(text);
  }

  /** Whether a field is already filled (from the identity or the profile). */
  async isFilled(selector: string): Promise<boolean> {
    const element = await this.page.$(selector);
    return (
      element !== null &&
      (await element.evaluate((node) => (node as HTMLInputElement).value !== ''))
    );
  }

  /** The longest event of the interactions after `since` (waits for them to be reported). */
  private async slowestSince(since: number): Promise<number | null> {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return this.page.evaluate((start) => {
      const events = (window as unknown as { __events?: { start: number; duration: number }[] })
        .__events;
      const durations = (events ?? []).filter((e) => e.start >= start).map((e) => e.duration);
      return durations.length === 0 ? null : Math.max(...durations);
    }, since);
  }
}

/** The step's address; the first step's is the booking's own, `/reservation`. */
const stepUrl = (page: Page, step: string) =>
  page.waitForFunction(
    (path) => location.pathname.endsWith(path),
    { timeout: 30_000 },
    step === 'customer-type' ? '/reservation' : `/reservation/${step}`,
  );

/** One walk from the landing page to the thank-you page. */
async function walkBooking(
  page: Page,
  { language, signedIn, earliest, who }: WalkPlan,
): Promise<StepRow[]> {
  const t = texts[language];
  const walk = new Walk(
    page,
    screenshotDir === null
      ? null
      : `${screenshotDir}/${language}-${signedIn ? 'in' : 'out'}${earliest ? '-earliest' : ''}${who === 'returning' ? '' : `-${who}`}`,
  );
  const button = (label: string) => `::-p-aria([name="${label}"][role="button"])`;
  const next = button(t.actions.next);

  await walk.begin('landing');
  await page.goto(`${origin}/${language}`, { waitUntil: 'networkidle0' });
  if (who === 'guardian') {
    // The person choice after the login (issue 55): one tap on the child.
    await walk.begin('person');
    await walk.tap(`[role="dialog"] button ::-p-text(Aino Perhe)`, {
      main: true,
      then: () => page.waitForSelector('[role="dialog"]', { hidden: true }),
    });
  }
  await walk.tap(`main a[href$="/reservation"]`, {
    main: true,
    then: () => stepUrl(page, 'customer-type'),
  });

  await walk.begin('customer type');
  // The private customer comes chosen (issue 54): a tap only if it did not.
  const privately = 'input[type="radio"][value="private"], [role="radio"][value="private"]';
  await walk.find(privately);
  const chosen = await page
    .waitForFunction(
      (selector) =>
        document.querySelector(selector)?.getAttribute('aria-checked') === 'true' ||
        document.querySelector<HTMLInputElement>(selector)?.checked === true,
      { timeout: 5_000 },
      privately,
    )
    .then(() => true)
    .catch(() => false);
  if (!chosen) await walk.tap(privately);
  await walk.tap(next, { main: true, then: () => stepUrl(page, 'reason') });

  await walk.begin('service');
  // One tap on a service goes on to the location.
  await walk.tap(`main button[aria-pressed] ::-p-text(${CHECK_UP[language]})`, {
    main: true,
    then: () => stepUrl(page, 'branch'),
  });

  await walk.begin('clinic');
  await walk.chooseClinic(CLINIC);
  if (earliest) {
    // "First available time – Helsinki": the city's earliest time, anyone, in one tap.
    const title = t.firstFree.shortcut.split(' – ')[0] ?? '';
    await walk.tap(`main button ::-p-text(${title})`, {
      main: true,
      then: () => stepUrl(page, 'slot'),
    });
  } else {
    await walk.tap(next, { main: true, then: () => stepUrl(page, 'practitioner') });
    await walk.begin('practitioner');
    await walk.tap(button(t.practitioner.skip), { main: true, then: () => stepUrl(page, 'slot') });
  }

  await walk.begin('time');
  // One tap on a time goes on to the details.
  await walk.tap(`ul[aria-label] button[aria-pressed]`, {
    main: true,
    then: () => stepUrl(page, 'details'),
  });

  if (!signedIn) {
    // The details step offers the strong login first: the identity fills the name and code.
    await walk.begin('login');
    await walk.tap(`main ${button(t.loginRequired.login)}`, {
      main: true,
      then: () =>
        page.waitForFunction(() => location.pathname.endsWith('/login'), { timeout: 30_000 }),
    });
    // The dev server's bank broker stands in for the bank (a dev-mode feature): the two taps at
    // the bank are those of a real bank's choose-and-confirm.
    served.state.settings.devMode = true;
    try {
      await walk.tap('main ul[aria-label] li button', {
        then: () => page.waitForFunction(() => location.pathname.startsWith('/dev/bank-broker')),
      });
      await walk.tap(`button[name="user"][value="${TEST_USERS[who].bankUser}"]`, {
        then: () => stepUrl(page, 'details'),
      });
    } finally {
      served.state.settings.devMode = false;
    }
  }

  if (who === 'first-time') {
    // The terms gate stands on the details step (spec §2), the booking kept above it: the
    // checkbox, then "accept and continue the booking" (issue 54).
    await walk.begin('terms');
    await walk.tap('#first-login-termsAccepted');
    await walk.tap(button(t.firstLogin.continueBooking), {
      main: true,
      then: () => page.waitForSelector('input[autocomplete="email"]', { timeout: 30_000 }),
    });
  }

  await walk.begin('details');
  const fields: [string, string][] = [
    ['given-name', 'Testi'],
    ['family-name', 'Potilas'],
    ['email', 'testi.potilas@example.fi'],
    ['tel', '040 123 4567'],
    ['street-address', 'Esimerkkikatu 1'],
    ['postal-code', '00100'],
    ['address-level2', 'Helsinki'],
  ];
  for (const [autocomplete, value] of fields) {
    const selector = `input[autocomplete="${autocomplete}"]`;
    if ((await page.$(selector)) !== null && !(await walk.isFilled(selector))) {
      await walk.type(selector, value);
    }
  }
  await walk.tap(next, { main: true, then: () => stepUrl(page, 'confirm') });

  await walk.begin('confirm');
  await walk.tap(button(t.actions.book), { main: true, then: () => stepUrl(page, 'thank-you') });
  return walk.rows;
}

const served = await serveBuild(dist);
const { origin, token, browser, close } = served;
const guardianSession = devSession(served.state, 'guardian');
if (!guardianSession.ok) throw new Error('The seed has no guardian test user');
const guardianToken = guardianSession.value.access_token;

/**
 * Each walk is the booking of a check-up the patient does not have yet: the walker's check-ups
 * not yet started (the seed's, a week ahead, and those the walks before booked) go first, so that
 * the duplicate question (issue 32: "keep both, or move that one here") is not part of the walk.
 * The e2e journeys walk that question. Other reservations stay, so that Maija's previous booking's
 * address still fills the details. The first-time patient has not accepted the terms yet (a walk
 * before accepted them).
 */
function readyForTheWalk(who: Who): void {
  const { db, clock } = served.state;
  const { devKey } = TEST_USERS[who];
  // The guardian books for Aino: hers are the check-ups that would ask "keep both?".
  const patient =
    who === 'guardian'
      ? db.user.findFirst({
          where: { firstName: { equals: 'Aino' }, lastName: { equals: 'Perhe' } },
        })
      : db.user.findFirst({ where: { devKey: { equals: devKey } } });
  if (!patient) throw new Error(`The seed has no test user ${devKey}`);
  db.reservation.deleteMany({
    where: {
      userId: { equals: patient.id },
      reasonId: { equals: 1 },
      startMs: { gt: clock.nowMs() },
    },
  });
  if (who === 'first-time') {
    db.user.update({
      where: { id: { equals: patient.id } },
      data: { termsVersion: null, privacyVersion: null },
    });
  }
}
const results: (WalkPlan & { rows: StepRow[] })[] = [];
try {
  for (const plan of walks) {
    const { language, signedIn } = plan;
    readyForTheWalk(plan.who);
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport(VIEWPORT);
    await page.evaluateOnNewDocument(OBSERVE_EVENTS);
    if (signedIn) {
      const signedInAs = plan.who === 'guardian' ? guardianToken : token;
      await page.evaluateOnNewDocument((value) => {
        localStorage.setItem('access_token', value);
      }, signedInAs);
    }
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    try {
      results.push({ ...plan, rows: await walkBooking(page, plan) });
    } catch (error) {
      const shot = `${root}reports/bench/booking-walk-failed.png`;
      mkdirSync(`${root}reports/bench`, { recursive: true });
      await page.screenshot({ path: shot, fullPage: true });
      console.error(`The ${language} walk stopped at ${page.url()} (screenshot: ${shot})`);
      throw error;
    } finally {
      await context.close();
    }
  }
} finally {
  await close();
}

const total = (rows: StepRow[], key: 'taps' | 'typed' | 'scrolls') =>
  rows.reduce((sum, row) => sum + row[key], 0);
console.log(
  `Booking on a 390 × 844 phone, CPU ${CPU_SLOWDOWN}× slower: taps, typed fields, scrolls, interaction to next paint`,
);
/** A walk's heading: who walks, and how. */
const walkName = ({ signedIn, earliest, who }: WalkPlan): string =>
  who === 'first-time'
    ? 'a first-time patient, signed out (bank login and the terms on the way)'
    : who === 'guardian'
      ? 'a parent for their 7-year-old, signed in (the person chosen on the way)'
      : `${signedIn ? 'signed in' : 'signed out (bank login on the way)'}${earliest ? ', the city’s first available time (one tap)' : ''}`;
for (const result of results) {
  const { language, rows } = result;
  console.log(`\n### ${language}, ${walkName(result)}`);
  console.log('| step | taps | typed | scrolls | main action INP |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.step} | ${row.taps} | ${row.typed} | ${row.scrolls} | ${row.inp === null ? '–' : `${row.inp} ms`} |`,
    );
  }
  const worst = Math.max(...rows.map((row) => row.inp ?? 0));
  console.log(
    `| **total** | **${total(rows, 'taps')}** | **${total(rows, 'typed')}** | **${total(rows, 'scrolls')}** | worst ${worst} ms |`,
  );
}
// The walks side by side: the first-time patient's beside the returning patient's (issue 54).
const languagesWalked = [...new Set(results.map((result) => result.language))];
console.log(`\n### All walks: taps / typed fields / scrolls`);
console.log(`| walk | ${languagesWalked.join(' | ')} |`);
console.log(`|---|${languagesWalked.map(() => '---|').join('')}`);
for (const name of [...new Set(results.map(walkName))]) {
  const cells = languagesWalked.map((language) => {
    const result = results.find((r) => r.language === language && walkName(r) === name);
    if (result === undefined) return '–';
    const { rows } = result;
    return `${total(rows, 'taps')} / ${total(rows, 'typed')} / ${total(rows, 'scrolls')}`;
  });
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}
mkdirSync(`${root}reports/bench`, { recursive: true });
writeFileSync(
  `${root}reports/bench/booking-walk.json`,
  `${JSON.stringify({ cpuSlowdown: CPU_SLOWDOWN, viewport: VIEWPORT, results }, null, 2)}\n`,
);
