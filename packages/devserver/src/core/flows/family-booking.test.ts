import type { Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.ts';
import { slotsFrom, type Slot } from '../booking/test-helpers.ts';
import { addDaysToDate, helsinkiDate } from '../clock.ts';
import { createSession } from '../users/sessions.ts';

// A family booking (issue 55, createFamilyBooking): one service for two to four persons, back
// to back or at the same time, held together and booked all or none, one confirmation and one
// reminder for the block.

type FamilyBooking = Schemas['FamilyBooking'];
type Outbox = Schemas['OutboxMessage'][];

function member(h: Harness, firstName: string, lastName = 'Perhe') {
  const user = h.state.db.user.findFirst({
    where: { firstName: { equals: firstName }, lastName: { equals: lastName } },
  });
  if (!user) throw new Error(`the seed has no ${firstName} ${lastName}`);
  return { ...user, token: createSession(h.state, user.id).token };
}

const CONTACT = {
  email: 'pekka.perhe@example.fi',
  phone: '+358 40 765 4321',
  street: 'Perhekuja 3',
  postalCode: '00100',
  city: 'Helsinki',
};

/** Two free times back to back with one practitioner, on the first day that has them. */
async function backToBack(h: Harness, count = 2): Promise<Slot[]> {
  let date = addDaysToDate(helsinkiDate(h.state.clock.now()), 5);
  for (let tries = 0; tries < 20; tries++) {
    const slots = await slotsFrom(h, { date, branchIds: [1] });
    for (const first of slots) {
      const run = [first];
      while (run.length < count) {
        const next = slots.find(
          (slot) => slot.employeeId === first.employeeId && slot.startTime === run.at(-1)!.endTime,
        );
        if (!next) break;
        run.push(next);
      }
      if (run.length === count) return run;
    }
    date = addDaysToDate(slots[0]!.startTime.slice(0, 10), 1);
  }
  throw new Error('no times back to back');
}

/** Two free times at the same start with two practitioners at one clinic. */
async function sameTime(h: Harness): Promise<Slot[]> {
  let date = addDaysToDate(helsinkiDate(h.state.clock.now()), 5);
  for (let tries = 0; tries < 20; tries++) {
    const slots = await slotsFrom(h, { date, branchIds: [1] });
    for (const first of slots) {
      const other = slots.find(
        (slot) => slot.startTime === first.startTime && slot.employeeId !== first.employeeId,
      );
      if (other) return [first, other];
    }
    date = addDaysToDate(slots[0]!.startTime.slice(0, 10), 1);
  }
  throw new Error('no times at the same start');
}

function bookFamily(
  h: Harness,
  token: string,
  members: { personId: number; slotKey: string }[],
  extra: { holdId?: string; campaignCode?: string } = {},
) {
  return h.call('createFamilyBooking', { token, body: { members, contact: CONTACT, ...extra } });
}

async function outbox(h: Harness, kind?: string): Promise<Outbox> {
  const answer = await h.call('listDevOutbox', { query: kind === undefined ? {} : { kind } });
  return answer.json as Outbox;
}

describe('a family booking', () => {
  test('books two children back to back: each reservation is the child’s, one confirmation goes to the guardian', async () => {
    const h = createHarness();
    const pekka = member(h, 'Pekka');
    const aino = member(h, 'Aino');
    const eetu = member(h, 'Eetu');
    const [first, second] = await backToBack(h);
    const before = (await outbox(h)).length;
    const answer = await bookFamily(h, pekka.token, [
      { personId: aino.id, slotKey: first!.key },
      { personId: eetu.id, slotKey: second!.key },
    ]);
    expect(answer.status).toBe(201);
    const booked = answer.json as FamilyBooking;
    expect(booked.id).toMatch(/^fb-/);
    expect(booked.reservations.map((r) => [r.customer.firstName, r.customer.ssn])).toEqual([
      ['Aino', aino.ssn],
      ['Eetu', eetu.ssn],
    ]);
    expect(booked.reservations.every((r) => r.familyBookingId === booked.id)).toBe(true);
    expect(booked.reservations[0]!.customer).toMatchObject({
      email: CONTACT.email,
      phone: CONTACT.phone,
    });
    // Each child's own, seen by the guardian acting for them, not the guardian's own.
    const ainos = await h.call('listReservations', {
      token: pekka.token,
      headers: { 'X-Acting-For': String(aino.id) },
      query: { group: 'future' },
    });
    expect((ainos.json as Schemas['Reservation'][]).map((r) => r.id)).toContain(
      booked.reservations[0]!.id,
    );
    const own = await h.call('listReservations', {
      token: pekka.token,
      query: { group: 'future' },
    });
    expect((own.json as Schemas['Reservation'][]).some((r) => r.familyBookingId)).toBe(false);
    // One confirmation for the block (by Pekka's consents), naming both children; no per-visit one.
    const messages = (await outbox(h)).slice(0, (await outbox(h)).length - before);
    expect(messages.every((m) => m.kind === 'family-booking-confirmation')).toBe(true);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages[0]).toMatchObject({ userId: pekka.id, familyBookingId: booked.id });
    expect(messages[0]!.text).toContain('Aino');
    expect(messages[0]!.text).toContain('Eetu');
    // Both acts for another are in the children's access logs.
    for (const child of [aino, eetu]) {
      const log = await h.call('listAccessLog', { token: child.token, query: {} });
      expect(JSON.stringify(log.json)).toContain('createFamilyBooking');
    }
  });

  test('one reminder for the block before its first visit; a member moved out of it is no longer named', async () => {
    const h = createHarness();
    const pekka = member(h, 'Pekka');
    const aino = member(h, 'Aino');
    const eetu = member(h, 'Eetu');
    const [first, second] = await backToBack(h);
    const booked = (
      await bookFamily(h, pekka.token, [
        { personId: aino.id, slotKey: first!.key },
        { personId: eetu.id, slotKey: second!.key },
      ])
    ).json as FamilyBooking;
    const scheduled = () =>
      h.state.db.notification
        .findMany({
          where: { familyBookingId: { equals: booked.id }, kind: { equals: 'family-reminder' } },
        })
        .filter((row) => row.status === 'scheduled');
    expect(scheduled().length).toBeGreaterThan(0);
    expect(scheduled().every((row) => row.text.includes('Aino') && row.text.includes('Eetu'))).toBe(
      true,
    );
    expect(Date.parse(first!.startTime) - scheduled()[0]!.dueMs).toBe(48 * 3_600_000);
    // No per-visit reminder of the block's reservations.
    const perVisit = h.state.db.notification.findMany({
      where: { kind: { equals: 'reminder' }, status: { equals: 'scheduled' } },
    });
    expect(
      perVisit.some((row) => booked.reservations.some((r) => r.id === row.reservationId)),
    ).toBe(false);
    // Eetu's visit cancelled: it leaves the block, whose reminder now names Aino only.
    const cancelled = await h.call('cancelReservation', {
      token: pekka.token,
      headers: { 'X-Acting-For': String(eetu.id) },
      path: { id: booked.reservations[1]!.id },
    });
    expect(cancelled.status).toBe(200);
    expect((cancelled.json as Schemas['Reservation']).familyBookingId).toBeUndefined();
    expect(scheduled().length).toBeGreaterThan(0);
    expect(
      scheduled().every((row) => row.text.includes('Aino') && !row.text.includes('Eetu')),
    ).toBe(true);
  });

  test('at the same time with two practitioners', async () => {
    const h = createHarness();
    const pekka = member(h, 'Pekka');
    const aino = member(h, 'Aino');
    const [one, two] = await sameTime(h);
    const answer = await bookFamily(h, pekka.token, [
      { personId: pekka.id, slotKey: one!.key },
      { personId: aino.id, slotKey: two!.key },
    ]);
    expect(answer.status).toBe(201);
    const booked = answer.json as FamilyBooking;
    expect(booked.reservations.map((r) => r.customer.firstName)).toEqual(['Pekka', 'Aino']);
  });

  test('all or none: a time taken meanwhile books no one and names the member', async () => {
    const h = createHarness();
    const pekka = member(h, 'Pekka');
    const aino = member(h, 'Aino');
    const eetu = member(h, 'Eetu');
    const [first, second] = await backToBack(h);
    // Someone else books the second time first.
    const other = await h.call('createSlotHold', { body: { slotKey: second!.key } });
    expect(other.status).toBe(201);
    const count = h.state.db.reservation.count();
    const answer = await bookFamily(h, pekka.token, [
      { personId: aino.id, slotKey: first!.key },
      { personId: eetu.id, slotKey: second!.key },
    ]);
    expect(answer.status).toBe(409);
    expect(answer.json).toMatchObject({ Code: 'slot-taken', ProblemIndex: 1 });
    expect(h.state.db.reservation.count()).toBe(count);
  });

  test('a family hold keeps all its times from others and lets its holder book them', async () => {
    const h = createHarness();
    const pekka = member(h, 'Pekka');
    const aino = member(h, 'Aino');
    const eetu = member(h, 'Eetu');
    const [first, second] = await backToBack(h);
    const held = await h.call('createSlotHold', {
      token: pekka.token,
      body: { slotKey: first!.key, familySlotKeys: [second!.key] },
    });
    expect(held.status).toBe(201);
    const hold = held.json as Schemas['SlotHold'];
    expect(hold.familySlotKeys).toEqual([second!.key]);
    const read = await h.call('getSlotHold', { path: { holdId: hold.id } });
    expect((read.json as Schemas['SlotHold']).familySlotKeys).toEqual([second!.key]);
    // Anyone else: both times are taken.
    for (const slot of [first!, second!]) {
      const taken = await h.call('createSlotHold', { body: { slotKey: slot.key } });
      expect(taken.status).toBe(409);
    }
    const booked = await bookFamily(
      h,
      pekka.token,
      [
        { personId: aino.id, slotKey: first!.key },
        { personId: eetu.id, slotKey: second!.key },
      ],
      { holdId: hold.id },
    );
    expect(booked.status).toBe(201);
    // Used up, with its other time.
    expect((await h.call('getSlotHold', { path: { holdId: hold.id } })).status).toBe(404);
    expect(h.state.db.slotHold.count()).toBe(0);
  });

  test('a family hold is all or none, and released whole', async () => {
    const h = createHarness();
    const [first, second] = await backToBack(h);
    const other = await h.call('createSlotHold', { body: { slotKey: second!.key } });
    expect(other.status).toBe(201);
    const refused = await h.call('createSlotHold', {
      body: { slotKey: first!.key, familySlotKeys: [second!.key] },
    });
    expect(refused.status).toBe(409);
    expect(h.state.db.slotHold.count()).toBe(1);
    await h.call('releaseSlotHold', { path: { holdId: (other.json as Schemas['SlotHold']).id } });
    const held = await h.call('createSlotHold', {
      body: { slotKey: first!.key, familySlotKeys: [second!.key] },
    });
    expect(held.status).toBe(201);
    expect(h.state.db.slotHold.count()).toBe(2);
    const released = await h.call('releaseSlotHold', {
      path: { holdId: (held.json as Schemas['SlotHold']).id },
    });
    expect(released.status).toBe(204);
    expect(h.state.db.slotHold.count()).toBe(0);
  });

  test('refuses what cannot be a family block, and a person the user may not book for, booking nothing', async () => {
    const h = createHarness();
    const pekka = member(h, 'Pekka');
    const aino = member(h, 'Aino');
    const veikko = member(h, 'Veikko', 'Valta');
    const [first, second] = await backToBack(h);
    const count = h.state.db.reservation.count();
    const twice = await bookFamily(h, pekka.token, [
      { personId: aino.id, slotKey: first!.key },
      { personId: aino.id, slotKey: second!.key },
    ]);
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.json)).toContain('members[1].personId');
    const sameSlot = await bookFamily(h, pekka.token, [
      { personId: pekka.id, slotKey: first!.key },
      { personId: aino.id, slotKey: first!.key },
    ]);
    expect(sameSlot.status).toBe(400);
    const notHis = await bookFamily(h, pekka.token, [
      { personId: pekka.id, slotKey: first!.key },
      { personId: veikko.id, slotKey: second!.key },
    ]);
    expect(notHis.status).toBe(403);
    expect(notHis.json).toMatchObject({ Code: 'not-allowed-for-person' });
    const alone = await bookFamily(h, pekka.token, [{ personId: pekka.id, slotKey: first!.key }]);
    expect(alone.status).toBe(400);
    const signedOut = await h.call('createFamilyBooking', {
      body: {
        members: [
          { personId: pekka.id, slotKey: first!.key },
          { personId: aino.id, slotKey: second!.key },
        ],
        contact: CONTACT,
      },
    });
    expect(signedOut.status).toBe(401);
    expect(h.state.db.reservation.count()).toBe(count);
  });
});
