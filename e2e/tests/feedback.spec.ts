import { expect, expectNoA11yViolations, test } from '../fixtures.ts';

test.beforeEach(async ({ loginAs }) => {
  await loginAs('patient');
});

test('a patient sends feedback after fixing the missing fields', async ({ page }) => {
  await page.goto('/en/feedback');
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  const office = page.getByRole('combobox', { name: 'Clinic' });
  const text = page.getByRole('textbox', { name: 'Feedback' });
  await expect(office).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(office).toHaveAccessibleDescription(/Choose an office/);
  await expect(text).toHaveAccessibleDescription(/Feedback is required/);
  await expect(page.locator('[data-error-summary]')).toBeFocused();
  await page.getByRole('link', { name: 'Clinic: Choose an office' }).click();
  await expect(office).toBeFocused();
  await expectNoA11yViolations(page);

  await office.selectOption({ index: 1 });
  await text.fill('Friendly staff and the appointment started on time.');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
  await expect(text).toHaveValue('');
  await expectNoA11yViolations(page);
});

test('a patient changes the service-message settings and they stay saved', async ({ page }) => {
  await page.goto('/en/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const reminders = page.getByRole('group', { name: 'Appointment and event reminders' });
  const byEmail = reminders.getByRole('checkbox', { name: 'By email' });
  await expect(byEmail).toBeVisible();
  await expectNoA11yViolations(page);

  const before = await byEmail.isChecked();
  await byEmail.setChecked(!before);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Your settings were saved.')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.reload();
  await expect(byEmail).toBeChecked({ checked: !before });

  // Back as it was: the setting saved the other way too.
  await byEmail.setChecked(before);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Your settings were saved.')).toBeVisible();
});
