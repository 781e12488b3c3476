import type { Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from '../fixtures.ts';
import { choosableTimes } from '../booking-steps.ts';

// The journeys change the patient's reservations, each in a sandbox of its own laid from the seed;
// each picks whichever reservation qualifies.
// Clinic times are Finnish local times (FINLAND.md).
test.use({ timezoneId: 'Europe/Helsinki' });

const upcomingList = (page: Page) => page.getByRole('list', { name: 'Upcoming', exact: true });

/** The upcoming reservation cards that still offer the given action. */
function cardsWith(page: Page, action: string): Locator {
  return upcomingList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: action, exact: true }) });
}

async function openReservations(page: Page): Promise<void> {
  await page.goto('/en/reservations');
  await expect(page.getByRole('heading', { level: 1, name: 'My appointments' })).toBeVisible();
  await expect(upcomingList(page)).toBeVisible();
}

test.beforeEach(async ({ loginAs }) => {
  await loginAs('patient');
});

test('a patient reschedules a reservation to another free time', async ({ page }) => {
  await openReservations(page);
  const card = cardsWith(page, 'Change time').first();
  const title = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
  await card.getByRole('button', { name: 'Change time' }).click();

  const dialog = page.getByRole('dialog', { name: 'Change the time' });
  await expect(dialog).toBeVisible();
  const freeDays = dialog.getByRole('button', { name: /available times$/ });
  await expect(freeDays.first()).toBeVisible();
  await freeDays.last().click();
  const slots = dialog.getByRole('list', { name: /^Available times on/ });
  const slot = choosableTimes(slots).first();
  // The slot's name is "<day> HH:mm, <practitioner>" as in the booking wizard.
  const time = /\d{2}:\d{2}/.exec((await slot.getAttribute('aria-label')) ?? '')?.[0] ?? '';
  expect(time).not.toBe('');
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Move the appointment' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^The appointment was moved to .* at \d{2}:\d{2}\.$/)).toBeVisible();
  const moved = upcomingList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: title }) })
    .filter({ hasText: ` at ${time}` });
  await expect(moved.first()).toBeVisible();
});

test('a patient cancels a future reservation outside 24 hours', async ({ page }) => {
  await openReservations(page);
  const cancellable = cardsWith(page, 'Cancel appointment');
  const before = await cancellable.count();
  expect(before).toBeGreaterThan(0);
  await cancellable.first().getByRole('button', { name: 'Cancel appointment' }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Cancel this appointment?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, cancel' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('The appointment is cancelled.')).toBeVisible();
  await expect(cancellable).toHaveCount(before - 1);
  await page.getByRole('tab', { name: 'Past' }).click();
  await expect(
    page.getByRole('list', { name: 'Past', exact: true }).getByText('Cancelled').first(),
  ).toBeVisible();
});

test('a reservation inside 24 hours shows the clinic phone and no actions', async ({ page }) => {
  await openReservations(page);
  const locked = upcomingList(page)
    .getByRole('listitem')
    .filter({ hasText: 'Changes by phone only' });
  // The seed has one (the test's own sandbox); `first` reads it whatever else is listed.
  await expect(locked.first()).toBeVisible();
  const first = locked.first();
  await expect(first.getByRole('link', { name: /^\+?[0-9 ]+$/ })).toHaveAttribute('href', /^tel:/);
  await expect(first.getByText(/up to 24 hours before they start/)).toBeVisible();
  // No reservation inside 24 h offers an action: only its calendar file, which changes nothing.
  for (const name of ['Change time', 'Cancel appointment', 'Confirm']) {
    await expect(locked.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(first.getByRole('button')).toHaveText(['Add to calendar']);
});

test('my reservations and the visit history have no accessibility violations', async ({ page }) => {
  await openReservations(page);
  await expectNoA11yViolations(page);
  await page.getByRole('tab', { name: 'To be confirmed' }).click();
  await expect(page.getByRole('tabpanel', { name: 'To be confirmed' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto('/en/history');
  await expect(page.getByRole('heading', { level: 1, name: 'Visit history' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Completed visits' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a patient books a past visit again: its service, clinic and practitioner, straight to the time', async ({
  page,
}) => {
  test.slow();
  await openReservations(page);
  await page.getByRole('tab', { name: 'Past' }).click();
  const visit = page
    .getByRole('list', { name: 'Past', exact: true })
    .getByRole('listitem')
    .filter({ hasNotText: 'Not yet assigned' })
    .filter({ has: page.getByRole('link', { name: /^Book again: / }) })
    .first();
  const service = (await visit.getByRole('heading', { level: 2 }).textContent()) ?? '';
  await visit.getByRole('link', { name: /^Book again: / }).click();

  // Three steps fewer: the time step, its heading focused, the address without the query.
  const heading = page.getByRole('heading', { level: 2, name: 'Choose the date and time' });
  await expect(heading).toBeFocused();
  await expect(page).toHaveURL(/\/en\/reservation\/slot$/);
  await expectNoA11yViolations(page);
  const slots = page.getByRole('list', { name: /^Available times on/ });
  for (let attempt = 0; attempt < 10 && !(await slots.isVisible()); attempt += 1) {
    await expect(page.getByText('Loading the times…')).toHaveCount(0);
    if (await slots.isVisible()) break;
    await page.getByRole('button', { name: 'Next day' }).click();
  }
  await choosableTimes(slots).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your details' })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Check and confirm' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(service);
});
