import { readFile } from 'node:fs/promises';
import { API_HEADERS, devToken, expectNoA11yViolations, test } from '../fixtures.ts';
import { choosableTimes, chooseClinic, firstFreeSlots, next } from '../booking-steps.ts';
import {
  expect,
  moveClock,
  bookingJourneys,
  bookThroughApi,
  choosePrivateCheckUp,
  bankLogin,
  type Booked,
  type DevClock,
} from '../booking-journey-kit.ts';

/** A booking in time: the calendar file across the October change, the dev clock, time zones, the outbox, the confirmation's move link, the waitlist. */

bookingJourneys(test);

test('the calendar file of a reservation keeps its Helsinki time on both sides of the October change', async ({
  page,
  request,
  loginAs,
}) => {
  // A month before summer time ends (Sunday 25 October 2026, 04:00 → 03:00).
  await moveClock(request, '2026-10-01T12:00:00+03:00');
  const token = await devToken(request, 'patient');
  const auth = { ...API_HEADERS, Authorization: `Bearer ${token}` };
  const booked: Booked[] = [];
  for (const date of ['2026-10-23', '2026-10-26']) {
    booked.push(await bookThroughApi(request, token, date));
  }
  // The two sides of the change: +03:00 before, +02:00 after.
  expect(booked.map((reservation) => reservation.startTime.slice(19))).toEqual([
    '+03:00',
    '+02:00',
  ]);

  try {
    await loginAs('patient');
    await page.goto('/en/reservations');
    for (const reservation of booked) {
      const date = new Date(reservation.startTime).toLocaleDateString('fi-FI', {
        timeZone: 'Europe/Helsinki',
      });
      const time = reservation.startTime.slice(11, 16);
      const card = page
        .getByRole('list', { name: 'Upcoming', exact: true })
        .getByRole('listitem')
        .filter({ hasText: `${date} at ${time}` });
      await expect(card).toHaveCount(1);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: 'Add to calendar' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`reservation-${reservation.id}.ics`);
      const ics = await readFile(await download.path(), 'utf8');
      const start = /^DTSTART:(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\r$/m.exec(ics);
      expect(start).not.toBeNull();
      const [, y, mo, d, h, mi, sec] = start ?? [];
      // What a calendar in Helsinki shows: the time on the card.
      const shown = await page.evaluate(
        (iso) =>
          new Date(iso).toLocaleString('fi-FI', {
            timeZone: 'Europe/Helsinki',
            day: 'numeric',
            month: 'numeric',
            year: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
          }),
        `${y}-${mo}-${d}T${h}:${mi}:${sec}Z`,
      );
      expect(shown).toBe(`${date} klo ${time.replace(':', '.')}`);
      expect(ics).toContain(`UID:reservation-${reservation.id}@dental-portal`);
      await expect(
        page.getByText(`reservation-${reservation.id}.ics has been downloaded: open it to add`),
      ).toBeVisible();
    }
  } finally {
    for (const reservation of booked) {
      await request.post(`/api/reservations/${reservation.id}/cancel`, { headers: auth });
    }
  }
});

