import { expect, expectNoA11yViolations, test } from '../fixtures.ts';

// Redeeming changes the seed: the journey's own sandbox starts from it.
test.use({ timezoneId: 'Europe/Helsinki' });

test('a patient uses a benefit once; a repeat attempt shows when it was used', async ({
  page,
  context,
  loginAs,
}) => {
  // Several axe scans of long pages: slow on a busy machine.
  test.slow();
  await loginAs('patient');
  await page.goto('/en/coupons');
  await expect(page.getByRole('heading', { level: 1, name: 'Benefits' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Benefits' });
  await expect(list).toBeVisible();
  await expectNoA11yViolations(page);

  const unused = list
    .getByRole('listitem')
    .filter({ hasNotText: /Used on/ })
    .first();
  const link = unused.getByRole('link');
  const name = (await link.textContent()) ?? '';
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to use' })).toBeVisible();
  await expectNoA11yViolations(page);

  // A second tab with the same benefit open: it still offers the action.
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByRole('button', { name: 'Use the benefit' })).toBeVisible();

  await page.getByRole('button', { name: 'Use the benefit' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('cannot be undone');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Use now' }).click();
  await expect(page.getByText('The benefit is used.')).toBeVisible();
  await expect(page.getByText(/Used on \d{1,2}\.\d{1,2}\.\d{4} at \d{2}:\d{2}\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use the benefit' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // The repeat attempt from the other tab: the server answers 409 with the date of use.
  await other.getByRole('button', { name: 'Use the benefit' }).click();
  await other.getByRole('alertdialog').getByRole('button', { name: 'Use now' }).click();
  await expect(other.getByText('You have already used this benefit.')).toBeVisible();
  await expect(
    other.getByText(/You used it on \d{1,2}\.\d{1,2}\.\d{4} at \d{2}:\d{2}\./),
  ).toBeVisible();
  await expectNoA11yViolations(other);
  await other.close();

  // Back in the list the benefit shows its date of use.
  await page.getByRole('link', { name: 'Back to benefits' }).click();
  await expect(
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name, exact: true }) })
      .getByText(/Used on /),
  ).toBeVisible();
});
