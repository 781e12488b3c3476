import {
  API_HEADERS,
  bookAsAnotherPatient,
  devToken,
  expectNoA11yViolations,
  heldTime,
  test,
} from '../fixtures.ts';
import {
  choosableTimes,
  chooseClinic,
  fillAddress,
  locationPicker,
  next,
  pickFirstSlot,
  stepHeading,
} from '../booking-steps.ts';
import {
  expect,
  VOUCHER,
  CLINIC_PHONE,
  moveClock,
  bookingJourneys,
  bookSlotThroughApi,
  choosePrivateCheckUp,
  confirmAndExpectThanks,
  type DevClock,
} from '../booking-journey-kit.ts';

/** The booking's choices: a voucher, the change page, the position, the practitioner first, what each clinic and practitioner says, the duplicate question, held and taken times. */

bookingJourneys(test);

test('a service-voucher customer books with the voucher number from the voucher page', async ({
  page,
  request,
}) => {
  // Many steps (and axe scans) on a machine shared with others.
  test.slow();
  // The landing page is the signed-out front page.
  await page.goto('/en');
  await page
    .getByRole('link', { name: 'Read more about vouchers and payment commitments' })
    .click();
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Service-voucher and payment-commitment customers',
    }),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'What to bring to the appointment' }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  // Signed in (a dev session instead of the bank) on the same page.
  const token = await devToken(request, 'patient');
  await page.evaluate((value) => localStorage.setItem('access_token', value), token);
  await page.reload();
  await page.getByRole('link', { name: 'Book with a service voucher' }).click();

  await expect(stepHeading(page, 'Who pays for the treatment?')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Service-voucher customer' })).toBeChecked();
  await page.getByRole('textbox', { name: /Service voucher number/ }).fill(VOUCHER);
  await next(page).click();

  await expect(stepHeading(page, 'Choose the service')).toBeVisible();
  // One tap on the service goes on.
  await page.getByRole('button', { name: /^Dental check-up/ }).click();
  await chooseClinic(page, 'Helsinki Kamppi');
  await next(page).click();
  await page.getByRole('button', { name: 'Any available practitioner' }).click();
  await pickFirstSlot(page);
  await fillAddress(page);
  await next(page).click();

  await expect(page.getByText(VOUCHER, { exact: true })).toBeVisible();
  await confirmAndExpectThanks(page, { keepBoth: true });
});

test('the change page explains the 24-hour rule and logs a visitor in to the reservations', async ({
  page,
  request,
}) => {
  await page.goto('/en');
  await page.getByRole('link', { name: 'How to change or cancel' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Change or cancel an appointment' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: CLINIC_PHONE })).toHaveAttribute(
    'href',
    'tel:0105551000',
  );
  await expectNoA11yViolations(page);
  await page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/login\?returnTo=%2Fen%2Freservations$/);

  // Signed in, the same page leads straight to the reservations.
  const token = await devToken(request, 'patient');
  await page.evaluate((value) => localStorage.setItem('access_token', value), token);
  await page.goto('/en/change-reservation');
  await page.getByRole('link', { name: 'Go to My appointments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My appointments' })).toBeVisible();
});

/** The words of the way to the first free time in Helsinki and the details, in fi and sv. */
const FIRST_TIME_WORDS = {
  fi: {
    language: 'fi',
    privateCustomer: 'Yksityisasiakas',
    next: 'Seuraava',
    checkUp: /^Hammastarkastus –/,
    clinic: 'Klinikka',
    city: 'Helsinki – kaikki klinikat',
    inCity: /^Ensimmäinen vapaa aika – Helsinki: /,
    times: /^Vapaat ajat /,
    details: 'Tietosi',
    street: /^Katuosoite/,
  },
  sv: {
    language: 'sv',
    privateCustomer: 'Privatkund',
    next: 'Nästa',
    checkUp: /^Tandundersökning –/,
    clinic: 'Klinik',
    city: 'Helsingfors – alla kliniker',
    inCity: /^Första lediga tid – Helsingfors: /,
    times: /^Lediga tider /,
    details: 'Dina uppgifter',
    street: /^Gatuadress/,
  },
} as const;