test('the browser reads the dev clock: with it on 4 January 2027 the calendar starts there', async ({
  page,
  request,
}) => {
  // The device says 2026; the dev clock (frozen) says 4 January 2027, 10:00 in Helsinki.
  await moveClock(request, '2027-01-04T10:00:00+02:00');
  await choosePrivateCheckUp(page);
  await chooseClinic(page, 'Helsinki Kamppi');
  await next(page).click();
  await page.getByRole('button', { name: 'Any available practitioner' }).click();
  await firstFreeSlots(page);
  // The calendar cannot go back before the dev clock's month, and marks its today.
  await expect(page.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  await expect(page.getByRole('grid', { name: /January 2027/ })).toBeVisible();
  await expect(page.locator('.portal-calendar td[data-today]')).toHaveText('4');
});

for (const [place, timezoneId] of [
  ['a UTC', 'UTC'],
  ['a New York', 'America/New_York'],
] as const) {
  test.describe(`in ${place} browser`, () => {
    test.use({ timezoneId });

    test('the QA toolbar switches a preset both ways and sets the dev clock in Helsinki time', async ({
      page,
      request,
    }) => {
      const preset = async () => {
        const response = await request.get('/api/dev/scenarios', { headers: API_HEADERS });
        const list = (await response.json()) as { name: string; enabled: boolean }[];
        return list.find((scenario) => scenario.name === 'no-free-slots')?.enabled;
      };

      await page.goto('/en/about');
      await page.getByRole('button', { name: 'QA tools' }).click();
      const toolbar = page.getByRole('complementary', { name: 'Testing tools' });
      const box = toolbar.getByRole('checkbox', { name: /^no-free-slots/ });
      await expect(box).not.toBeChecked();
      await box.click();
      await expect(box).toBeChecked();
      expect(await preset()).toBe(true);
      await box.click();
      await expect(box).not.toBeChecked();
      expect(await preset()).toBe(false);

      // 10:01 typed is 10:01 in Helsinki (not the browser's 10:01: 12:01 or 17:01 in Helsinki).
      await toolbar.getByLabel('Set the time (Helsinki time)').fill('2026-12-01T10:01');
      await toolbar.getByRole('button', { name: 'Set', exact: true }).click();
      await expect(toolbar.getByText(/^Now 1\.12\.2026 10:0[12]/)).toBeVisible();
      const clock = (await (
        await request.get('/api/dev/clock', { headers: API_HEADERS })
      ).json()) as DevClock;
      const drift = Date.parse(clock.now) - Date.parse('2026-12-01T10:01:00+02:00');
      // A running clock has moved on since; a minute is plenty.
      expect(drift).toBeGreaterThanOrEqual(0);
      expect(drift).toBeLessThan(60_000);
    });
  });
}

test('QA sees the confirmation and, when the dev clock passes its time, the reminder in the outbox', async ({
  page,
  request,
  loginAs,
}) => {
  await moveClock(request, '2026-11-23T10:00:00+02:00');
  const token = await loginAs('patient');
  const auth = { ...API_HEADERS, Authorization: `Bearer ${token}` };
  const reservation = await bookThroughApi(request, token, '2026-12-09');

  try {
    await page.goto('/en/about');
    await page.getByRole('button', { name: 'QA tools' }).click();
    const messages = page
      .getByRole('complementary', { name: 'Testing tools' })
      .getByRole('list', { name: 'Sent messages' });
    // Newest first: the first message about this time is this booking's (a retry books it again).
    // Spec §9: HH:mm, in messages as on every screen.
    const when = `9.12.2026 at ${reservation.startTime.slice(11, 16)}`;
    const aboutIt = messages.getByRole('listitem').filter({ hasText: when });
    await expect(aboutIt.filter({ hasText: 'Booking confirmation · SMS' }).first()).toBeVisible();
    await expect(aboutIt.filter({ hasText: 'Reminder · SMS' })).toHaveCount(0);

    // 48 hours before the start the reminder comes due.
    await moveClock(
      request,
      new Date(Date.parse(reservation.startTime) - 48 * 3_600_000 + 60_000).toISOString(),
    );
    // A session does not outlive a two-week jump: the patient signs in again.
    const fresh = await devToken(request, 'patient');
    await page.evaluate((value) => localStorage.setItem('access_token', value), fresh);
    await page.reload();
    await page.getByRole('button', { name: 'QA tools' }).click();
    const reminder = aboutIt.filter({ hasText: 'Reminder · SMS' });
    await expect(reminder).toHaveCount(1);
    await expect(reminder).toContainText(`Reminder: your dental appointment is on ${when}`);
    await reminder.getByRole('link', { name: 'Open the page of the link' }).click();
    // The reminder's link opens the time's move dialog: moving it is one step from the message.
    await expect(page).toHaveURL(new RegExp(`/en/reservations\\?move=${reservation.id}$`));
    await expect(page.getByRole('dialog', { name: 'Change the time' })).toBeVisible();
    // Behind the dialog, the reservations page: hidden from the accessibility tree while the
    // dialog is open (the dialog may open before a check of the tree would see the heading).
    await expect(
      page.getByRole('heading', { level: 1, name: 'My appointments', includeHidden: true }),
    ).toBeVisible();
    await expectNoA11yViolations(page);
  } finally {
    await request.post(`/api/reservations/${reservation.id}/cancel`, { headers: auth });
  }
});

for (const words of [
  {
    language: 'fi' as const,
    dialog: 'Vaihda aika',
    freeDays: /vapaita aikoja$/,
    times: /^Vapaat ajat /,
    submit: 'Siirrä varaus',
    moved: /^Varaus siirrettiin aikaan .* klo \d{2}:\d{2}\.$/,
    banks: 'Pankit',
    loginSays: /^Kirjaudu, niin voit vaihtaa varauksesi ajan/,
  },
  {
    language: 'sv' as const,
    dialog: 'Byt tid',
    freeDays: /lediga tider$/,
    times: /^Lediga tider /,
    submit: 'Flytta bokningen',
    moved: /^Bokningen flyttades till .* kl\. \d{2}:\d{2}\.$/,
    banks: 'Banker',
    loginSays: /^Logga in för att byta tid för din bokning/,
  },
]) {
  test(`(${words.language}) the booking confirmation's link moves the time in one step, after the login`, async ({
    page,
    request,
  }) => {
    test.slow();
    const token = await devToken(request, 'patient');
    const auth = { ...API_HEADERS, Authorization: `Bearer ${token}` };
    const reservation = await bookThroughApi(request, token, '2026-12-10', words.language);
    try {
      const outbox = await request.get('/api/dev/outbox', { headers: API_HEADERS });
      const confirmation = (
        (await outbox.json()) as {
          kind: string;
          reservationId: number | null;
          channel: string;
          url: string;
        }[]
      ).find(
        (message) =>
          message.kind === 'booking-confirmation' &&
          message.reservationId === reservation.id &&
          message.channel === 'sms',
      );
      expect(confirmation?.url).toMatch(
        new RegExp(`/${words.language}/reservations\\?move=${reservation.id}$`),
      );
      // Signed out, as a patient opening the message on a phone: the login first, then the dialog.
      await page.goto(
        new URL(confirmation?.url ?? '').pathname + new URL(confirmation?.url ?? '').search,
      );
      await expect(page).toHaveURL(new RegExp(`/${words.language}/login`));
      // The login page says where it leads (issue 54: it was a bare login page).
      await expect(page.getByText(words.loginSays)).toBeVisible();
      await bankLogin(page, 'maija', words.banks);
      await expect(page).toHaveURL(
        new RegExp(`/${words.language}/reservations\\?move=${reservation.id}$`),
      );
      const dialog = page.getByRole('dialog', { name: words.dialog });
      await expect(dialog).toBeVisible();
      const freeDays = dialog.getByRole('button', { name: words.freeDays });
      await freeDays.last().click();
      await choosableTimes(dialog.getByRole('list', { name: words.times }))
        .first()
        .click();
      await dialog.getByRole('button', { name: words.submit }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(words.moved)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/${words.language}/reservations$`));
    } finally {
      await request.post(`/api/reservations/${reservation.id}/cancel`, { headers: auth });
    }
  });
}

test('a waiting patient is offered the time another patient frees, and taking it moves the reservation', async ({
  page,
  request,
  loginAs,
}) => {
  await moveClock(request, '2026-11-23T10:00:00+02:00');
  const token = await loginAs('patient');
  const auth = { ...API_HEADERS, Authorization: `Bearer ${token}` };
  const later = await bookThroughApi(request, token, '2026-12-10');
  const other = await devToken(request, 'survey');
  const otherAuth = { ...API_HEADERS, Authorization: `Bearer ${other}` };
  const freed = await bookThroughApi(request, other, '2026-11-26');
  const freedTime = `${freed.startTime.slice(11, 13)}:${freed.startTime.slice(14, 16)}`;

  try {
    // The browser's today is the dev clock's (the form starts the wish from today).
    await page.clock.setFixedTime(new Date('2026-11-23T10:00:00+02:00'));
    await page.goto('/en/reservations');
    const card = page
      .getByRole('article')
      .filter({ hasText: '10.12.2026 at ' })
      // One that can still be moved online (its card offers the waitlist).
      .filter({ has: page.getByRole('button', { name: 'Change time' }) });
    await card.getByRole('button', { name: 'Tell me about an earlier time' }).click();
    await expect(card.getByRole('radio', { name: 'At any clinic in Helsinki' })).toBeChecked();
    await card.getByRole('button', { name: 'Start waiting' }).click();
    await expect(card.getByText('You are waiting for an earlier time')).toBeVisible();
    await expect(card.getByText('At any clinic in Helsinki, from 23.11.2026.')).toBeVisible();
    await expectNoA11yViolations(page);

    // Another patient cancels an earlier time: the waiting patient is offered it at once.
    const cancelled = await request.post(`/api/reservations/${freed.id}/cancel`, {
      headers: otherAuth,
    });
    expect(cancelled.ok()).toBe(true);
    await page.getByRole('button', { name: 'QA tools' }).click();
    const offerMessage = page
      .getByRole('complementary', { name: 'Testing tools' })
      .getByRole('list', { name: 'Sent messages' })
      .getByRole('listitem')
      .filter({ hasText: 'Earlier time offer · SMS' })
      .filter({ hasText: `26.11.2026 at ${freedTime}` });
    await expect(offerMessage).toHaveCount(1);
    await expect(offerMessage).toContainText('An earlier time you asked for is free');

    await page.reload();
    await expect(card.getByText('An earlier time has become available')).toBeVisible();
    await card
      .getByRole('button', { name: `Move my appointment to 26.11.2026 at ${freedTime}` })
      .click();
    await expect(
      page.getByText(`Your appointment was moved to 26.11.2026 at ${freedTime}.`),
    ).toBeVisible();
    await expect(
      page.getByRole('article').filter({ hasText: `26.11.2026 at ${freedTime}` }),
    ).toHaveCount(1);
    await expect(page.getByRole('article').filter({ hasText: '10.12.2026 at ' })).toHaveCount(0);
    await expectNoA11yViolations(page);
  } finally {
    await request.post(`/api/reservations/${later.id}/cancel`, { headers: auth });
  }
});
