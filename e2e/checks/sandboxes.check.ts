import { expect, test } from '@playwright/test';
import { apiURL } from '../servers.ts';

/**
 * Runs after every journey (the `logs` project depends on all the others): each test had a
 * sandbox of its own on the dev server (fixtures.ts) and dropped it when it was over, so none is
 * left, not even one a page's last request (a hold's release as the page went) made again after
 * its test. A leftover would count against the client's 25 live sandboxes (decision 031).
 */
test('every journey’s sandbox is dropped when the journey is over', async () => {
  const response = await fetch(`${apiURL}/api/dev/sandboxes`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.status).toBe(200);
  const { items } = (await response.json()) as { items: { name: string }[] };
  expect(items.map((item) => item.name).filter((name) => name.startsWith('e2e.'))).toEqual([]);
});
