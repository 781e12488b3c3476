import type { APIRequestContext } from '@playwright/test';
import { API_HEADERS, expect, expectNoA11yViolations, test } from '../fixtures.ts';

test.use({ timezoneId: 'Europe/Helsinki' });

/** Today in Helsinki by the dev server's clock, as `d.M.yyyy`. */
async function serverToday(request: APIRequestContext) {
  const response = await request.get('/api/dev/clock', { headers: API_HEADERS });
  const { now } = (await response.json()) as { now: string };
  const [year, month, day] = now.slice(0, 10).split('-').map(Number);
  return `${day}.${month}.${year}`;
}

test('a patient is told about missing answers, fills them in and sees the answers saved with the date', async ({
  page,
  request,
  loginAs,
}) => {
  // Several axe scans of long pages: slow on a busy machine.
  test.slow();
  await loginAs('patient');
  await page.goto('/en/anamnesis');
  await expect(page.getByRole('heading', { level: 1, name: 'Health questionnaire' })).toBeVisible();
  const health = page.getByRole('textbox', { name: 'How is your health now?' });
  const consent = page.getByRole('checkbox', { name: /customer register/ });
  await expect(health).toBeVisible();
  await expectNoA11yViolations(page);

  // The patient has earlier answers: the form is prefilled. Leave two required answers out.
  await health.fill('');
  await consent.uncheck();
  await page.getByRole('button', { name: 'Save answers' }).click();

  await expect(page.getByText('Check fields')).toBeVisible();
  await expect(page.getByText('Please fill all the required fields')).toBeVisible();
  // The error summary at the top takes the focus; its link leads to the field.
  await expect(page.locator('[data-error-summary]')).toBeFocused();
  await page.getByRole('link', { name: 'How is your health now? Please fill this field' }).click();
  await expect(health).toBeFocused();
  await expect(health).toHaveAccessibleDescription(/Please fill this field/);
  await expect(consent).toHaveAccessibleDescription(/Consent for data processing is required/);
  await expectNoA11yViolations(page);

  await health.fill('Good. A cold last week.');
  await consent.check();
  await page
    .getByRole('radiogroup', { name: 'Do you smoke?' })
    .getByRole('radio', { name: 'I have quit' })
    .check();
  await page.getByRole('button', { name: 'Save answers' }).click();

  await expect(page.getByText('Thank you! Your answers were saved.')).toBeVisible();
  const today = await serverToday(request);
  await expect(page.getByText(`You answered on ${today}.`, { exact: false })).toBeVisible();

  // The saved answers are the previous answers on the next visit.
  await page.reload();
  await expect(page.getByText(`You answered on ${today}.`, { exact: false })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'How is your health now?' })).toHaveValue(
    'Good. A cold last week.',
  );
  await expect(page.getByRole('radio', { name: 'I have quit' })).toBeChecked();
  await expectNoA11yViolations(page);
});
