import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect } from './fixtures.ts';

// The steps of the booking wizard as a patient takes them in English, shared by the journeys
// (tests/) and the deployed site's (deployed/).

// The machine is shared by several people's runs: first screens (lazy routes and texts) may
// take longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 10_000 });

export const stepHeading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 2, name, exact: typeof name === 'string' });

export const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
/** The clinic step's field (it opens the searchable list); `name` in the page's language. */
export const locationPicker = (page: Page, name: string | RegExp = 'Clinic') =>
  page.getByRole('combobox', { name, exact: typeof name === 'string' });

/** The open clinic list. */
export const clinicList = (page: Page) => page.getByRole('listbox');

/**
 * Chooses a clinic or city from the clinic step's searchable list by the start of its name:
 * "Helsinki Kamppi", "Helsinki – all clinics". Opens the list, taps the row, waits for it to close.
 */
export async function chooseClinic(
  page: Page,
  start: string,
  field: Locator = locationPicker(page),
): Promise<void> {
  await field.click();
  const escaped = start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await clinicList(page)
    .getByRole('option', { name: new RegExp(`^${escaped}(\\s|$)`) })
    .first()
    .click();
  await expect(clinicList(page)).toHaveCount(0);
}

/**
 * The times of a list a patient can choose: a time at which they already have an appointment is
 * listed but disabled (issue 54), and which times those are depends on the seed's moment (its
 * acute visit lies 1–23 hours ahead: on a Sunday, among Monday's first times).
 */
export const choosableTimes = (list: Locator) => list.getByRole('button', { disabled: false });

/** On the slot step: moves to the first day with free times and returns its slot list. */
export async function firstFreeSlots(page: Page): Promise<Locator> {
  await expect(stepHeading(page, 'Choose the date and time')).toBeVisible();
  const slots = page.getByRole('list', { name: /^Available times on/ });
  for (let attempt = 0; attempt < 10 && !(await slots.isVisible()); attempt += 1) {
    await expect(page.getByText('Loading the times…')).toHaveCount(0);
    if (await slots.isVisible()) break;
    await page.getByRole('button', { name: 'Next day' }).click();
  }
  await expect(slots).toBeVisible();
  return slots;
}

export async function pickFirstSlot(page: Page): Promise<string> {
  const first = choosableTimes(await firstFreeSlots(page)).first();
  const name = (await first.getAttribute('aria-label')) ?? '';
  // One tap on a time goes on to the details (the list says so).
  await first.click();
  await expect(stepHeading(page, 'Your details')).toBeVisible();
  return name;
}

export async function fillAddress(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: /Street address/ }).fill('Esimerkkikatu 1');
  await page.getByRole('textbox', { name: /Postal code/ }).fill('00100');
  await page.getByRole('textbox', { name: /^City/ }).fill('Helsinki');
}

export async function answerKeepBoth(page: Page): Promise<void> {
  await expect(page.getByText('You already have a time booked for this service')).toBeVisible();
  await page.getByRole('button', { name: 'Keep both' }).click();
}

/** The words of `checkUpAtKamppiUntil`, in the page's language (journey-words.ts has them). */
interface CheckUpWords {
  next: string;
  checkUp: string | RegExp;
  clinic: string | RegExp;
  anyPractitioner: string | RegExp;
}

/**
 * From the service step on: a check-up at Helsinki Kamppi with anyone free, then a day forward
 * (`nextDay`, the button's name) until `times` shows, at most ten days.
 */
export async function checkUpAtKamppiUntil(
  page: Page,
  words: CheckUpWords,
  times: Locator,
  nextDay: string,
): Promise<void> {
  await page.getByRole('button', { name: words.checkUp }).click();
  await chooseClinic(page, 'Helsinki Kamppi', locationPicker(page, words.clinic));
  await page.getByRole('button', { name: words.next, exact: true }).click();
  await page.getByRole('button', { name: words.anyPractitioner }).click();
  for (let attempt = 0; attempt < 10 && !(await times.isVisible()); attempt += 1) {
    await page.waitForTimeout(300);
    if (!(await times.isVisible())) await page.getByRole('button', { name: nextDay }).click();
  }
}
