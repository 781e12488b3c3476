import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  API_HEADERS,
  bookAsAnotherPatient,
  devToken,
  expect as baseExpect,
  expectNoA11yViolations,
  heldTime,
  resetServer,
  selectOptionStartingWith,
  tabTo,
  test,
} from '../fixtures.ts';
import {
  answerKeepBoth,
  fillAddress,
  firstFreeSlots,
  locationPicker,
  next,
  pickFirstSlot,
  stepHeading,
} from '../booking-steps.ts';

// The machine is shared by several people's runs: first screens (lazy routes and texts) may
// take longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 10_000 });

// Journeys through the booking wizard that change the server's clock, scenarios, maintenance
// and bookings: one at a time, from the seed (reset once before them), each undoing its changes.
test.describe.configure({ mode: 'serial' });
// Clinic times are Finnish local times (FINLAND.md).
test.use({ timezoneId: 'Europe/Helsinki' });

/** The seed's valid service voucher (the dev server's start-up lines). */
const VOUCHER = 'PSV-2026-004512';
/** The seed's clinic phone (GET /api/config `clinicPhone`). */
const CLINIC_PHONE = '010 555 1000';
/** Turku Keskusta (branch 14) in the seed, and a point a few hundred metres from it. */
const NEAR_TURKU_KESKUSTA = { latitude: 60.4525, longitude: 22.2701 };

test.beforeAll(async ({ request }) => {
  await resetServer(request);
});

// ---- Clean-up of server-wide changes, run after every test whatever happened ----------------

interface DevClock {
  now: string;
  frozen: boolean;
}

let clockBefore: DevClock | null = null;
const scenariosOn = new Set<string>();

async function moveClock(request: APIRequestContext, now: string): Promise<void> {
  if (clockBefore === null) {
    const current = await request.get('/api/dev/clock', { headers: API_HEADERS });
    expect(current.ok()).toBe(true);
    clockBefore = (await current.json()) as DevClock;
  }
  const response = await request.put('/api/dev/clock', {
    headers: API_HEADERS,
    data: { now, frozen: true },
  });
  expect(response.ok()).toBe(true);
}

async function setScenario(
  request: APIRequestContext,
  name: string,
  enabled: boolean,
): Promise<void> {
  if (enabled) scenariosOn.add(name);
  const response = await request.put(`/api/dev/scenarios/${name}`, {
    headers: API_HEADERS,
    data: { enabled },
  });
  expect(response.ok()).toBe(true);
  if (!enabled) scenariosOn.delete(name);
}

test.afterEach(async ({ request }) => {
  for (const name of [...scenariosOn]) await setScenario(request, name, false);
  if (clockBefore !== null) {
    // A running clock goes back to real time; a frozen one to where it stood.
    const now = clockBefore.frozen ? clockBefore.now : new Date().toISOString();
    const response = await request.put('/api/dev/clock', {
      headers: API_HEADERS,
      data: { now, frozen: clockBefore.frozen },
    });
    expect(response.ok()).toBe(true);
    clockBefore = null;
  }
});

// ---- Helpers ------------------------------------------------------------------------------

interface Booked {
  id: number;
  startTime: string;
}

/**
 * Books the first free check-up time of a day at Helsinki Kamppi (branch 1) through the API, in
 * English (the messages about it come in the language of the request).
 */
