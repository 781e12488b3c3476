import type { APIRequestContext, Page } from '@playwright/test';
import { API_HEADERS, expect, expectNoA11yViolations, test } from '../fixtures.ts';

// These journeys move the dev clock: each in a sandbox of its own, so no other test is moved.
test.use({ timezoneId: 'Europe/Helsinki' });

/** A Tuesday at 10:00 in Helsinki: the chat is open (weekdays 8–16). */
const WEEKDAY_MORNING = '2026-12-01T10:00:00+02:00';
/** A Saturday at noon in Helsinki: the chat is closed. */
const SATURDAY_NOON = '2026-12-05T12:00:00+02:00';

async function setClock(request: APIRequestContext, now: string, frozen: boolean): Promise<void> {
  const response = await request.put('/api/dev/clock', {
    headers: API_HEADERS,
    data: { now, frozen },
  });
  expect(response.ok()).toBe(true);
}

async function openChat(page: Page): Promise<void> {
  await page.goto('/en/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
}

test('a patient starts a conversation and a professional answers live', async ({
  page,
  request,
  loginAs,
}) => {
  // Several axe scans of long pages: slow on a busy machine.
  test.slow();
  // The clock first: a session is valid from the clock's now.
  await setClock(request, WEEKDAY_MORNING, false);
  await loginAs('patient');
  await openChat(page);

  // A conversation left active (a tester's sandbox on a reused server) goes back to the start.
  const back = page.getByRole('button', { name: 'Back to beginning' });
  const start = page.getByRole('button', { name: 'Start the conversation' });
  await expect(back.or(start)).toBeVisible();
  if (await back.isVisible()) {
    await back.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'End and go back' }).click();
  }
  await expect(start).toBeVisible();
  await expect(
    page.getByText(/open Mon–Fri 8–16 \(Finnish time\) and free of charge/),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('radio', { name: /Oral health/ }).check();
  await page.getByRole('textbox', { name: 'Your message' }).fill('My gums bleed when I brush.');
  const streamRequest = page.waitForRequest((r) =>
    /\/api\/chat\/conversations\/\d+\/events/.test(r.url()),
  );
  await start.click();
  // The live stream is a call like the others (spec §7): its headers, no token in the URL.
  const stream = await streamRequest;
  expect(new URL(stream.url()).search).toBe('');
  const headers = await stream.allHeaders();
  expect(headers.authorization).toMatch(/^Bearer .+/);
  expect(headers['x-requested-with']).toBe('XMLHttpRequest');
  expect(headers['accept-language']).toBe('en');

  const heading = page.getByRole('heading', { level: 2, name: /^Conversation \d+$/ });
  await expect(heading).toBeVisible();
  const name = (await heading.textContent()) ?? '';
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('My gums bleed when I brush.')).toBeVisible();

  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('It started a week ago.');
  await box.press('Enter');
  await expect(log.getByText('It started a week ago.')).toBeVisible();
  await expect(box).toHaveValue('');

  // The professional's answer arrives over the event stream, without a reload.
  const answers = log.getByRole('listitem').filter({ hasNotText: /^(You|Chat service)/ });
  await expect(answers.first()).toBeVisible({ timeout: 15_000 });
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Back to beginning' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'End this conversation?' });
  await dialog.getByRole('button', { name: 'End and go back' }).click();
  await expect(start).toBeVisible();
  const earlier = page.getByRole('list', { name: 'Earlier conversations' });
  await expect(earlier.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('outside the opening hours the chat is closed and shows its hours', async ({
  page,
  request,
  loginAs,
}) => {
  await setClock(request, SATURDAY_NOON, false);
  await loginAs('patient');
  await openChat(page);
  await expect(page.getByText('The chat is closed')).toBeVisible();
  await expect(page.getByText('It opens next on Monday 7.12.2026 at 08:00.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start the conversation' })).toHaveCount(0);
  await expectNoA11yViolations(page);
});
