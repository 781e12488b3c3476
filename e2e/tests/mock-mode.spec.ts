import { expect, test } from '@playwright/test';
import { mockPort } from '../playwright.config.ts';

test('The portal runs in the browser on MSW alone, with no server behind it', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/')) {
      apiCalls.push(
        `${response.fromServiceWorker() ? 'worker' : 'network'} ${response.status()} ${url.pathname}`,
      );
    }
  });
  await page.goto(`http://127.0.0.1:${mockPort}/en/reservation`);
  await page.getByRole('radio', { name: 'Private customer' }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('radio', { name: /^Dental check-up/ })).toBeVisible();
  expect(apiCalls.length).toBeGreaterThan(2);
  expect(apiCalls.filter((call) => !call.startsWith('worker 200'))).toEqual([]);
});