async function bookThroughApi(
  request: APIRequestContext,
  token: string,
  date: string,
  language: 'fi' | 'sv' | 'en' = 'en',
): Promise<Booked> {
  const day = await request.get(
    `/api/availability/day?branchIds=1&reasonId=1&customerType=private&date=${date}`,
    { headers: API_HEADERS },
  );
  expect(day.ok()).toBe(true);
  const slot = ((await day.json()) as { slots: { key: string }[] }).slots[0];
  if (slot === undefined) throw new Error(`no free time on ${date}`);
  const created = await request.post('/api/reservations', {
    headers: { ...API_HEADERS, 'Accept-Language': language, Authorization: `Bearer ${token}` },
    data: {
      slotKey: slot.key,
      customerType: 'private',
      // A journey's setup: the patient may have another check-up near it (the duplicate rule).
      allowDuplicate: true,
      customer: {
        firstName: 'Maija',
        lastName: 'Meikäläinen',
        email: 'maija@example.fi',
        phone: '040 100 0001',
        street: 'Testikatu 1',
        postalCode: '00100',
        city: 'Helsinki',
      },
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as Booked;
}

async function choosePrivateCheckUp(page: Page): Promise<void> {
  await page.goto('/en/reservation');
  await page.getByRole('radio', { name: 'Private customer' }).click();
  await next(page).click();
  await expect(stepHeading(page, 'Choose the service')).toBeVisible();
  // One tap on the service goes on.
  await page.getByRole('button', { name: /^Dental check-up/ }).click();
  await expect(stepHeading(page, 'Choose the clinic')).toBeVisible();
}

/**
 * The test patient Maija has a check-up a week ahead: booking another check-up within 14 days
 * asks first (the duplicate rule). `keepBoth` answers it; without, no question may come.
 */
async function confirmAndExpectThanks(
  page: Page,
  { keepBoth = false }: { keepBoth?: boolean } = {},
): Promise<void> {
  await expect(stepHeading(page, 'Check and confirm')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm the booking' }).click();
  if (keepBoth) await answerKeepBoth(page);
  await expect(stepHeading(page, 'Thank you for your booking')).toBeVisible();
  await expect(page.getByText('Your appointment is booked')).toBeVisible();
}

/** The selected option's text of a native select. */
const selectedLabel = (select: Locator) =>
  select.evaluate((element) => {
    const chosen = (element as HTMLSelectElement).selectedOptions[0];
    return chosen?.textContent ?? '';
  });

// ---- Journeys -----------------------------------------------------------------------------

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
  await selectOptionStartingWith(locationPicker(page), 'Helsinki Kamppi, Helsinki');
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

test.describe('with the device position near a clinic', () => {
  test('choosing the closest location picks the nearest clinic', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(NEAR_TURKU_KESKUSTA);
    await choosePrivateCheckUp(page);
    await locationPicker(page).selectOption({ label: 'Nearest clinic' });
    await expect(locationPicker(page)).toHaveValue('14');
    // The position known, the clinic says how far it is.
    expect(await selectedLabel(locationPicker(page))).toMatch(
      /^Turku Keskusta, Turku – 0\.\d km( \(|$)/,
    );
    await next(page).click();
    await expect(stepHeading(page, 'Choose a practitioner (optional)')).toBeVisible();
    await page.getByRole('button', { name: 'Choose a practitioner', exact: true }).click();
    const popup = page.getByRole('dialog', { name: 'Practitioners' });
    await expect(
      popup.getByRole('heading', { name: 'Practitioners at the chosen clinic' }),
    ).toBeVisible();
    await expect(popup).toContainText('Turku Keskusta');
  });
});

test('a patient who chooses the practitioner first sees their locations first and books them', async ({
  page,
  loginAs,
}) => {
  // Many steps (and axe scans) on a machine shared with others.
  test.slow();
  await loginAs('patient');
  await choosePrivateCheckUp(page);
  await selectOptionStartingWith(
    page.getByRole('combobox', { name: /Choose a practitioner first/ }),
    'Iida Salonen, Dentist',
  );
  const theirs = locationPicker(page).locator('optgroup').first();
  await expect(theirs).toHaveAttribute('label', 'Clinics where Iida Salonen works');
  await expect(theirs.locator('option')).toHaveText([
    /^Tampere Keskusta, Tampere \(first available time \w{3} \d{1,2}\.\d{1,2}\.\d{4} \d\d:\d\d\)$/,
    /^Pori Keskusta, Pori \(first available time /,
  ]);
  await selectOptionStartingWith(locationPicker(page), 'Pori Keskusta, Pori');
  await next(page).click();

  await expect(stepHeading(page, 'Choose a practitioner (optional)')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Chosen practitioner' })).toContainText(
    'Iida Salonen',
  );
  await next(page).click();
  const slotName = await pickFirstSlot(page);
  expect(slotName).toContain('Iida Salonen');
  await fillAddress(page);
  await next(page).click();
  await expect(page.getByText('Iida Salonen', { exact: true })).toBeVisible();
  await confirmAndExpectThanks(page, { keepBoth: true });
});

for (const words of [
  {
    language: 'fi',
    privateCustomer: 'Yksityisasiakas',
    next: 'Seuraava',
    quickClean: /^Fluorikäsittely ja pikapuhdistus/,
    clinic: /^Klinikka/,
    employeeFirst: /^Valitse ensin ammattilainen/,
    firstFree:
      / \((ensimmäinen vapaa aika \S+ \d{1,2}\.\d{1,2}\.\d{4} \d\d:\d\d|ei vapaita aikoja)\)$/,
    dentist: 'Hammaslääkäri',
    choosePractitioner: 'Valitse ammattilainen',
    practitioners: 'Ammattilaiset',
    cardFirstFree: /Ensimmäinen vapaa aika: |Ei vapaita aikoja/,
    back: 'Takaisin',
    inCity: /^Ensimmäinen vapaa aika – \S+: \S+ \d{1,2}\.\d{1,2}\.\d{4} \d\d:\d\d$/,
    times: /^Vapaat ajat /,
    closed: 'Helsinki Munkkiniemi, Helsinki (Suljettu remontin ajan)',
    nearest: 'Lähin klinikka',
    nearTurku: /^Turku Keskusta, Turku – 0,\d km \(/,
  },
  {
    language: 'sv',
    privateCustomer: 'Privatkund',
    next: 'Nästa',
    quickClean: /^Fluorbehandling och snabbrengöring/,
    clinic: /^Klinik/,
    employeeFirst: /^Välj en behandlare först/,
    firstFree: / \((första lediga tid \S+ \d{1,2}\.\d{1,2}\.\d{4} \d\d:\d\d|inga lediga tider)\)$/,
    dentist: 'Tandläkare',
    choosePractitioner: 'Välj behandlare',
    practitioners: 'Behandlare',
    cardFirstFree: /Första lediga tid: |Inga lediga tider/,
    back: 'Tillbaka',
    inCity: /^Första lediga tid – \S+: \S+ \d{1,2}\.\d{1,2}\.\d{4} \d\d:\d\d$/,
    times: /^Lediga tider /,
    closed: 'Helsinki Munkkiniemi, Helsingfors (Stängd under renoveringen)',
    nearest: 'Närmaste klinik',
    nearTurku: /^Turku Keskusta, Åbo – 0,\d km \(/,
  },
]) {
  test(`(${words.language}) only practitioners who do the service are offered, every clinic and practitioner says when it is first free, a closed clinic why, and each clinic how far once the position is known`, async ({
    page,
    context,
    loginAs,
  }) => {
    test.slow();
    await loginAs('patient');
    await page.goto(`/${words.language}/reservation`);
    await page.getByRole('radio', { name: words.privateCustomer }).click();
    await page.getByRole('button', { name: words.next, exact: true }).click();
    // A dental nurse's or hygienist's service: no dentist is offered for it.
    await page.getByRole('button', { name: words.quickClean }).click();
    const practitionerFirst = page.getByRole('combobox', { name: words.employeeFirst });
    const offered = practitionerFirst.locator('option').filter({ hasText: words.firstFree });
    await expect(offered.first()).toBeAttached();
    const names = await offered.allTextContents();
    expect(names.length).toBeGreaterThan(3);
    for (const name of names) expect(name).not.toContain(words.dentist);

    const clinics = page.getByRole('combobox', { name: words.clinic });
    const withTimes = clinics
      .locator('option:not([disabled])')
      .filter({ hasText: words.firstFree });
    await expect(withTimes.first()).toBeAttached();
    // Every city ("– all clinics") and every open clinic says when it is first free.
    const open = await clinics.locator('option:not([disabled])').allTextContents();
    const choices = open.filter((text) => text.includes(',') || text.includes(' – '));
    expect(choices.length).toBeGreaterThan(10);
    for (const text of choices) expect(text).toMatch(words.firstFree);
    // A closed clinic says why, in the page's language.
    await expect(clinics.locator('option[disabled]', { hasText: words.closed })).toBeAttached();
    // The device position asked ("nearest clinic"): each clinic says how far it is.
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(NEAR_TURKU_KESKUSTA);
    await clinics.selectOption({ label: words.nearest });
    await expect(clinics).toHaveValue('14');
    expect(await selectedLabel(clinics)).toMatch(words.nearTurku);
    const value = await clinics
      .locator('option')
      .filter({ hasText: /\d\d:\d\d\)$/ })
      .filter({ hasText: ',' })
      .first()
      .getAttribute('value');
    await clinics.selectOption(value ?? '');
    await page.getByRole('button', { name: words.next, exact: true }).click();

    await page.getByRole('button', { name: words.choosePractitioner }).click();
    const popup = page.getByRole('dialog', { name: words.practitioners });
    const cards = popup.getByRole('button', { pressed: false });
    await expect(cards.first()).toContainText(words.cardFirstFree);
    for (const card of await cards.all()) await expect(card).not.toContainText(words.dentist);
    await expectNoA11yViolations(page);

    // Back on the clinic step: one tap on the city's first available time shows it.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: words.back, exact: true }).click();
    const shortcut = page.getByRole('button', { name: words.inCity });
    const title = (await shortcut.locator('span').first().textContent()) ?? '';
    const [, when] = /: (\S+ \d{1,2}\.\d{1,2}\.\d{4} \d\d:\d\d)$/.exec(title) ?? [];
    expect(when).toBeTruthy();
    await shortcut.click();
    const slots = page.getByRole('list', { name: words.times });
    await expect(slots).toBeVisible();
    await expect(slots.getByRole('button').first()).toContainText(when!.split(' ').at(-1)!);
  });
}

/** The words of the way to the first free time in Helsinki and the details, in fi and sv. */
const FIRST_TIME_WORDS = {
  fi: {
    language: 'fi',
    privateCustomer: 'Yksityisasiakas',
    next: 'Seuraava',
    checkUp: /^Hammastarkastus –/,
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
    previous: 'Aiempi aika',
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
    // From the seed: Maija's only check-up is the one a week ahead. Put back at the end.
    await resetServer(request);
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
    await page.getByRole('button', { name: words.inCity }).click();
    await page.getByRole('list', { name: words.times }).getByRole('button').first().click();
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
      // Moved, not booked twice: the same reservation, at the new time. (The earlier-time panel
      // has a heading of the same words when the new time is more than 24 hours ahead: on a
      // weekend the first free time is Monday's.)
      await expect(
        page.getByRole('term').filter({ hasText: new RegExp(`^${words.previous}$`) }),
      ).toBeVisible();
      expect(after.map((reservation) => reservation.id)).toEqual(before.map((r) => r.id));
    } else {
      expect(after).toHaveLength(2);
    }
    await resetServer(request);
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
    await page.getByRole('button', { name: words.inCity }).click();
    await page.getByRole('list', { name: words.times }).getByRole('button').first().click();
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
  await selectOptionStartingWith(locationPicker(page), 'Helsinki Kamppi, Helsinki');
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
  await expect(next(page)).toBeDisabled();
  // The other choices are kept.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(stepHeading(page, 'Choose the clinic')).toBeVisible();
  await expect(locationPicker(page)).toHaveValue('1');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Dental check-up/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Undone (the time is inside the 24 hours, so not by a cancel): Siiri's check-up would make
  // her next one a duplicate in a later journey.
  await resetServer(request);
});

/**
 * A check-up at Kamppi, any practitioner, the first free time, up to the review. A visitor types
 * their details; a signed-in patient's come from the profile and only the address is added.
 */
async function bookUpToReview(page: Page, as: 'visitor' | 'patient'): Promise<string> {
  await choosePrivateCheckUp(page);
  await selectOptionStartingWith(locationPicker(page), 'Helsinki Kamppi, Helsinki');
  await next(page).click();
  await page.getByRole('button', { name: 'Any available practitioner' }).click();
  const slot = await pickFirstSlot(page);
  if (as === 'visitor') {
    await page.getByRole('textbox', { name: /First name/ }).fill('Vieras');
    await page.getByRole('textbox', { name: /Last name/ }).fill('Varaaja');
    await page.getByRole('textbox', { name: /Email/ }).fill('vieras@example.fi');
    await page.getByRole('textbox', { name: /Phone number/ }).fill('040 765 4321');
  }
  await fillAddress(page);
  await next(page).click();
  await expect(stepHeading(page, 'Check and confirm')).toBeVisible();
  return slot;
}

/** The review still shows the choices made before the detour. */
async function expectChoicesKept(page: Page, slot: string): Promise<void> {
  await expect(stepHeading(page, 'Check and confirm')).toBeVisible();
  const review = page.getByRole('main');
  await expect(review).toContainText('Dental check-up');
  await expect(review).toContainText('Helsinki Kamppi');
  // The slot button's name holds its time (`… 08:00–08:30`): the review shows the same time.
  const time = /\d{2}:\d{2}/.exec(slot)?.[0] ?? '';
  expect(time).not.toBe('');
  await expect(review).toContainText(time);
}

/** The bank login through the dev broker, as the given test person. */
async function bankLogin(page: Page, bankUser: string, banks = 'Banks'): Promise<void> {
  await page.getByRole('list', { name: banks }).getByRole('button').first().click();
  await expect(page).toHaveURL(/\/dev\/bank-broker/);
  await page.getByRole('button', { name: new RegExp(`\\(${bankUser}\\)`) }).click();
}

test('the survey met on a booking step returns to that step with the choices kept', async ({
  page,
}) => {
  const slot = await bookUpToReview(page, 'visitor');
  await page.getByRole('button', { name: 'Confirm the booking' }).click();
  await expect(stepHeading(page, 'Log in to finish the booking')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Log in', exact: true }).click();
  // Siiri has the survey flag: the survey dialog opens over the booking step she returns to.
  await bankLogin(page, 'siiri');
  await expect(page).toHaveURL(/\/en\/reservation\/confirm$/);
  const survey = page.getByRole('dialog', { name: 'Customer survey' });
  await expect(survey).toBeVisible();
  await survey.getByRole('button', { name: 'Skip the survey' }).click();
  await expect(survey).toBeHidden();

  // Spec §4: every wizard step is the reservation page, returned to as it is.
  await expect(page).toHaveURL(/\/en\/reservation\/confirm$/);
  await expectChoicesKept(page, slot);
  await confirmAndExpectThanks(page);
});

test('a visitor logs in at the details step: the identity fills the name, replaces a typed one and says so', async ({
  page,
}) => {
  await choosePrivateCheckUp(page);
  await selectOptionStartingWith(locationPicker(page), 'Helsinki Kamppi, Helsinki');
  await next(page).click();
  await page.getByRole('button', { name: 'Any available practitioner' }).click();
  const slot = await pickFirstSlot(page);
  await expect(page.getByText('Log in to fill in your details automatically')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('textbox', { name: /First name/ }).fill('Testi');
  await page.getByRole('textbox', { name: /Last name/ }).fill('Potilas');
  await page.getByRole('main').getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/login\?returnTo=%2Fen%2Freservation%2Fdetails/);
  await bankLogin(page, 'maija');

  await expect(page).toHaveURL(/\/en\/reservation\/details$/);
  const identity = page.getByRole('region', { name: 'From your identification' });
  await expect(identity).toContainText('Maija Meikäläinen');
  await expect(
    page.getByText(
      'Your name and personal identity code were replaced with those from your identification.',
    ),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await fillAddress(page);
  await next(page).click();
  await expectChoicesKept(page, slot);
  await expect(page.getByRole('main')).toContainText('Maija Meikäläinen');
  await confirmAndExpectThanks(page, { keepBoth: true });
});

test('a token that expires before the final booking call keeps the booking page and its choices', async ({
  page,
  request,
  loginAs,
}) => {
  const token = await loginAs('patient');
  const slot = await bookUpToReview(page, 'patient');
  // The session ends on the server (as an expired token would) while the review is on screen.
  const logout = await request.get('/api/logout', {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
  });
  expect(logout.ok()).toBe(true);

  await page.getByRole('button', { name: 'Confirm the booking' }).click();
  // Spec §8: a 401 on the reservation page signs out without leaving it.
  await expect(stepHeading(page, 'Log in to finish the booking')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/reservation\/login-required$/);
  await page.getByRole('main').getByRole('button', { name: 'Log in', exact: true }).click();
  await bankLogin(page, 'maija');
  await expect(page).toHaveURL(/\/en\/reservation\/confirm$/);
  await expectChoicesKept(page, slot);
  await confirmAndExpectThanks(page, { keepBoth: true });
});

test('without free slots the wizard says so and gives the phone number', async ({
  page,
  request,
}) => {
  await setScenario(request, 'no-free-slots', true);
  await choosePrivateCheckUp(page);
  await selectOptionStartingWith(locationPicker(page), 'Helsinki Kamppi, Helsinki');
  await next(page).click();
  await page.getByRole('button', { name: 'Any available practitioner' }).click();
  await expect(stepHeading(page, 'Choose the date and time')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No available times' })).toBeVisible();
  await expect(page.getByText(`Please call us to book: ${CLINIC_PHONE}.`)).toBeVisible();
  await expect(next(page)).toBeDisabled();
});

test('an expired campaign code says when the campaign ended, and the booking goes on without it', async ({
  page,
  request,
}) => {
  // The seed's KESA25 campaign ended before the seed's today; the server says on which day.
  const check = await request.post('/api/campaign-codes/check', {
    headers: API_HEADERS,
    data: { code: 'KESA25' },
  });
  expect(check.status()).toBe(400);
  const refusal = (await check.json()) as { Problem?: string; ProblemDate?: string };
  expect(refusal.Problem).toBe('expired');
  const [year, month, day] = (refusal.ProblemDate ?? '').split('-').map(Number);
  const ended = `${day}.${month}.${year}`;

  await page.goto('/en/reservation');
  await page.getByRole('radio', { name: 'Private customer' }).click();
  const code = page.getByRole('textbox', { name: 'Campaign code' });
  await code.fill('kesa25');
  await next(page).click();
  const message = `The campaign ended on ${ended}. You can book without the code.`;
  await expect(page.getByText(message)).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription(new RegExp(message.replaceAll('.', '\\.')));
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Continue without the code' }).click();
  await expect(stepHeading(page, 'Choose the service')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/reservation\/reason$/);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Campaign code' })).toHaveValue('');
});

test('a maintenance break switched on through the API reaches a booking page already open', async ({
  page,
  maintenance,
}) => {
  const revisionRead = page.waitForResponse((response) =>
    response.url().endsWith('/api/dev/clock'),
  );
  await page.goto('/en/reservation');
  await expect(page.getByRole('radio', { name: 'Private customer' })).toBeVisible();
  // The QA toolbar has read the dev clock's revision; then QA switches maintenance on by API.
  await revisionRead;
  await maintenance.on();
  // Within the toolbar's next check (every 5 s), without a reload.
  await expect(stepHeading(page, 'Maintenance break')).toBeVisible({ timeout: 15_000 });
});

test('a maintenance break blocks booking', async ({ page, maintenance }) => {
  await maintenance.on();
  await page.goto('/en/reservation');
  await expect(stepHeading(page, 'Maintenance break')).toBeVisible();
  await expect(page.getByText(/Appointments cannot be booked during the break/)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Private customer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
});

test('inside 24 hours both changing and cancelling are replaced by the clinic phone', async ({
  page,
  request,
  loginAs,
}) => {
  const token = await devToken(request, 'patient');
  const listed = await request.get('/api/reservations?group=future', {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
  });
  expect(listed.ok()).toBe(true);
  const reservations = (await listed.json()) as Array<{
    startTime: string;
    canModify: boolean;
    status: string;
  }>;
  // A confirmed one (the Upcoming tab); bookings made by the journeys above wait for confirmation.
  const target = reservations.find(
    (reservation) => reservation.canModify && reservation.status === 'confirmed',
  );
  if (target === undefined) throw new Error('The seed has no changeable reservation');
  // Two hours before it starts (the offset is in the time: +02:00 or +03:00).
  const start = new Date(target.startTime);
  await moveClock(request, new Date(start.getTime() - 2 * 3_600_000).toISOString());
  // Signed in at the moved time (a session does not outlive a week's jump).
  await loginAs('patient');

  await page.goto('/en/reservations');
  const date = `${start.toLocaleDateString('fi-FI', { timeZone: 'Europe/Helsinki' })}`;
  const time = target.startTime.slice(11, 16);
  const card = page
    .getByRole('list', { name: 'Upcoming', exact: true })
    .getByRole('listitem')
    .filter({ hasText: `${date} at ${time}` })
    // The journeys above may have kept both of two bookings at that very minute ("keep both":
    // issue 54 item 2 stops that); the first is as good as the other for the rule.
    .first();
  await expect(card).toBeVisible();
  await expect(card.getByText('Changes by phone only')).toBeVisible();
  await expect(card.getByRole('link', { name: /^\+?[0-9 ]+$/ })).toHaveAttribute('href', /^tel:/);
  await expect(card.getByRole('button', { name: 'Change time' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);
});

// ---- Keyboard only ------------------------------------------------------------------------

/** The focused element shows a focus indicator (an outline or a ring). */
async function expectVisibleFocus(page: Page): Promise<void> {
  const verdict = await page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return 'nothing focused';
    if (!element.matches(':focus-visible')) return `${element.tagName} is not :focus-visible`;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return outline || ring ? 'visible' : `${element.tagName} has no focus indicator`;
  });
  expect(verdict).toBe('visible');
}

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
  await selectOptionStartingWith(locationPicker(page), 'Helsinki Kamppi, Helsinki');
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
      // The clean-up puts back the clock and the preset whatever happens.
      const current = await request.get('/api/dev/clock', { headers: API_HEADERS });
      clockBefore = (await current.json()) as DevClock;
      scenariosOn.add('no-free-slots');
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
    const hour = String(Number(reservation.startTime.slice(11, 13)));
    const when = `9.12.2026 at ${hour}:${reservation.startTime.slice(14, 16)}`;
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
  },
  {
    language: 'sv' as const,
    dialog: 'Byt tid',
    freeDays: /lediga tider$/,
    times: /^Lediga tider /,
    submit: 'Flytta bokningen',
    moved: /^Bokningen flyttades till .* kl\. \d{2}:\d{2}\.$/,
    banks: 'Banker',
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
      await bankLogin(page, 'maija', words.banks);
      await expect(page).toHaveURL(
        new RegExp(`/${words.language}/reservations\\?move=${reservation.id}$`),
      );
      const dialog = page.getByRole('dialog', { name: words.dialog });
      await expect(dialog).toBeVisible();
      const freeDays = dialog.getByRole('button', { name: words.freeDays });
      await freeDays.last().click();
      await dialog.getByRole('list', { name: words.times }).getByRole('button').first().click();
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
  const clock = (iso: string) => `${Number(iso.slice(11, 13))}:${iso.slice(14, 16)}`;
  const freedTime = `${freed.startTime.slice(11, 13)}:${freed.startTime.slice(14, 16)}`;

  try {
    // The browser's today is the dev clock's (the form starts the wish from today).
    await page.clock.setFixedTime(new Date('2026-11-23T10:00:00+02:00'));
    await page.goto('/en/reservations');
    const card = page
      .getByRole('article')
      .filter({ hasText: '10.12.2026 at ' })
      .filter({ has: page.getByRole('heading', { level: 3, name: 'Earlier time' }) });
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
      .filter({ hasText: `26.11.2026 at ${clock(freed.startTime)}` });
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

test('the whole booking can be done with the keyboard alone', async ({ page, loginAs }) => {
  // Many steps (and axe scans) on a machine shared with others.
  test.slow();
  await loginAs('patient');
  await page.goto('/en/reservation');
  await expect(stepHeading(page, 'Who pays for the treatment?')).toBeVisible();

  // Customer type: Tab into the radio group, Space chooses.
  const privateCustomer = page.getByRole('radio', { name: 'Private customer' });
  await tabTo(page, privateCustomer);
  await expectVisibleFocus(page);
  await page.keyboard.press('Space');
  await expect(privateCustomer).toBeChecked();
  await tabTo(page, next(page));
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');

  // Reason: each service is a button; Enter on one chooses it and goes on.
  await expect(stepHeading(page, 'Choose the service')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: /^Dental check-up/ }));
  await page.keyboard.press('Enter');

  // Location: the native select follows typed letters.
  await expect(stepHeading(page, 'Choose the clinic')).toBeVisible();
  await tabTo(page, locationPicker(page));
  await expectVisibleFocus(page);
  await page.keyboard.type('Helsinki Kamppi');
  await expect(locationPicker(page)).toHaveValue('1');
  // Shift+Tab back to the practitioner-first choice and forward again changes nothing.
  await tabTo(page, page.getByRole('combobox', { name: /Choose a practitioner first/ }), true);
  await tabTo(page, next(page));
  await page.keyboard.press('Enter');

  // Practitioner: the popup opens with Enter (focus in its search), Escape closes it back onto
  // its button; then skip.
  await expect(stepHeading(page, 'Choose a practitioner (optional)')).toBeVisible();
  const choose = page.getByRole('button', { name: 'Choose a practitioner', exact: true });
  await tabTo(page, choose);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('searchbox', { name: 'Search practitioners by name' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(choose).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Any available practitioner' }));
  await page.keyboard.press('Enter');

  // Slot: move to a day with times, then choose the first one with Space.
  await expect(stepHeading(page, 'Choose the date and time')).toBeVisible();
  const slots = page.getByRole('list', { name: /^Available times on/ });
  for (let attempt = 0; attempt < 10 && !(await slots.isVisible()); attempt += 1) {
    await expect(page.getByText('Loading the times…')).toHaveCount(0);
    if (await slots.isVisible()) break;
    await tabTo(page, page.getByRole('button', { name: 'Next day' }));
    await page.keyboard.press('Enter');
  }
  const firstSlot = slots.getByRole('button').first();
  await tabTo(page, firstSlot);
  await expectVisibleFocus(page);
  // Space on a time chooses it and goes on to the details.
  await page.keyboard.press('Space');

  // Details: the address comes from the previous booking; the patient retypes the street
  // (select all, type) and Enter in a field submits the step.
  await expect(stepHeading(page, 'Your details')).toBeVisible();
  const street = page.getByRole('textbox', { name: /Street address/ });
  await tabTo(page, street);
  await expectVisibleFocus(page);
  await expect(street).not.toHaveValue('');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Esimerkkikatu 1');
  await expect(street).toHaveValue('Esimerkkikatu 1');
  await page.keyboard.press('Enter');

  // Confirmation.
  await expect(stepHeading(page, 'Check and confirm')).toBeVisible();
  const book = page.getByRole('button', { name: 'Confirm the booking' });
  await tabTo(page, book);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  // Maija's check-up a week ahead is asked about; the question has the focus, the answers follow.
  const question = page.getByRole('group', {
    name: 'You already have a time booked for this service',
  });
  await expect(question).toBeFocused();
  await expect(question.getByRole('alert')).toContainText('You can keep both');
  const keepBoth = page.getByRole('button', { name: 'Keep both' });
  await tabTo(page, keepBoth);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(stepHeading(page, 'Thank you for your booking')).toBeVisible();
});

// ---- Accessibility of every step ----------------------------------------------------------

test('every wizard step, the login detour and the thank-you have no axe violations', async ({
  page,
  request,
}) => {
  // Many steps (and axe scans) on a machine shared with others.
  test.slow();
  await page.goto('/en/reservation');
  await expect(stepHeading(page, 'Who pays for the treatment?')).toBeVisible();
  await page.getByRole('radio', { name: 'Service-voucher customer' }).click();
  await expect(page.getByRole('textbox', { name: /Service voucher number/ })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('radio', { name: 'Private customer' }).click();
  await next(page).click();

  await expect(stepHeading(page, 'Choose the service')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: /^Dental check-up/ }).click();

  await expect(stepHeading(page, 'Choose the clinic')).toBeVisible();
  await selectOptionStartingWith(locationPicker(page), 'Helsinki Kamppi, Helsinki');
  await expectNoA11yViolations(page);
  await next(page).click();

  await expect(stepHeading(page, 'Choose a practitioner (optional)')).toBeVisible();
  await expectNoA11yViolations(page);
  // The popup (spec §9: at most 400 px high), open, with its search.
  await page.getByRole('button', { name: 'Choose a practitioner', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'Practitioners' });
  await expect(
    popup.getByRole('heading', { name: 'Practitioners at the chosen clinic' }),
  ).toBeVisible();
  expect((await popup.boundingBox())?.height).toBeLessThanOrEqual(400);
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await page.getByRole('button', { name: 'Any available practitioner' }).click();

  await firstFreeSlots(page);
  await expectNoA11yViolations(page);
  await pickFirstSlot(page);

  await expect(stepHeading(page, 'Your details')).toBeVisible();
  await next(page).click();
  // The error summary takes the focus; its links lead to the fields.
  await expect(page.locator('[data-error-summary]')).toBeFocused();
  await expect(
    page.getByRole('link', { name: 'Street address: Please fill in this field.' }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('textbox', { name: /First name/ }).fill('Maija');
  await page.getByRole('textbox', { name: /Last name/ }).fill('Meikäläinen');
  await page.getByRole('textbox', { name: /Email/ }).fill('maija@example.fi');
  await page.getByRole('textbox', { name: /Phone number/ }).fill('040 123 4567');
  await fillAddress(page);
  await next(page).click();

  await expect(stepHeading(page, 'Check and confirm')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Confirm the booking' }).click();

  await expect(stepHeading(page, 'Log in to finish the booking')).toBeVisible();
  await expectNoA11yViolations(page);

  // Signed in (a dev session instead of the bank), back at the confirmation.
  const token = await devToken(request, 'patient');
  await page.evaluate((value) => localStorage.setItem('access_token', value), token);
  await page.goto('/en/reservation/confirm');
  await expect(stepHeading(page, 'Check and confirm')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm the booking' }).click();
  // Maija's check-up a week ahead: the duplicate question, scanned too.
  await expect(page.getByText('You already have a time booked for this service')).toBeVisible();
  await expectNoA11yViolations(page);
  await answerKeepBoth(page);
  await expect(stepHeading(page, 'Thank you for your booking')).toBeVisible();
  await expectNoA11yViolations(page);
});

// ---- On a phone ---------------------------------------------------------------------------

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  async function expectNoSidewaysScroll(page: Page): Promise<void> {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }

  test('a new patient books a whole appointment on a phone', async ({ page, request, loginAs }) => {
    // Many steps (and axe scans) on a machine shared with others.
    test.slow();
    // From the seed: the journeys before may have booked Maija a check-up within 24 hours (the
    // day's first free time, depending on the hour the suite runs), which the question below
    // could not offer to move.
    await resetServer(request);
    await loginAs('patient');
    await page.goto('/en/reservation');
    await expect(stepHeading(page, 'Who pays for the treatment?')).toBeVisible();
    // The current step is named above the step numbers.
    await expect(page.getByText('Step 1 of 7: Customer type')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole('radio', { name: 'Private customer' }).click();
    await next(page).click();

    await expect(stepHeading(page, 'Choose the service')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: /^Dental check-up/ }).click();

    await expect(stepHeading(page, 'Choose the clinic')).toBeVisible();
    await selectOptionStartingWith(locationPicker(page), 'Helsinki Kamppi, Helsinki');
    await expectNoSidewaysScroll(page);
    await next(page).click();

    // Nobody chosen: skipping is the main action, no disabled Next comes first.
    await expect(stepHeading(page, 'Choose a practitioner (optional)')).toBeVisible();
    await expect(next(page)).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Any available practitioner' }).click();

    await firstFreeSlots(page);
    await expectNoSidewaysScroll(page);
    await pickFirstSlot(page);

    await expect(stepHeading(page, 'Your details')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Postal code/ })).toHaveAttribute(
      'inputmode',
      'numeric',
    );
    await fillAddress(page);
    await expectNoSidewaysScroll(page);
    await next(page).click();

    await expect(stepHeading(page, 'Check and confirm')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Confirm the booking' }).click();
    // Maija's check-up a week ahead is asked about: the question comes into view, its answers
    // in the bar at the bottom, nothing sideways.
    const question = page.getByText('You already have a time booked for this service');
    await expect(question).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Keep both' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Move that one to this time' })).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await answerKeepBoth(page);
    await expect(stepHeading(page, 'Thank you for your booking')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoA11yViolations(page);
  });
});
