import type { APIRequestContext, Page } from '@playwright/test';
import { API_HEADERS, expect as baseExpect, type test } from './fixtures.ts';
import {
  answerKeepBoth,
  chooseClinic,
  fillAddress,
  next,
  pickFirstSlot,
  stepHeading,
} from './booking-steps.ts';

/**
 * What the booking journeys (tests/booking-*.spec.ts) share: the seed's facts they rely on and the
 * steps several of them take.
 */

// The machine is shared by several people's runs: first screens (lazy routes and texts) may
// take longer than the default 5 s.
export const expect = baseExpect.configure({ timeout: 10_000 });

/** The seed's valid service voucher (the dev server's start-up lines). */
export const VOUCHER = 'PSV-2026-004512';
/** The seed's clinic phone (GET /api/config `clinicPhone`). */
export const CLINIC_PHONE = '010 555 1000';
/** Turku Keskusta (branch 14) in the seed, and a point a few hundred metres from it. */
export const NEAR_TURKU_KESKUSTA = { latitude: 60.4525, longitude: 22.2701 };

export interface DevClock {
  now: string;
  frozen: boolean;
}

/** Freezes the test's dev clock at `now` (its sandbox, so no other test is moved with it). */
export async function moveClock(request: APIRequestContext, now: string): Promise<void> {
  const response = await request.put('/api/dev/clock', {
    headers: API_HEADERS,
    data: { now, frozen: true },
  });
  expect(response.ok()).toBe(true);
}

export async function setScenario(
  request: APIRequestContext,
  name: string,
  enabled: boolean,
): Promise<void> {
  const response = await request.put(`/api/dev/scenarios/${name}`, {
    headers: API_HEADERS,
    data: { enabled },
  });
  expect(response.ok()).toBe(true);
}

export interface Booked {
  id: number;
  startTime: string;
}

/**
 * Books the first free check-up time of a day at Helsinki Kamppi (branch 1) through the API, in
 * English (the messages about it come in the language of the request).
 */
export async function bookThroughApi(
  request: APIRequestContext,
  token: string,
  date: string,
  language: 'fi' | 'sv' | 'en' = 'en',
): Promise<Booked> {
  const day = await request.get(
    `/api/availability/day?branchIds=1&reasonId=1&customerType=private&date=${date}`,
    { headers: API_HEADERS },
  );
  expect(day.ok()).toBe(true);
  const slot = ((await day.json()) as { slots: { key: string }[] }).slots[0];
  if (slot === undefined) throw new Error(`no free time on ${date}`);
  return bookSlotThroughApi(request, token, slot.key, language);
}

/**
 * Books a free slot for Maija through the API (the messages about it come in the language of
 * the request). A journey's setup: she may have another check-up near it (the duplicate rule).
 */
