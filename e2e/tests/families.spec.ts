import type { APIRequestContext, Page } from '@playwright/test';
import { API_HEADERS, devToken, expectNoA11yViolations, test, type TestUser } from '../fixtures.ts';
import { checkUpAtKamppiUntil, choosableTimes, stepHeading } from '../booking-steps.ts';
import { expect, moveClock } from '../booking-journey-kit.ts';
import { journeyWords } from '../journey-words.ts';

/**
 * Issue 55: acting for another person, in Finnish and Swedish. A parent books a check-up for a
 * 7-year-old; a 15-year-old hides a visit and the parent sees nothing of it; a guardian's right
 * ends at the child's 18th birthday by the dev clock; an adult moves their father's appointment
 * with a mandate and is refused once it has ended. Each test in a sandbox of its own.
 */

test.use({ timezoneId: 'Europe/Helsinki' });

const WORDS = {
  fi: {
    ...journeyWords.fi,
    choose: 'Kenen asioita hoidat?',
    banner: 'Kenen asioita hoidat',
    child: (name: string, age: number) => `Asioit henkilön ${name} (${age} v) puolesta.`,
    mandator: (name: string) => `Asioit henkilön ${name} puolesta valtuutuksella.`,
    self: 'Hoidat omia asioitasi.',
    switchPerson: 'Vaihda henkilöä',
    reservations: 'Omat varaukset',
    upcoming: 'Tulevat',
    noneUpcoming: 'Sinulla ei ole tulevia varauksia',
    show: 'Näytä huoltajalle',
    patient: 'Kenelle aika varataan',
    replaced: 'korvattiin',
    nextDay: 'Seuraava päivä',
    details: 'Tietosi',
    confirm: 'Tarkista ja vahvista',
    thanks: 'Kiitos varauksestasi',
    rescheduleTitle: 'Vaihda aika',
    freeDays: /vapaita aikoja$/,
    refused: 'Et voi hoitaa tätä asiaa tämän henkilön puolesta. Valitse henkilö uudelleen.',
    whoFor: 'Kenelle varaat ajan?',
    familyTimes: 'Perheen ajat',
    backToBack: /Peräkkäin/,
    familyMembers: 'Kenelle ajat varataan',
    bookFamily: 'Vahvista perheen varaukset',
    familyBooked: 'Perheen ajat on varattu',
  },
  sv: {
    ...journeyWords.sv,
    choose: 'Vems ärenden sköter du?',
    banner: 'Vems ärenden du sköter',
    child: (name: string, age: number) => `Du sköter ärenden för ${name} (${age} år).`,
    mandator: (name: string) => `Du sköter ärenden för ${name} med fullmakt.`,
    self: 'Du sköter dina egna ärenden.',
    switchPerson: 'Byt person',
    reservations: 'Mina bokningar',
    upcoming: 'Kommande',
    noneUpcoming: 'Du har inga kommande bokningar',
    show: 'Visa för vårdnadshavaren',
    patient: 'Vem tiden bokas för',
    replaced: 'ersatts',
    nextDay: 'Nästa dag',
    details: 'Dina uppgifter',
    confirm: 'Granska och bekräfta',
    thanks: 'Tack för din bokning',
    rescheduleTitle: 'Byt tid',
    freeDays: /lediga tider$/,
    refused:
      'Du kan inte sköta det här ärendet för den här personens räkning. Välj person på nytt.',
    whoFor: 'Vem bokar du tid för?',
    familyTimes: 'Familjens tider',
    backToBack: /I följd/,
    familyMembers: 'Vem tiderna bokas för',
    bookFamily: 'Bekräfta familjens bokningar',
    familyBooked: 'Familjens tider är bokade',
  },
} as const;

interface Person {
  id: number;
  firstName: string;
  lastName: string;
  ssn: string;
}

const authorized = (token: string, personId?: number) => ({
  ...API_HEADERS,
  Authorization: `Bearer ${token}`,
  ...(personId === undefined ? {} : { 'X-Acting-For': String(personId) }),
});

async function personNamed(request: APIRequestContext, token: string, firstName: string) {
  const answer = await request.get('/api/persons', { headers: authorized(token) });
  expect(answer.ok()).toBe(true);
  const person = ((await answer.json()) as Person[]).find((p) => p.firstName === firstName);
  if (!person) throw new Error(`${firstName} is not among the user's persons`);
  return person;
}

