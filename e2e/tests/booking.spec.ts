import type { Page } from '@playwright/test';
import { API_HEADERS, expect, expectNoA11yViolations, test } from '../fixtures.ts';
import { bookingJourneys } from '../booking-journey-kit.ts';
import {
  choosableTimes,
  chooseClinic,
  fillAddress,
  firstFreeSlots,
  next,
  stepHeading,
} from '../booking-steps.ts';

// The journeys book the seed's first free slot, each in a sandbox of its own.
// Clinic times are Finnish local times (FINLAND.md).
bookingJourneys(test);

/** Runs an axe scan when asked (the step's content has rendered first). */
async function scan(page: Page, axe: boolean): Promise<void> {
  if (axe) await expectNoA11yViolations(page);
}

/** From /en/reservation to the details step: private customer, check-up, Kamppi, anyone, first free slot. */
async function chooseUntilDetails(page: Page, axe = false): Promise<string> {
  await page.goto('/en/reservation');
  await expect(stepHeading(page, 'Who pays for the treatment?')).toBeVisible();
  await expect(page.locator('[aria-current="step"]')).toContainText('Customer type');
  await page.getByRole('radio', { name: 'Private customer' }).click();
  await scan(page, axe);
  await next(page).click();

  await expect(stepHeading(page, 'Choose the service')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/reservation\/reason$/);
  await scan(page, axe);
  // One tap on the service goes on.
  await page.getByRole('button', { name: /^Dental check-up/ }).click();

  await expect(stepHeading(page, 'Choose the clinic')).toBeVisible();
  await chooseClinic(page, 'Helsinki Kamppi');
  await scan(page, axe);
  await next(page).click();

  await expect(stepHeading(page, 'Choose a practitioner (optional)')).toBeVisible();
  await scan(page, axe);
  await page.getByRole('button', { name: 'Any available practitioner' }).click();

  const slots = await firstFreeSlots(page);
  const first = choosableTimes(slots).first();
  const slotName = (await first.getAttribute('aria-label')) ?? '';
  expect(slotName).toMatch(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{2}:\d{2}, \S+/);
  await scan(page, axe);
  // One tap on a time goes on to the details (the list says so).
  await first.click();
  await expect(stepHeading(page, 'Your details')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/reservation\/details$/);
  return slotName;
}