export async function bookSlotThroughApi(
  request: APIRequestContext,
  token: string,
  slotKey: string,
  language: 'fi' | 'sv' | 'en' = 'en',
): Promise<Booked> {
  const created = await request.post('/api/reservations', {
    headers: { ...API_HEADERS, 'Accept-Language': language, Authorization: `Bearer ${token}` },
    data: {
      slotKey,
      customerType: 'private',
      allowDuplicate: true,
      customer: {
        firstName: 'Maija',
        lastName: 'Meikäläinen',
        email: 'maija@example.fi',
        phone: '040 100 0001',
        street: 'Testikatu 1',
        postalCode: '00100',
        city: 'Helsinki',
      },
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as Booked;
}

export async function choosePrivateCheckUp(page: Page): Promise<void> {
  await page.goto('/en/reservation');
  await page.getByRole('radio', { name: 'Private customer' }).click();
  await next(page).click();
  await expect(stepHeading(page, 'Choose the service')).toBeVisible();
  // One tap on the service goes on.
  await page.getByRole('button', { name: /^Dental check-up/ }).click();
  await expect(stepHeading(page, 'Choose the clinic')).toBeVisible();
}

/**
 * The test patient Maija has a check-up a week ahead: booking another check-up within 14 days
 * asks first (the duplicate rule). `keepBoth` answers it; without, no question may come.
 */
export async function confirmAndExpectThanks(
  page: Page,
  { keepBoth = false }: { keepBoth?: boolean } = {},
): Promise<void> {
  await expect(stepHeading(page, 'Check and confirm')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm the booking' }).click();
  if (keepBoth) await answerKeepBoth(page);
  await expect(stepHeading(page, 'Thank you for your booking')).toBeVisible();
  await expect(page.getByText('Your appointment is booked')).toBeVisible();
}

// ---- Journeys -----------------------------------------------------------------------------

/**
 * A check-up at Kamppi, any practitioner, the first free time, up to the review. A visitor types
 * their details; a signed-in patient's come from the profile and only the address is added.
 */
export async function bookUpToReview(page: Page, as: 'visitor' | 'patient'): Promise<string> {
  await choosePrivateCheckUp(page);
  await chooseClinic(page, 'Helsinki Kamppi');
  await next(page).click();
  await page.getByRole('button', { name: 'Any available practitioner' }).click();
  const slot = await pickFirstSlot(page);
  if (as === 'visitor') {
    await page.getByRole('textbox', { name: /First name/ }).fill('Vieras');
    await page.getByRole('textbox', { name: /Last name/ }).fill('Varaaja');
    await page.getByRole('textbox', { name: /Email/ }).fill('vieras@example.fi');
    await page.getByRole('textbox', { name: /Phone number/ }).fill('040 765 4321');
  }
  await fillAddress(page);
  await next(page).click();
  await expect(stepHeading(page, 'Check and confirm')).toBeVisible();
  return slot;
}

/** The review still shows the choices made before the detour. */
export async function expectChoicesKept(page: Page, slot: string): Promise<void> {
  await expect(stepHeading(page, 'Check and confirm')).toBeVisible();
  const review = page.getByRole('main');
  await expect(review).toContainText('Dental check-up');
  await expect(review).toContainText('Helsinki Kamppi');
  // The slot button's name holds its time (`… 08:00–08:30`): the review shows the same time.
  const time = /\d{2}:\d{2}/.exec(slot)?.[0] ?? '';
  expect(time).not.toBe('');
  await expect(review).toContainText(time);
}

/** The bank login through the dev broker, as the given test person. */
export async function bankLogin(page: Page, bankUser: string, banks = 'Banks'): Promise<void> {
  await page.getByRole('list', { name: banks }).getByRole('button').first().click();
  await expect(page).toHaveURL(/\/dev\/bank-broker/);
  await page.getByRole('button', { name: new RegExp(`\\(${bankUser}\\)`) }).click();
}

/** The focused element shows a focus indicator (an outline or a ring). */
export async function expectVisibleFocus(page: Page): Promise<void> {
  const verdict = await page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return 'nothing focused';
    if (!element.matches(':focus-visible')) return `${element.tagName} is not :focus-visible`;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return outline || ring ? 'visible' : `${element.tagName} has no focus indicator`;
  });
  expect(verdict).toBe('visible');
}

/**
 * A booking spec's file-level setup (call it at the top of the file): its journeys run in Finnish
 * local time (FINLAND.md). Each starts from the seed in a sandbox of its own (fixtures.ts), so a
 * clock moved, a preset switched on or a time booked ends with the test.
 */
export function bookingJourneys(fileTest: typeof test): void {
  fileTest.use({ timezoneId: 'Europe/Helsinki' });
  fileTest.beforeEach(async ({ request }) => clearOfTheAcuteVisit(request));
}

/**
 * The sandbox's clock moved on to 10:00 two days after the seed's moment, and running: the seed
 * lays Maija's acute visit 1–23 hours after that moment, which on a Sunday is among Monday's first
 * times, the very times a journey picks first. Two days on it is past, so the first free time is
 * free for her too (a visitor who logs in as her would otherwise be told, rightly, that she
 * already has an appointment then). Her check-up a week ahead stays within the 14 days of the
 * duplicate question.
 */
export async function clearOfTheAcuteVisit(request: APIRequestContext): Promise<void> {
  const clock = (await (
    await request.get('/api/dev/clock', { headers: API_HEADERS })
  ).json()) as DevClock;
  const day = new Date(Date.parse(clock.now) + 2 * 86_400_000).toISOString().slice(0, 10);
  const response = await request.put('/api/dev/clock', {
    headers: API_HEADERS,
    data: { now: new Date(`${day}T10:00:00+02:00`).toISOString(), frozen: false },
  });
  expect(response.ok()).toBe(true);
}