/** A Helsinki day `days` from the dev clock's now. */
async function dayAhead(request: APIRequestContext, days: number): Promise<string> {
  const clock = (await (await request.get('/api/dev/clock', { headers: API_HEADERS })).json()) as {
    now: string;
  };
  const date = new Date(`${clock.now.slice(0, 10)}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Books the first free check-up at Helsinki Kamppi from `date` on for a person, through the API. */
async function bookFor(
  request: APIRequestContext,
  token: string,
  person: Person,
  date: string,
): Promise<{ id: number; startTime: string }> {
  let day = date;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const answer = await request.get(
      `/api/availability/day?branchIds=1&reasonId=1&customerType=private&date=${day}`,
      { headers: API_HEADERS },
    );
    const found = (await answer.json()) as { slots: { key: string }[]; nextDateWithSlots: string };
    const slot = found.slots[0];
    if (slot === undefined) {
      day = found.nextDateWithSlots;
      continue;
    }
    const booked = await request.post('/api/reservations', {
      headers: authorized(token, person.id),
      data: {
        slotKey: slot.key,
        customerType: 'private',
        customer: {
          firstName: person.firstName,
          lastName: person.lastName,
          email: 'pekka.perhe@example.fi',
          phone: '+358409000960',
          ssn: person.ssn,
          street: 'Perhekatu 7',
          postalCode: '00100',
          city: 'Helsinki',
        },
      },
    });
    expect(booked.status()).toBe(201);
    return (await booked.json()) as { id: number; startTime: string };
  }
  throw new Error(`no free time from ${date}`);
}

/** Signs the page in as another test user (the person choice of the previous one forgotten). */
async function signInAs(page: Page, request: APIRequestContext, user: TestUser): Promise<string> {
  const token = await devToken(request, user);
  await page.evaluate((value) => {
    localStorage.setItem('access_token', value);
    sessionStorage.removeItem('actingFor');
  }, token);
  return token;
}

const banner = (page: Page, words: (typeof WORDS)['fi' | 'sv']) =>
  page.getByRole('region', { name: words.banner });

/** The person choice after the login: taps the person by name. */
async function choosePerson(page: Page, words: (typeof WORDS)['fi' | 'sv'], name: string) {
  const dialog = page.getByRole('dialog', { name: words.choose });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expect(dialog).toBeHidden();
}

const upcomingCards = (page: Page, words: (typeof WORDS)['fi' | 'sv']) =>
  page.getByRole('list', { name: words.upcoming, exact: true }).getByRole('listitem');

for (const language of ['fi', 'sv'] as const) {
  const words = WORDS[language];

  test(`(${language}) a parent books a check-up for their 7-year-old: the child’s name and identity code filled, the visit hers`, async ({
    page,
    request,
    loginAs,
  }) => {
    test.slow();
    const token = await loginAs('guardian');
    const aino = await personNamed(request, token, 'Aino');
    await page.goto(`/${language}/reservation`);
    await choosePerson(page, words, 'Aino Perhe');
    await expect(banner(page, words)).toContainText(words.child('Aino Perhe', 7));
    await expectNoA11yViolations(page);

    await page.getByRole('radio', { name: words.privateCustomer }).click();
    await page.getByRole('button', { name: words.next, exact: true }).click();
    const slots = page.getByRole('list', { name: words.times });
    await checkUpAtKamppiUntil(page, words, slots, words.nextDay);
    await choosableTimes(slots).first().click();

    await expect(stepHeading(page, words.details)).toBeVisible();
    // Whom it is for: Aino's name and identity code, from the persons list (nothing replaced).
    await expect(page.getByRole('region', { name: words.patient })).toContainText('Aino Perhe');
    await expect(page.getByRole('status').filter({ hasText: words.replaced })).toHaveCount(0);
    // The guardian's address and contact details, offered for the messages.
    await expect(page.getByRole('textbox', { name: words.street })).toHaveValue('Perhekatu 7');
    await page.getByRole('button', { name: words.next, exact: true }).click();
    await expect(stepHeading(page, words.confirm)).toBeVisible();
    await page.getByRole('button', { name: words.book }).click();
    await expect(stepHeading(page, words.thanks)).toBeVisible();

    // Aino's appointments: the seed's check-up and the new one; the guardian's own: none.
    await page.goto(`/${language}/reservations`);
    await expect(page.getByRole('heading', { level: 1, name: words.reservations })).toBeVisible();
    await expect(upcomingCards(page, words)).toHaveCount(2);
    const ainos = await request.get('/api/reservations?group=future', {
      headers: authorized(token, aino.id),
    });
    expect(
      ((await ainos.json()) as { customer: { ssn: string } }[]).map((r) => r.customer.ssn),
    ).toEqual([aino.ssn, aino.ssn]);
    const own = await request.get('/api/reservations?group=future', { headers: authorized(token) });
    expect(await own.json()).toEqual([]);
  });

  test(`(${language}) a parent books a check-up for two children back to back in one go: one confirmation for both`, async ({
    page,
    request,
    loginAs,
  }) => {
    test.slow();
    const token = await loginAs('guardian');
    const aino = await personNamed(request, token, 'Aino');
    const eetu = await personNamed(request, token, 'Eetu');
    await page.goto(`/${language}/reservation`);
    await choosePerson(page, words, 'Pekka Perhe');
    const who = page.getByRole('group', { name: words.whoFor });
    await who.getByRole('checkbox', { name: /^Aino Perhe/ }).click();
    await who.getByRole('checkbox', { name: /^Eetu Perhe/ }).click();
    await who.getByRole('checkbox', { name: /^Pekka Perhe/ }).click();
    await expect(who.getByRole('status')).toContainText('2');
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: words.next, exact: true }).click();
    const times = page.getByRole('list', { name: words.familyTimes });
    await checkUpAtKamppiUntil(page, words, times, words.nextDay);
    await expectNoA11yViolations(page);
    await times.getByRole('button', { name: words.backToBack }).first().click();

    await expect(stepHeading(page, words.details)).toBeVisible();
    const members = page.getByRole('region', { name: words.familyMembers });
    await expect(members).toContainText('Aino Perhe');
    await expect(members).toContainText('Eetu Perhe');
    await page.getByRole('button', { name: words.next, exact: true }).click();
    await expect(stepHeading(page, words.confirm)).toBeVisible();
    await page.getByRole('button', { name: words.bookFamily }).click();
    await expect(page.getByText(words.familyBooked)).toBeVisible();

    // Each child's own, back to back with one practitioner, in one block.
    const visitsOf = async (personId: number) =>
      (await (
        await request.get('/api/reservations?group=future', {
          headers: authorized(token, personId),
        })
      ).json()) as {
        startTime: string;
        endTime: string;
        employee: { id: number };
        familyBookingId?: string;
      }[];
    const ainos = (await visitsOf(aino.id)).filter((r) => r.familyBookingId);
    const eetus = (await visitsOf(eetu.id)).filter((r) => r.familyBookingId);
    expect(ainos).toHaveLength(1);
    expect(eetus).toHaveLength(1);
    expect(eetus[0]?.familyBookingId).toBe(ainos[0]?.familyBookingId);
    expect(eetus[0]?.startTime).toBe(ainos[0]?.endTime);
    expect(eetus[0]?.employee.id).toBe(ainos[0]?.employee.id);
    // One confirmation for the block, none per visit.
    const outbox = (await (
      await request.get('/api/dev/outbox', { headers: API_HEADERS })
    ).json()) as { kind: string; familyBookingId?: string; sentAt: string }[];
    const block = outbox.filter((m) => m.familyBookingId === ainos[0]?.familyBookingId);
    expect(block.length).toBeGreaterThan(0);
    expect(block.every((m) => m.kind === 'family-booking-confirmation')).toBe(true);
    expect(new Set(block.map((m) => m.sentAt)).size).toBe(1);
  });

  test(`(${language}) a 15-year-old hides a visit: the parent’s list and calendar file no longer show it`, async ({
    page,
    request,
    loginAs,
  }) => {
    test.slow();
    const parent = await loginAs('guardian');
    const eetu = await personNamed(request, parent, 'Eetu');
    const booked = await bookFor(request, parent, eetu, await dayAhead(request, 5));

    // The parent sees the visit they booked.
    await page.goto(`/${language}/reservations`);
    await choosePerson(page, words, 'Eetu Perhe');
    await expect(banner(page, words)).toContainText(words.child('Eetu Perhe', 15));
    await expect(upcomingCards(page, words)).toHaveCount(1);

    // Eetu signs in with his own bank ID and unticks "show to the guardian" on that visit.
    await signInAs(page, request, 'minor');
    await page.goto(`/${language}/reservations`);
    await expect(page.getByRole('heading', { level: 1, name: words.reservations })).toBeVisible();
    await expect(banner(page, words)).toHaveCount(0);
    const shown = page.getByRole('checkbox', { name: words.show, checked: true });
    await expect(shown).toHaveCount(1);
    await shown.click();
    await expect(page.getByRole('checkbox', { name: words.show, checked: false })).toHaveCount(2);
    await expectNoA11yViolations(page);

    // The parent again: nothing of it, not in the list, not as a calendar file.
    const again = await signInAs(page, request, 'guardian');
    await page.goto(`/${language}/reservations`);
    await choosePerson(page, words, 'Eetu Perhe');
    await expect(page.getByText(words.noneUpcoming)).toBeVisible();
    const calendar = await request.get(`/api/reservations/${booked.id}/calendar`, {
      headers: authorized(again, eetu.id),
    });
    expect(calendar.status()).toBe(404);
  });

  test(`(${language}) a guardian’s right ends as the child turns 18 by the dev clock`, async ({
    page,
    request,
    loginAs,
  }) => {
    const parent = await loginAs('guardian');
    const sara = await personNamed(request, parent, 'Sara');
    await page.goto(`/${language}/reservations`);
    await choosePerson(page, words, 'Sara Perhe');
    await expect(banner(page, words)).toContainText(words.child('Sara Perhe', 17));

    // Midnight of Sara's 18th birthday, Helsinki time (she turns 18 three days after the seed).
    const born = /^(\d{2})(\d{2})(\d{2})/.exec(sara.ssn);
    if (!born) throw new Error('no birth date');
    const birthday = `${2000 + Number(born[3]) + 18}-${born[2]}-${born[1]}`;
    await moveClock(request, `${birthday}T00:00:00+02:00`);
    const token = await signInAs(page, request, 'guardian');
    const refused = await request.get('/api/reservations?group=future', {
      headers: authorized(token, sara.id),
    });
    expect(refused.status()).toBe(403);
    // Signed in again: Sara is no longer offered.
    await page.goto(`/${language}/reservations`);
    const dialog = page.getByRole('dialog', { name: words.choose });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Sara Perhe/ })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /^Eetu Perhe/ })).toBeVisible();
  });

  test(`(${language}) an adult moves her father’s appointment with a mandate and is refused once it has ended`, async ({
    page,
    request,
    loginAs,
  }) => {
    test.slow();
    const tiina = await loginAs('mandatary');
    const veikko = await personNamed(request, tiina, 'Veikko');
    const booked = await bookFor(request, tiina, veikko, await dayAhead(request, 75));

    await page.goto(`/${language}/reservations`);
    await choosePerson(page, words, 'Veikko Valta');
    await expect(banner(page, words)).toContainText(words.mandator('Veikko Valta'));
    const card = upcomingCards(page, words).first();
    await card.getByRole('button', { name: words.changeTime, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: words.rescheduleTitle });
    await expect(dialog).toBeVisible();
    const freeDays = dialog.getByRole('button', { name: words.freeDays });
    await expect(freeDays.first()).toBeVisible();
    await freeDays.first().click();
    const slot = choosableTimes(dialog.getByRole('list', { name: words.times })).first();
    await slot.click();
    await dialog.getByRole('button', { name: words.move }).click();
    await expect(dialog).toBeHidden();
    const moved = await request.get(`/api/reservations/${booked.id}`, {
      headers: authorized(tiina, veikko.id),
    });
    expect(((await moved.json()) as { startTime: string }).startTime).not.toBe(booked.startTime);

    // Two months on, the mandate has ended: the next change is refused, and she is asked again.
    await moveClock(request, `${await dayAhead(request, 61)}T09:00:00+02:00`);
    await signInAs(page, request, 'mandatary');
    await page.evaluate(
      ({ userId, personId }) =>
        sessionStorage.setItem('actingFor', JSON.stringify({ userId, personId })),
      { userId: await userIdOf(request, 'mandatary'), personId: veikko.id },
    );
    await page.goto(`/${language}/reservations`);
    await expect(page.getByText(words.refused).first()).toBeVisible();
    // Nobody else to act for now: her own matters, no banner, no choice.
    await expect(page.getByText(words.noneUpcoming)).toBeVisible();
    await expect(banner(page, words)).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
}

async function userIdOf(request: APIRequestContext, user: TestUser): Promise<number> {
  const token = await devToken(request, user);
  const me = await request.get('/api/me', { headers: authorized(token) });
  return ((await me.json()) as { Id: number }).Id;
}