// Maija has a check-up a week ahead (the seed): another check-up soon is asked about first.
for (const words of [
  {
    ...FIRST_TIME_WORDS.fi,
    book: 'Vahvista varaus',
    question: 'Sinulla on jo varattu aika tähän palveluun',
    existing: /Hammastarkastus: \S+ \d{1,2}\. \S+ \d\d:\d\d, Helsinki Kamppi, Helsinki\./,
    answer: 'Siirrä se tähän aikaan',
    done: 'Aikasi on siirretty',
    // The time it had before the move; the waitlist's 'Aiempi aika' is an earlier time wished for.
    previous: 'Siirretty ajasta',
  },
  {
    ...FIRST_TIME_WORDS.sv,
    book: 'Bekräfta bokningen',
    question: 'Du har redan en bokad tid för den här tjänsten',
    existing: /Tandundersökning: \S+ \d{1,2} \S+ \d\d:\d\d, Helsinki Kamppi, Helsingfors\./,
    answer: 'Behåll båda tiderna',
    done: 'Din tid är bokad',
    previous: null,
  },
]) {
  test(`(${words.language}) the same service within 14 days asks first: ${words.previous ? 'moving that one here says it was moved' : 'keeping both books a second'}`, async ({
    page,
    request,
    loginAs,
  }) => {
    test.slow();
    // From the seed (the test's sandbox): Maija's only check-up is the one a week ahead.
    const token = await loginAs('patient');
    const checkUps = async () => {
      const answer = await request.get('/api/reservations?group=future', {
        headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
      });
      const future = (await answer.json()) as { id: number; reason: { id: number } }[];
      return future.filter((reservation) => reservation.reason.id === 1);
    };
    const before = await checkUps();
    expect(before).toHaveLength(1);
    await page.goto(`/${words.language}/reservation`);
    await page.getByRole('radio', { name: words.privateCustomer }).click();
    await page.getByRole('button', { name: words.next, exact: true }).click();
    await page.getByRole('button', { name: words.checkUp }).click();
    await chooseClinic(page, words.city, locationPicker(page, words.clinic));
    await page.getByRole('button', { name: words.inCity }).click();
    await choosableTimes(page.getByRole('list', { name: words.times }))
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 2, name: words.details })).toBeVisible();
    // A returning patient's details are filled in (the address from her previous booking, which
    // arrives a moment after the step): on once it is there.
    await expect(page.getByRole('textbox', { name: words.street })).not.toHaveValue('');
    await page.getByRole('button', { name: words.next, exact: true }).click();
    await page.getByRole('button', { name: words.book }).click();

    const question = page.getByRole('alert').filter({ hasText: words.question });
    await expect(question).toBeVisible();
    await expect(question).toContainText(words.existing);
    expect(await checkUps()).toHaveLength(1);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: words.answer }).click();

    await expect(page.getByText(words.done)).toBeVisible();
    const after = await checkUps();
    if (words.previous) {
      // Moved, not booked twice: the same reservation, at the new time, and the time it had
      // (issue 54: no longer in the words of the earlier-time panel's heading).
      await expect(
        page.getByRole('term').filter({ hasText: new RegExp(`^${words.previous}$`) }),
      ).toBeVisible();
      expect(after.map((reservation) => reservation.id)).toEqual(before.map((r) => r.id));
    } else {
      expect(after).toHaveLength(2);
    }
  });
}

