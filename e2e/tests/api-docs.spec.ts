import { expect, test } from '@playwright/test';

test('A backend developer browses the contract in the API docs', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/docs/);
  await expect(page.getByRole('heading', { name: /Dental portal API/ })).toBeVisible();
  const published = page.locator('.opblock-summary', { hasText: '/api/patients/' }).first();
  await expect(published).toBeVisible();
  await page
    .getByRole('button', { name: /GET \/api\/me/ })
    .first()
    .click();
  await expect(page.getByText('The signed-in user').first()).toBeVisible();
});
