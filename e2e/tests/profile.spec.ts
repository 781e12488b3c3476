import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from '../fixtures.ts';

// These journeys accept the terms, answer the survey and delete an account, each in a sandbox of
// its own laid from the seed, so that every other journey finds the test users as seeded.
// A loaded machine and several axe scans per journey need more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

/**
 * Stops the page's clock (installed before the page loaded) so that a countdown waits while it is
 * checked; `page.clock.runFor` then moves it on. It stops a moment ahead of the page's own time
 * (nothing counts down yet); on a loaded machine that moment may have passed by the time the
 * command arrives ("Cannot fast-forward to the past"), so it is asked again with a wider margin.
 */
async function pauseClock(page: Page): Promise<void> {
  for (const margin of [100, 1_000, 5_000]) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + margin);
      return;
    } catch (error) {
      if (!String(error).includes('past') || margin === 5_000) throw error;
    }
  }
}

/**
 * The axe scan while the clock is paused: axe schedules its own work with timers, so the clock
 * is nudged a millisecond at a time until the scan is done (the countdown barely moves).
 */
async function scanWhilePaused(page: Page): Promise<void> {
  let scanning = true;
  const nudging = (async () => {
    // A failed scan ends the test and closes the page: then the nudging just stops.
    while (scanning) await page.clock.runFor(1).catch(() => (scanning = false));
  })();
  try {
    await expectNoA11yViolations(page);
  } finally {
    scanning = false;
    await nudging;
  }
}

async function openProfile(page: Page): Promise<void> {
  await page.goto('/en/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Favourite clinic' })).toBeVisible();
}

test('a first-time user accepts the terms in the first-login profile and is redirected', async ({
  page,
  loginAs,
}) => {
  await loginAs('first-login');
  await page.clock.install();
  await page.goto('/en/reservation');
  await expect(page.getByRole('heading', { level: 1, name: /terms of use/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Terms of use text' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Favourite clinic' })).toBeVisible();
  await expectNoA11yViolations(page);

  const terms = page.getByRole('checkbox', { name: /I have read and accept the terms/ });
  await page.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(terms).toHaveAttribute('aria-invalid', 'true');
  await expect(terms).toHaveAccessibleDescription(
    /You have to accept the terms and privacy policies to continue\./,
  );
  // The error summary at the top takes the focus; its link leads to the checkbox.
  await expect(page.locator('[data-error-summary]')).toBeFocused();
  await page
    .getByRole('link', { name: /You have to accept the terms and privacy policies to continue/ })
    .click();
  await expect(terms).toBeFocused();
  await expectNoA11yViolations(page);

  await terms.check();
  await page
    .getByRole('checkbox', { name: 'I would like to receive offers and news by email' })
    .check();
  await pauseClock(page);
  await page.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(page.getByText('Thank you! Your choices were saved.')).toBeVisible();
  await expect(page.getByText(/redirected in 10 seconds/)).toBeVisible();
  await scanWhilePaused(page);
  // The countdown ticks each second.
  await page.clock.runFor(2_000);
  await expect(page.getByText(/redirected in [1-8] seconds?\./)).toBeVisible();
  await page.clock.resume();
  await page.getByRole('button', { name: 'Redirect now' }).click();

  // Spec §4: /en/reservation is one of the paths returned to. The checkbox accepted the privacy
  // policies as well: the booking page follows, with no second privacy-statement screen.
  await expect(page).toHaveURL(/\/en\/reservation(\/customer-type)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /terms of use/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /privacy statement/ })).toHaveCount(0);
});

test('the survey dialog for a user asked to update the profile counts down and redirects', async ({
  page,
  loginAs,
}) => {
  await loginAs('survey');
  await page.clock.install();
  await page.goto('/en');
  const dialog = page.getByRole('dialog', { name: 'Customer survey' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Hello Siiri,/)).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Favourite clinic' })).toBeVisible();
  await expectNoA11yViolations(page);

  await dialog.getByRole('checkbox', { name: 'Dental implants' }).check();
  await dialog.getByRole('checkbox', { name: 'General oral health' }).check();
  await pauseClock(page);
  await dialog.getByRole('button', { name: 'Save answers' }).click();
  await expect(dialog.getByText('Thank you for your answers!')).toBeVisible();
  await expect(dialog.getByText(/redirected in 10 seconds/)).toBeVisible();
  await scanWhilePaused(page);
  await page.clock.runFor(3_000);
  await expect(dialog.getByText(/redirected in [1-7] seconds?\./)).toBeVisible();
  await page.clock.resume();
  await dialog.getByRole('button', { name: 'Redirect now' }).click();

  // From the front page in a language: on to the reservation page in it (spec §4).
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/en\/reservation/);
  await page.reload();
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Customer survey' })).toHaveCount(0);

  // The answers were saved.
  await openProfile(page);
  await expect(page.getByRole('checkbox', { name: 'Dental implants' })).toBeChecked();
});

test('a patient edits the profile: a refused phone number, then a valid save', async ({
  page,
  loginAs,
}) => {
  await loginAs('patient');
  await openProfile(page);
  await expect(page.getByText('Maija', { exact: true })).toBeVisible();
  await expect(page.getByText(/^150385-\*+$/)).toBeVisible();
  await expectNoA11yViolations(page);

  const phone = page.getByRole('textbox', { name: 'Mobile phone number' });
  const original = await phone.inputValue();
  // The dev server checks Finnish numbers: +358 or 0, then 6–12 digits.
  await phone.fill('12345');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription(/Enter a phone number like 040 123 4567/);
  await expect(phone).toHaveValue('12345');
  await expect(page.locator('[data-error-summary]')).toBeFocused();
  await page.getByRole('link', { name: /^Mobile phone number: Enter a phone number like/ }).click();
  await expect(phone).toBeFocused();
  await expectNoA11yViolations(page);

  await phone.fill('040 123 4567');
  await page.getByRole('checkbox', { name: 'Teeth whitening' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your information was saved.')).toBeVisible();
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  // Spec §4: the saved notice counts down to the front page; 'Redirect now' goes at once.
  await expect(page.getByText(/redirected in \d+ seconds?\./)).toBeVisible();
  await page.getByRole('button', { name: 'Redirect now' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  await openProfile(page);
  await expect(phone).toHaveValue('040 123 4567');
  await expect(page.getByRole('checkbox', { name: 'Teeth whitening' })).toBeChecked();

  // The seeded number back: a second save after a reload.
  await phone.fill(original);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your information was saved.')).toBeVisible();
});

test('the profile page fits a 390 px phone screen', async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs('patient');
  await openProfile(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a user deletes their account after confirming and lands on the front page', async ({
  page,
  loginAs,
}) => {
  // The seed's patient, in this journey's own sandbox: no other journey misses her.
  await loginAs('patient');
  await page.clock.install();
  await openProfile(page);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = page.getByRole('alertdialog', {
    name: 'Do you really want to delete your account?',
  });
  await expect(confirm).toBeVisible();
  await expectNoA11yViolations(page);
  await confirm.getByRole('button', { name: 'Keep my account' }).click();
  await expect(confirm).toBeHidden();

  await page.getByRole('button', { name: 'Delete my account' }).click();
  await pauseClock(page);
  await confirm.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your account was deleted' }),
  ).toBeVisible();
  await expect(page.getByText(/redirected in 10 seconds/)).toBeVisible();
  await scanWhilePaused(page);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  await page.clock.resume();
  await page.getByRole('button', { name: 'Redirect now' }).click();
  // The front page's route loads first: on a loaded machine longer than the default 5 s.
  await expect(page).toHaveURL(/\/en$/, { timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
});