for (const words of [
  {
    ...FIRST_TIME_WORDS.fi,
    // Counted down in the browser from the server's 10 minutes: a busy machine may show a tick less.
    holding: /^Pidämme tämän ajan sinulle vielä (?:10 min 0|9 min [1-5]?\d) s\.$/,
    ended: 'Tätä aikaa ei enää pidetä sinulle',
    same: /^Pidä sama aika \(\d{1,2}[.:]\d\d\)$/,
  },
  {
    ...FIRST_TIME_WORDS.sv,
    holding: /^Vi håller tiden åt dig i (?:10 min 0|9 min [1-5]?\d) s till\.$/,
    ended: 'Tiden hålls inte längre åt dig',
    same: /^Behåll samma tid \(\d{1,2}[.:]\d\d\)$/,
  },
]) {
  test(`(${words.language}) a chosen time is held while the details are filled in, hidden from others; when the dev clock ends the hold, the same time is held again in one tap`, async ({
    page,
    request,
    loginAs,
  }) => {
    // A frozen dev clock early on a working day a week ahead: the hold's 10 minutes do not run
    // out on their own, and the first times of the day stay ahead when the clock moves on.
    const clock = (await (
      await request.get('/api/dev/clock', { headers: API_HEADERS })
    ).json()) as DevClock;
    const day = new Date(Date.parse(clock.now) + 7 * 86_400_000);
    while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
    const start = Date.parse(`${day.toISOString().slice(0, 10)}T07:00:00+02:00`);
    await moveClock(request, new Date(start).toISOString());
    await loginAs('patient');
    await page.goto(`/${words.language}/reservation`);
    await page.getByRole('radio', { name: words.privateCustomer }).click();
    await page.getByRole('button', { name: words.next, exact: true }).click();
    await page.getByRole('button', { name: words.checkUp }).click();
    await chooseClinic(page, words.city, locationPicker(page, words.clinic));
    await page.getByRole('button', { name: words.inCity }).click();
    await choosableTimes(page.getByRole('list', { name: words.times }))
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 2, name: words.details })).toBeVisible();
    await expect(page.getByText(words.holding)).toBeVisible();
    await expect(page.getByRole('textbox', { name: words.street })).not.toHaveValue('');
    await page.getByRole('textbox', { name: words.street }).fill('Pidetyntie 10');

    // Someone else does not see the held time.
    const stored = await page.evaluate(() => sessionStorage.getItem('booking.choices'));
    const { hold } = JSON.parse(stored ?? '{}') as { hold: { id: string; slotKey: string } };
    const [branchId, , reasonId, startTime] = hold.slotKey.split('=');
    /** The keys of the held time's day, as another visitor's day view lists them. */
    const listedForOthers = async (): Promise<string[]> => {
      const day = await request.get(
        `/api/availability/day?branchIds=${branchId}&reasonId=${reasonId}&customerType=private&date=${String(startTime).slice(0, 10)}`,
        { headers: API_HEADERS },
      );
      return ((await day.json()) as { slots: { key: string }[] }).slots.map((slot) => slot.key);
    };
    expect(await listedForOthers()).not.toContain(hold.slotKey);

    // The dev clock passes the hold; the page learns it when it comes back into view.
    await moveClock(request, new Date(start + 11 * 60_000).toISOString());
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    // The notice says it in its live region; its answers follow the message, in the notice.
    const notice = page
      .locator('[data-variant]')
      .filter({ has: page.getByRole('alert').filter({ hasText: words.ended }) });
    await expect(notice).toBeVisible();
    await expectNoA11yViolations(page);
    await notice.getByRole('button', { name: words.same }).click();
    await expect(page.getByText(words.holding)).toBeVisible();
    await expect(page.getByRole('textbox', { name: words.street })).toHaveValue('Pidetyntie 10');
    const renewed = JSON.parse(
      (await page.evaluate(() => sessionStorage.getItem('booking.choices'))) ?? '{}',
    ) as { hold: { id: string; slotKey: string } };
    expect(renewed.hold.slotKey).toBe(hold.slotKey);
    expect(renewed.hold.id).not.toBe(hold.id);
    // Leaving the booking lets the time go at once.
    await page.goto(`/${words.language}/`);
    await expect.poll(listedForOthers).toContain(hold.slotKey);
  });
}