test('A signed-in patient books a free slot end to end, and every step is axe-clean', async ({
  page,
  loginAs,
}) => {
  // Seven steps and axe scans on a machine shared with others.
  test.slow();
  await loginAs('patient');
  const slotName = await chooseUntilDetails(page, true);
  // The name and identity code come from the identity, read-only and the code masked.
  const identity = page.getByRole('region', { name: 'From your identification' });
  await expect(identity).toContainText('Maija Meikäläinen');
  await expect(identity).toContainText('150385-****');
  // The address comes from the patient's previous booking; without a street the step refuses.
  const street = page.getByRole('textbox', { name: /Street address/ });
  await expect(street).not.toHaveValue('');
  await street.fill('');
  await next(page).click();
  // The error summary takes the focus; its links lead to the fields.
  await expect(page.locator('[data-error-summary]')).toBeFocused();
  await expect(
    page.getByRole('link', { name: 'Street address: Please fill in this field.' }),
  ).toBeVisible();
  await scan(page, true);
  await fillAddress(page);
  await next(page).click();

  await expect(stepHeading(page, 'Check and confirm')).toBeVisible();
  await expect(page.getByText('Cancellation policy')).toBeVisible();
  // The first free time may be less than 24 hours away (then it said so itself).
  await expect(
    page.getByText(
      slotName.endsWith('Changes by phone only')
        ? /less than 24 hours away: once booked, it cannot be moved or cancelled online/
        : /free of charge until 24 hours before/,
    ),
  ).toBeVisible();
  await scan(page, true);
  await page.getByRole('button', { name: 'Confirm the booking' }).click();
  // Maija has a check-up a week ahead: the duplicate rule asks first; she keeps both.
  await expect(page.getByText('You already have a time booked for this service')).toBeVisible();
  await scan(page, true);
  await page.getByRole('button', { name: 'Keep both' }).click();

  await expect(stepHeading(page, 'Thank you for your booking')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/reservation\/thank-you$/);
  // What was booked stays on the page, with a map and the calendar file (no bare database id as
  // a reference: issue 54).
  const booked = page.getByRole('region', { name: 'Your booking' });
  await expect(booked.getByText('Dental check-up', { exact: true })).toBeVisible();
  await expect(booked.getByText('Booking reference')).toHaveCount(0);
  await expect(booked.getByRole('link', { name: /Show on a map/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\//,
  );
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  expect((await download).suggestedFilename()).toMatch(/^reservation-\d+\.ics$/);
  await scan(page, true);
});

test('A signed-out visitor is asked to log in and returns with every choice kept', async ({
  page,
  request,
}) => {
  // Seven steps and axe scans on a machine shared with others.
  test.slow();
  await chooseUntilDetails(page);
  await page.getByRole('textbox', { name: /First name/ }).fill('Maija');
  await page.getByRole('textbox', { name: /Last name/ }).fill('Meikäläinen');
  await page.getByRole('textbox', { name: /Email/ }).fill('maija@example.fi');
  await page.getByRole('textbox', { name: /Phone number/ }).fill('040 123 4567');
  await fillAddress(page);
  await next(page).click();
  await page.getByRole('button', { name: 'Confirm the booking' }).click();

  await expect(stepHeading(page, 'Log in to finish the booking')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/login\?returnTo=/);
  const returnTo = new URL(page.url()).searchParams.get('returnTo');
  expect(returnTo).toBe('/en/reservation/confirm');

  // Log in with the dev session, then come back.
  const response = await request.post('/api/dev/session', {
    headers: API_HEADERS,
    data: { user: 'patient' },
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  await page.evaluate((value) => localStorage.setItem('access_token', value), token);
  await page.goto(returnTo ?? '/en/reservation/confirm');

  await expect(stepHeading(page, 'Check and confirm')).toBeVisible();
  await expect(page.getByText('Dental check-up', { exact: true })).toBeVisible();
  // The profile's contact details are on the booking (issue 54); the typed ones are kept, offered
  // instead, and taken when chosen.
  await expect(page.getByText('maija.meikalainen@example.fi, +358401000001')).toBeVisible();
  await page.getByRole('button', { name: 'Use these instead' }).click();
  await expect(page.getByText('maija@example.fi, 040 123 4567')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm the booking' }).click();
  // Maija has a check-up a week ahead: she keeps both.
  await page.getByRole('button', { name: 'Keep both' }).click();
  await expect(stepHeading(page, 'Thank you for your booking')).toBeVisible();
});

test('Finnish calendars start their weeks on Monday and English ones on Sunday', async ({
  page,
}) => {
  await chooseUntilDetails(page);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(stepHeading(page, 'Choose the date and time')).toBeVisible();
  const firstWeekday = page.getByRole('grid').locator('th.rdp-weekday').first();
  await expect(firstWeekday).toHaveAttribute('aria-label', 'Sunday');
  await expect(firstWeekday).toHaveText('S');
  // An English calendar numbers no weeks; a Finnish one does (ISO weeks, spec §2).
  await expect(page.getByRole('rowheader')).toHaveCount(0);

  // The same step in Finnish: the choices are kept, the calendar follows the language.
  await page.goto('/fi/reservation/slot');
  await expect(stepHeading(page, 'Valitse päivä ja aika')).toBeVisible();
  await expect(firstWeekday).toHaveAttribute('aria-label', 'maanantai');
  await expect(firstWeekday).toHaveText('M');
  const weeks = page.getByRole('rowheader');
  await expect(weeks.first()).toHaveAccessibleName(/^Viikko \d{1,2}$/);
  await expect(weeks.first()).toHaveText(/^\d{1,2}$/);
  await expectNoA11yViolations(page);
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Every step's main action is on the screen without scrolling, and never covers the focused field", async ({
    page,
    loginAs,
  }) => {
    test.slow();
    await loginAs('patient');
    /** Checked before the tap: Playwright's own click would scroll to it. */
    const onScreen = async (name: string) => {
      const action = page.getByRole('button', { name, exact: true });
      await expect(action).toBeInViewport();
      await action.click();
    };
    await page.goto('/en/reservation');
    await expect(stepHeading(page, 'Who pays for the treatment?')).toBeVisible();
    await page.getByRole('radio', { name: 'Private customer' }).click();
    await onScreen('Next');
    await expect(stepHeading(page, 'Choose the service')).toBeVisible();
    // No dead Next while nothing is chosen (issue 54).
    await expect(next(page)).toHaveCount(0);
    // Each service is its own action: the first is on the screen, and one tap goes on.
    await expect(
      page
        .getByRole('group', { name: /^Service/ })
        .getByRole('button')
        .first(),
    ).toBeInViewport();
    await page.getByRole('button', { name: /^Dental check-up/ }).click();
    await expect(stepHeading(page, 'Choose the clinic')).toBeVisible();
    await chooseClinic(page, 'Helsinki Kamppi');
    await onScreen('Next');
    await expect(stepHeading(page, 'Choose a practitioner (optional)')).toBeVisible();
    await onScreen('Any available practitioner');
    await expect(stepHeading(page, 'Choose the date and time')).toBeVisible();
    await expect(next(page)).toHaveCount(0);
    // Each time is its own action: the first is on the screen, and one tap goes on.
    const slot = choosableTimes(page.getByRole('list', { name: /^Available times on/ })).first();
    await expect(slot).toBeInViewport();
    await slot.click();
    await expect(stepHeading(page, 'Your details')).toBeVisible();
    await expect(next(page)).toBeInViewport();
    // Tab through the form: each field focused is scrolled clear of the actions (WCAG 2.4.11).
    const bar = page.locator('[data-step-actions]');
    await page.getByRole('textbox', { name: /Email/ }).focus();
    for (let field = 0; field < 8; field += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const box = document.activeElement?.getBoundingClientRect();
        return box
          ? { top: box.top, bottom: box.bottom, tag: document.activeElement?.tagName }
          : null;
      });
      const barBox = await bar.boundingBox();
      if (focused === null || barBox === null || focused.tag === 'BUTTON') continue;
      expect(focused.bottom, `field ${field + 2} above the actions`).toBeLessThanOrEqual(barBox.y);
    }
    await page.getByRole('textbox', { name: /Street address/ }).fill('Esimerkkikatu 1');
    await page.getByRole('textbox', { name: /Postal code/ }).fill('00100');
    await page.getByRole('textbox', { name: /^City/ }).fill('Helsinki');
    await onScreen('Next');
    await expect(stepHeading(page, 'Check and confirm')).toBeVisible();
    await onScreen('Confirm the booking');
    // Maija has a check-up a week ahead: the question's answers are in the bar, on the screen.
    await onScreen('Keep both');
    await expect(stepHeading(page, 'Thank you for your booking')).toBeVisible();
  });

  test('The wizard fits the screen without sideways scrolling and is operable by keyboard', async ({
    page,
  }) => {
    // Seven steps and axe scans on a machine shared with others.
    test.slow();
    await page.goto('/en/reservation');
    await expect(stepHeading(page, 'Who pays for the treatment?')).toBeVisible();
    // Keyboard only: focus the radio group, choose with Space, then Tab to Next and press Enter.
    await page.getByRole('radio', { name: 'Private customer' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('radio', { name: 'Private customer' })).toBeChecked();
    await next(page).focus();
    await page.keyboard.press('Enter');
    await expect(stepHeading(page, 'Choose the service')).toBeVisible();

    await chooseUntilDetails(page);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(stepHeading(page, 'Choose the date and time')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
  });
});
