import type { Page } from '@playwright/test';
import { API_HEADERS, expect, test } from '../fixtures.ts';

/**
 * Issue 10: login with the keyboard alone (Tab, arrows, typing, Enter), with a visible focus
 * indicator on every control reached. (Booking and the profile have their own keyboard journeys.)
 */

/** Presses Tab until the focused element matches, asserting each stop has a visible focus ring. */
async function tabTo(page: Page, matches: (page: Page) => Promise<boolean>, limit = 40) {
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page);
    if (await matches(page)) return;
  }
  throw new Error('the control was not reached with Tab');
}

/** The focused element draws an outline or a ring (box-shadow) that differs from its resting look. */
async function expectVisibleFocus(page: Page): Promise<void> {
  const indicator = await page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return 'body';
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none';
    return outline || ring ? 'visible' : `none on ${element.outerHTML.slice(0, 120)}`;
  });
  expect(indicator).toBe('visible');
}

async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return (
      element?.getAttribute('aria-label') ??
      element?.textContent?.trim() ??
      (element as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim() ??
      ''
    );
  });
}

test('a patient logs in with the mobile certificate using only the keyboard', async ({
  page,
  request,
}) => {
  // The patient's phone as it stands now: a booking journey run before may have saved another
  // to the profile (spec §8), and the certificate answers for the number's owner.
  const session = await request.post('/api/dev/session', {
    headers: API_HEADERS,
    data: { user: 'patient' },
  });
  const { access_token: token } = (await session.json()) as { access_token: string };
  const me = await request.get('/api/me', {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
  });
  const phoneNumber = ((await me.json()) as { Person: { PhoneNumber: string | null } }).Person
    .PhoneNumber;
  expect(phoneNumber).toBeTruthy();
  await page.goto('/en/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

  // The login methods are tabs: reach them, then move with the arrow keys.
  await tabTo(page, async (p) => (await p.evaluate(() => document.activeElement?.role)) === 'tab');
  const mobileTab = page.getByRole('tab', { name: 'Mobile certificate' });
  for (
    let step = 0;
    step < 3 && !(await mobileTab.evaluate((t) => t === document.activeElement));
    step++
  ) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(mobileTab).toBeFocused();
  await expect(mobileTab).toHaveAttribute('aria-selected', 'true');

  const phone = page.getByRole('textbox', { name: /Mobile phone number/ });
  await tabTo(page, async () => phone.evaluate((input) => input === document.activeElement));
  await page.keyboard.type(phoneNumber ?? '');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Verification code:')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible({
    timeout: 15_000,
  });
  expect(await focusedName(page)).not.toBe('');
});

test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
  await page.goto('/en/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});