test('a slot booked by someone else meanwhile sends the patient back to the times, choices kept', async ({
  page,
  request,
  loginAs,
}) => {
  await loginAs('patient');
  await choosePrivateCheckUp(page);
  await chooseClinic(page, 'Helsinki Kamppi');
  await next(page).click();
  await page.getByRole('button', { name: 'Any available practitioner' }).click();
  await pickFirstSlot(page);
  await fillAddress(page);
  await next(page).click();
  await expect(stepHeading(page, 'Check and confirm')).toBeVisible();

  // Another user tries to book the same slot through the API.
  const { slotKey, holdId } = await heldTime(page);
  // While the time is held for the patient, it cannot be taken…
  expect((await bookAsAnotherPatient(request, slotKey)).status()).toBe(409);
  // …but once the hold has ended (released here, as an expiry would end it), it can.
  const released = await request.delete(`/api/slot-holds/${holdId}`, { headers: API_HEADERS });
  expect(released.status()).toBe(204);
  expect((await bookAsAnotherPatient(request, slotKey)).status()).toBe(201);

  await page.getByRole('button', { name: 'Confirm the booking' }).click();
  await expect(stepHeading(page, 'Choose the date and time')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(
    'Someone else booked this time just now. Please choose another time.',
  );
  // The taken time is no longer chosen: no Next until another is tapped.
  await expect(next(page)).toHaveCount(0);
  // The other choices are kept.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(stepHeading(page, 'Choose the clinic')).toBeVisible();
  await expect(locationPicker(page)).toHaveText('Helsinki Kamppi');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Dental check-up/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

// Issue 54: one patient, one chair at a time. Maija already has a check-up at a minute when
// another practitioner is free too: that time is marked in the list and cannot be chosen.
for (const words of [
  { ...FIRST_TIME_WORDS.fi, note: 'Sinulla on jo varaus tähän aikaan' },
  { ...FIRST_TIME_WORDS.sv, note: 'Du har redan en bokning vid den här tiden' },
]) {
  test(`(${words.language}) a time at which the patient already has an appointment is marked and cannot be chosen`, async ({
    page,
    request,
    loginAs,
  }) => {
    const token = await loginAs('patient');
    const query = 'reasonId=1&customerType=private';
    // The first day with free check-up times in Helsinki, as the city's card opens it.
    const branches = (await (
      await request.get('/api/branches', { headers: API_HEADERS })
    ).json()) as {
      Id: number;
      Address: { City: string };
    }[];
    const helsinki = branches
      .filter((branch) => branch.Address.City === 'Helsinki')
      .map((b) => b.Id);
    const first = (await (
      await request.get(`/api/availability/first-free?${query}`, { headers: API_HEADERS })
    ).json()) as { branches: { branchId: number; firstFreeTime: string | null }[] };
    const firstFree = first.branches
      .filter((entry) => helsinki.includes(entry.branchId) && entry.firstFreeTime !== null)
      .map((entry) => String(entry.firstFreeTime))
      .sort((a, b) => Date.parse(a) - Date.parse(b))[0];
    expect(firstFree, 'a free check-up time in Helsinki').toBeDefined();
    const date = String(firstFree).slice(0, 10);
    const day = (await (
      await request.get(
        `/api/availability/day?${query}&date=${date}&${helsinki.map((id) => `branchIds=${id}`).join('&')}`,
        { headers: API_HEADERS },
      )
    ).json()) as { slots: { key: string; startTime: string; endTime: string }[] };
    // Her own appointments: a minute inside one is refused (its own case, not this test's).
    const own = (await (
      await request.get('/api/reservations?group=future', {
        headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
      })
    ).json()) as { startTime: string; endTime: string }[];
    const free = (slot: { startTime: string; endTime: string }) =>
      own.every(
        (mine) =>
          Date.parse(slot.endTime) <= Date.parse(mine.startTime) ||
          Date.parse(slot.startTime) >= Date.parse(mine.endTime),
      );
    // A minute two practitioners have free, clear of her own: Maija books one of them.
    const shared = day.slots.find(
      (slot, index) =>
        free(slot) && day.slots.findIndex((other) => other.startTime === slot.startTime) !== index,
    );
    expect(shared, `two free times at one minute on ${date}`).toBeDefined();
    // Her check-up a week ahead is within 14 days: that question is not this test's.
    await bookSlotThroughApi(
      request,
      token,
      String(day.slots.find((slot) => slot.startTime === shared?.startTime)?.key),
    );
    const time = String(shared?.startTime).slice(11, 16);

    await page.goto(`/${words.language}/reservation`);
    await page.getByRole('radio', { name: words.privateCustomer }).click();
    await page.getByRole('button', { name: words.next, exact: true }).click();
    await page.getByRole('button', { name: words.checkUp }).click();
    await chooseClinic(page, words.city, locationPicker(page, words.clinic));
    await page.getByRole('button', { name: words.inCity }).click();
    const times = page.getByRole('list', { name: words.times });
    // The other practitioners' times at that minute (at any Helsinki clinic) say so, and none
    // can be chosen.
    const sameMinute = times.getByRole('button', { name: new RegExp(` ${time},`) });
    await expect(sameMinute.first()).toBeVisible();
    for (const button of await sameMinute.all()) {
      await expect(button).toBeDisabled();
      await expect(button).toContainText(words.note);
    }
    // Another minute is free to choose.
    await expect(times.getByRole('button', { disabled: false }).first()).toBeVisible();
    await expectNoA11yViolations(page);
  });
}

const refusedVoucherWords = {
  fi: {
    customerType: 'Palveluseteliasiakas',
    number: /numero/,
    next: 'Seuraava',
    notifications: 'Ilmoitukset',
    expired:
      /^Virhe: Palveluseteli oli voimassa \d{1,2}\.\d{1,2}\.\d{4} asti\. Voit varata ajan yksityisasiakkaana\.$/,
  },
  sv: {
    customerType: 'Servicesedelkund',
    number: /nummer/,
    next: 'Nästa',
    notifications: 'Aviseringar',
    expired:
      /^Fel: Servicesedeln gällde till och med \d{1,2}\.\d{1,2}\.\d{4}\. Du kan boka tid som privatkund\.$/,
  },
} as const;

for (const language of ['fi', 'sv'] as const) {
  test(`(${language}) a refused service voucher says why once: at its field, not in a toast as well`, async ({
    page,
  }) => {
    const words = refusedVoucherWords[language];
    await page.goto(`/${language}/reservation`);
    await page.getByRole('radio', { name: words.customerType }).click();
    // The toaster is in place from the first tap: a toast would show at once.
    await expect(
      page.getByRole('region', { name: new RegExp(`^${words.notifications}`) }),
    ).toBeAttached();
    const number = page.getByRole('textbox', { name: words.number });
    await number.fill('PSV-2026-000815');
    await page.getByRole('button', { name: words.next }).click();
    await expect(number).toHaveAccessibleDescription(words.expired);
    // The app toasts a 400 a task after its answer unless the screen shows it at its field:
    // without the field's claim, the toast came within 50 ms here. Two seconds without one.
    const toast = page.locator('[data-sonner-toast]').first();
    const seen = await toast.waitFor({ timeout: 2_000 }).then(
      async () => toast.innerText(),
      () => null,
    );
    expect(seen).toBeNull();
  });
}
