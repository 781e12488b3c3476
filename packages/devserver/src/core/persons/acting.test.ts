import { birthDateOf, type Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.ts';
import { bookingBody, customer, firstSlot, slotsFrom } from '../booking/test-helpers.ts';
import { addDaysToDate, helsinkiDate, helsinkiInstant } from '../clock.ts';
import { createSession } from '../users/sessions.ts';

// Acting for another person through the API (issue 55, FINLAND.md): `X-Acting-For` on the
// booking, reservation, waitlist, health-form and coupon calls, by the dev clock.

type Reservation = Schemas['Reservation'];

function member(h: Harness, firstName: string, lastName = 'Perhe') {
  const user = h.state.db.user.findFirst({
    where: { firstName: { equals: firstName }, lastName: { equals: lastName } },
  });
  if (!user) throw new Error(`the seed has no ${firstName} ${lastName}`);
  return { ...user, token: createSession(h.state, user.id).token };
}

const forPerson = (id: number) => ({ 'X-Acting-For': String(id) });

const inAWeek = (h: Harness) => addDaysToDate(helsinkiDate(h.state.clock.now()), 7);

/** A guardian's (or mandatary's) booking of a check-up for a person, with the person's name. */
async function bookFor(
  h: Harness,
  actor: { token: string },
  person: { id: number; firstName: string; lastName: string; ssn: string },
  slot?: Schemas['Slot'],
): Promise<Reservation> {
  const chosen = slot ?? (await firstSlot(h, { date: inAWeek(h) }));
  const answer = await h.call('createReservation', {
    token: actor.token,
    headers: forPerson(person.id),
    body: bookingBody(chosen, {
      customer: customer({
        firstName: person.firstName,
        lastName: person.lastName,
        ssn: person.ssn,
      }),
    }),
  });
  expect(answer.status).toBe(201);
  return answer.json as Reservation;
}

async function futureOf(h: Harness, actor: { token: string }, personId?: number) {
  const answer = await h.call('listReservations', {
    token: actor.token,
    query: { group: 'future' },
    ...(personId === undefined ? {} : { headers: forPerson(personId) }),
  });
  expect(answer.status).toBe(200);
  return (answer.json as Reservation[]).map((reservation) => reservation.id);
}

describe('a guardian acts for a child', () => {
  test('books a check-up for a 7-year-old: the reservation is the child’s, not the guardian’s, and both guardians see it', async () => {
    const h = createHarness();
    const pekka = member(h, 'Pekka');
    const aino = member(h, 'Aino');
    const booked = await bookFor(h, pekka, aino);
    expect(booked.customer).toMatchObject({ firstName: 'Aino', ssn: aino.ssn });
    const ainos = await futureOf(h, pekka, aino.id);
    expect(ainos).toContain(booked.id);
    expect(await futureOf(h, pekka)).not.toContain(booked.id);
    // Liisa, Aino's other guardian, sees the same; so does Aino's own view.
    expect(await futureOf(h, member(h, 'Liisa'), aino.id)).toEqual(ainos);
    expect(await futureOf(h, aino)).toEqual(ainos);
    // The guardian moves it on the child's behalf, as the child would.
    const read = await h.call('getReservation', {
      token: pekka.token,
      headers: forPerson(aino.id),
      path: { id: booked.id },
    });
    expect(read.status).toBe(200);
    // Without the header the call is the guardian's own: the child's reservation is not theirs.
    const own = await h.call('getReservation', { token: pekka.token, path: { id: booked.id } });
    expect(own.status).toBe(404);
  });

  test('every act for the child is in the child’s access log with both identities; the guardian’s own log is untouched', async () => {
    const h = createHarness();
    const pekka = member(h, 'Pekka');
    const aino = member(h, 'Aino');
    await bookFor(h, pekka, aino);
    await futureOf(h, pekka, aino.id);
    const log = await h.call('listAccessLog', { token: aino.token });
    expect(log.status).toBe(200);
    const entries = (log.json as Schemas['AccessLogPage']).items;
    expect(
      entries.map((entry) => [entry.actor, entry.action, entry.fields, entry.operation]),
    ).toEqual([
      [{ role: 'guardian', name: 'Pekka Perhe' }, 'read', ['reservations'], 'listReservations'],
      [{ role: 'guardian', name: 'Pekka Perhe' }, 'change', ['reservations'], 'createReservation'],
    ]);
    const pekkasLog = await h.call('listAccessLog', { token: pekka.token });
    expect((pekkasLog.json as Schemas['AccessLogPage']).items).toEqual([]);
  });

  test('a child the guardian may not act for, or someone else’s, is refused alike: 403 not-allowed-for-person', async () => {
    const h = createHarness();
    const pekka = member(h, 'Pekka');
    for (const person of [member(h, 'Oona'), member(h, 'Veikko', 'Valta')]) {
      const answer = await h.call('listReservations', {
        token: pekka.token,
        headers: forPerson(person.id),
        query: { group: 'future' },
      });
      expect(answer.status).toBe(403);
      expect(answer.json).toMatchObject({ Code: 'not-allowed-for-person' });
    }
    // A call that is never made for another person does not take the header: it is the
    // user's own, whatever the header says (the portal sends it only where the contract has it).
    const settings = await h.call('getUserSettings', {
      token: pekka.token,
      headers: forPerson(member(h, 'Aino').id),
    });
    expect(settings.status).toBe(200);
    expect(settings.json).toEqual((await h.call('getUserSettings', { token: pekka.token })).json);
    // Naming oneself is the same as no header; a header that is not an id is a field error.
    const self = await h.call('listReservations', {
      token: pekka.token,
      headers: forPerson(pekka.id),
      query: { group: 'future' },
    });
    expect(self.status).toBe(200);
    const malformed = await h.call('listReservations', {
      token: pekka.token,
      headers: { 'X-Acting-For': 'aino' },
      query: { group: 'future' },
      unchecked: true,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({
      Code: 'validation-failed',
      Errors: [{ field: 'X-Acting-For' }],
    });
  });

  test('the right ends as the 18th birthday begins: a visit the guardian booked stays the now-adult’s, no longer the guardian’s to see', async () => {
    const h = createHarness();
    const pekka = member(h, 'Pekka');
    const sara = member(h, 'Sara');
    const booked = await bookFor(h, pekka, sara);
    const born = birthDateOf(sara.ssn) ?? '';
    const birthday = `${Number(born.slice(0, 4)) + 18}${born.slice(4)}`;
    // Days on by the dev clock: signed in again (a session lasts 8 hours).
    h.state.clock.set(new Date(helsinkiInstant(birthday, '00:00').getTime() - 1000), true);
    expect(await futureOf(h, member(h, 'Pekka'), sara.id)).toEqual([booked.id]);
    h.state.clock.set(helsinkiInstant(birthday, '00:00'), true);
    const refused = await h.call('getReservation', {
      token: member(h, 'Pekka').token,
      headers: forPerson(sara.id),
      path: { id: booked.id },
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ Code: 'not-allowed-for-person' });
    expect(await futureOf(h, member(h, 'Sara'))).toEqual([booked.id]);
  });
});

describe('a 12–17-year-old hides a visit from the guardians', () => {
  async function hiddenVisit(h: Harness) {
    const pekka = member(h, 'Pekka');
    const eetu = member(h, 'Eetu');
    const booked = await bookFor(h, pekka, eetu);
    const hidden = await h.call('setReservationVisibility', {
      token: eetu.token,
      path: { id: booked.id },
      body: { hiddenFromGuardians: true },
    });
    expect(hidden.status).toBe(200);
    return { pekka, eetu, booked, hidden: hidden.json as Reservation };
  }

  test('the guardian then sees nothing of it: not listed, not readable, no calendar file, no waitlist', async () => {
    const h = createHarness();
    const { pekka, eetu, booked, hidden } = await hiddenVisit(h);
    expect(hidden.hiddenFromGuardians).toBe(true);
    // The messages go to Eetu's own contact details, never the guardian's the booking gave.
    expect(hidden.customer).toMatchObject({ email: eetu.email, phone: eetu.phone });
    expect(await futureOf(h, pekka, eetu.id)).toEqual([]);
    expect(await futureOf(h, eetu)).toContain(booked.id);
    for (const operation of ['getReservation', 'getReservationCalendar'] as const) {
      const answer = await h.call(operation, {
        token: pekka.token,
        headers: forPerson(eetu.id),
        path: { id: booked.id },
      });
      expect(answer.status, operation).toBe(404);
    }
    const waitlist = await h.call('setWaitlistEntry', {
      token: pekka.token,
      headers: forPerson(eetu.id),
      path: { id: booked.id },
      body: { scope: 'branch', sameEmployee: false, earliestDate: inAWeek(h) },
    });
    expect(waitlist.status).toBe(404);
    const cancel = await h.call('cancelReservation', {
      token: pekka.token,
      headers: forPerson(eetu.id),
      path: { id: booked.id },
    });
    expect(cancel.status).toBe(404);
  });

  test('a booking at the hidden visit’s time is refused without naming it; shown again, the guardian sees it', async () => {
    const h = createHarness();
    const { pekka, eetu, booked } = await hiddenVisit(h);
    const slots = await slotsFrom(h, { date: booked.startTime.slice(0, 10) });
    const sameTime = slots.find((slot) => slot.startTime === booked.startTime);
    if (!sameTime) throw new Error('no other practitioner free at the same time');
    const answer = await h.call('createReservation', {
      token: pekka.token,
      headers: forPerson(eetu.id),
      body: bookingBody(sameTime, { customer: customer({ firstName: 'Eetu', ssn: eetu.ssn }) }),
    });
    expect(answer.status).toBe(409);
    expect(answer.json).toMatchObject({ Code: 'slot-unavailable' });
    expect(JSON.stringify(answer.json)).not.toContain(String(booked.id));
    const shown = await h.call('setReservationVisibility', {
      token: eetu.token,
      path: { id: booked.id },
      body: { hiddenFromGuardians: false },
    });
    expect(shown.status).toBe(200);
    expect(await futureOf(h, pekka, eetu.id)).toEqual([booked.id]);
  });

  test('only the minor themself hides: not an adult, not a guardian on the child’s behalf', async () => {
    const h = createHarness();
    const pekka = member(h, 'Pekka');
    const own = await bookFor(h, pekka, pekka);
    const adult = await h.call('setReservationVisibility', {
      token: pekka.token,
      path: { id: own.id },
      body: { hiddenFromGuardians: true },
    });
    expect(adult.status).toBe(403);
    expect(adult.json).toMatchObject({ Code: 'not-allowed-for-person' });
    const eetu = member(h, 'Eetu');
    const eetus = await bookFor(h, pekka, eetu);
    const onBehalf = await h.call('setReservationVisibility', {
      token: pekka.token,
      headers: forPerson(eetu.id),
      path: { id: eetus.id },
      body: { hiddenFromGuardians: false },
    });
    // The call is never made for another person: it is Pekka's own, and Eetu's visit is not his.
    expect(onBehalf.status).toBe(404);
  });
});

describe('a hidden visit’s messages', () => {
  test('its reminder reaches the minor, never the guardian whose phone the booking gave', async () => {
    const h = createHarness();
    const pekka = member(h, 'Pekka');
    const eetu = member(h, 'Eetu');
    // Two weeks on: its reminder (48 hours before) is still to come.
    const slot = await firstSlot(h, { date: addDaysToDate(helsinkiDate(h.state.clock.now()), 14) });
    const answer = await h.call('createReservation', {
      token: pekka.token,
      headers: forPerson(eetu.id),
      body: bookingBody(slot, {
        customer: customer({
          firstName: 'Eetu',
          lastName: 'Perhe',
          ssn: eetu.ssn,
          email: pekka.email ?? '',
          phone: pekka.phone ?? '',
        }),
      }),
    });
    expect(answer.status).toBe(201);
    const booked = answer.json as Reservation;
    const reminders = async () => {
      const outbox = await h.call('listDevOutbox', { query: { kind: 'reminder' } });
      return (outbox.json as { reservationId: number | null; to: string }[])
        .filter((message) => message.reservationId === booked.id)
        .map((message) => message.to);
    };
    const hidden = await h.call('setReservationVisibility', {
      token: eetu.token,
      path: { id: booked.id },
      body: { hiddenFromGuardians: true },
    });
    expect(hidden.status).toBe(200);
    // The reminder's day by the dev clock: it went to Eetu's phone, none to Pekka's.
    h.state.clock.set(new Date(Date.parse(booked.startTime) - 47 * 3_600_000), true);
    expect(await reminders()).toEqual([eetu.phone]);
  });
});

describe('an adult acts for another with a mandate', () => {
  test('moves the mandator’s appointment while the mandate is live; refused at once when it is withdrawn', async () => {
    const h = createHarness();
    const tiina = member(h, 'Tiina', 'Valta');
    const veikko = member(h, 'Veikko', 'Valta');
    const [first, second] = await slotsFrom(h, { date: inAWeek(h) });
    if (!first || !second) throw new Error('two slots needed');
    const booked = await bookFor(h, tiina, veikko, first);
    const log = await h.call('listAccessLog', { token: veikko.token });
    expect((log.json as Schemas['AccessLogPage']).items[0]?.actor).toEqual({
      role: 'mandatary',
      name: 'Tiina Valta',
    });
    h.state.db.relation.update({
      where: { subjectId: { equals: veikko.id } },
      data: { withdrawn: true },
    });
    const moved = await h.call('moveReservation', {
      token: tiina.token,
      headers: forPerson(veikko.id),
      path: { id: booked.id },
      body: { slotKey: second.key },
    });
    expect(moved.status).toBe(403);
    expect(moved.json).toMatchObject({ Code: 'not-allowed-for-person' });
  });

  test('an expired mandate gives no right', async () => {
    const h = createHarness();
    const answer = await h.call('listReservations', {
      token: member(h, 'Tiina', 'Valta').token,
      headers: forPerson(member(h, 'Helmi', 'Valta').id),
      query: { group: 'future' },
    });
    expect(answer.status).toBe(403);
  });
});
