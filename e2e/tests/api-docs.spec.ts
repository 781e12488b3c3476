import { expect, test } from '@playwright/test';

test('A backend developer browses the contract in the API docs', async ({ page }) => {
  // `/` is the portal itself when the built web app is served; the docs live under /docs.
  await page.goto('/docs');
  await expect(page).toHaveURL(/\/docs/);
  // Swagger UI fetches and renders the whole contract (some 400 kB) before its heading shows:
  // seconds on a loaded 2-core machine, so this first wait is not the default 5 s.
  await expect(page.getByRole('heading', { name: /Dental portal API/ })).toBeVisible({
    timeout: 30_000,
  });
  const published = page.locator('.opblock-summary', { hasText: '/api/patients/' }).first();
  await expect(published).toBeVisible();
  await page
    .getByRole('button', { name: /GET \/api\/me/ })
    .first()
    .click();
  await expect(page.getByText('The signed-in user').first()).toBeVisible();
});
