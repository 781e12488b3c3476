import type { Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.ts';
import { resourceIdOf } from './resources.ts';
import { DUPLICATE_WINDOW_MS, storeReservation } from './reservations.ts';
import { SEEDED_RESERVATION_IDS as SEEDED } from './seed.ts';
import {
  attemptBooking,
  book,
  bookingBody,
  firstSlot,
  keyOf,
  slotsFrom,
  type Slot,
} from './test-helpers.ts';

/**
 * The duplicate rule (issue 32 item 5): a booking of a service the patient already has booked,
 * not yet started, less than 14 days before or after, is refused with 409 `duplicate-reservation`
 * naming that reservation, unless the request says `allowDuplicate: true`.
 */

const MINUTE = 60_000;

function userId(h: Harness, key: 'survey' | 'patient'): number {
  return h.state.db.user.findFirst({ where: { devKey: { equals: key } } })!.id;
}

/** A reservation of the survey user, stored as the clinic's systems would, at an exact time. */
function storedFor(
  h: Harness,
  slot: Slot,
  startMs: number,
  status: 'confirmed' | 'tentative' | 'cancelled' = 'confirmed',
  reasonId = 1,
) {
  return storeReservation(h.state, {
    userId: userId(h, 'survey'),
    status,
    branchId: slot.branchId,
    employeeId: slot.employeeId,
    reasonId,
    start: startMs,
  });
}

/**
 * Two free times of one day that do not overlap (the second starts as the first ends or later):
 * two at the same minute would be an overlap with oneself, refused before the duplicate rule.
 */
async function twoApart(h: Harness): Promise<[Slot, Slot]> {
  const slots = await slotsFrom(h, { date: '2026-12-01' });
  const first = slots[0]!;
  const second = slots.find((slot) => Date.parse(slot.startTime) >= Date.parse(first.endTime));
  if (!second) throw new Error('no second time apart from the first');
  return [first, second];
}

async function futureIds(h: Harness): Promise<number[]> {
  const answer = await h.call('listReservations', { as: 'survey', query: { group: 'future' } });
  return (answer.json as Schemas['Reservation'][]).map((reservation) => reservation.id);
}

describe('the duplicate rule', () => {
  test('The same service within 14 days answers 409 duplicate-reservation with that reservation, translated, and books nothing', async () => {
    const h = createHarness();
    const [first, second] = await twoApart(h);
    const booked = await book(h, first!, 'survey', { allowDuplicate: false });
    const outboxBefore = h.state.db.notification.count();

    const answer = await attemptBooking(h, second!);
    expect(answer.status).toBe(409);
    expect(answer.json).toMatchObject({
      Code: 'duplicate-reservation',
      UserMessage: expect.stringContaining('(Dental check-up) on 1.12.2026 at '),
      ExistingReservation: booked,
    });
    expect(await futureIds(h)).toEqual([booked.id]);
    expect(h.state.db.notification.count()).toBe(outboxBefore);

    const finnish = await attemptBooking(h, second!, {}, 'fi');
    expect(finnish.json.UserMessage).toMatch(
      /^Sinulla on jo varattu aika samaan palveluun \(Hammastarkastus\) 1\.12\.2026 klo \d{2}:\d{2}\. Pidä molemmat ajat tai siirrä se tähän aikaan\.$/,
    );
    expect(finnish.json.ExistingReservation.reason.name).toBe('Hammastarkastus');
    const swedish = await attemptBooking(h, second!, {}, 'sv');
    expect(swedish.json.UserMessage).toMatch(
      /^Du har redan en bokad tid för samma tjänst \(.+\) 1\.12\.2026 kl\. \d{2}:\d{2}\. Behåll båda tiderna eller flytta den till den här tiden\.$/,
    );
  });

  test('allowDuplicate: true keeps both', async () => {
    const h = createHarness();
    const [first, second] = await twoApart(h);
    const booked = await book(h, first!, 'survey', { allowDuplicate: false });
    const answer = await attemptBooking(h, second!, { allowDuplicate: true });
    expect(answer.status).toBe(201);
    expect(await futureIds(h)).toEqual([booked.id, answer.json.id]);
  });

  test('The window is under 14 days either side: at exactly 14 days it is no duplicate', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-20' });
    const start = Date.parse(slot.startTime);
    for (const [offset, duplicate] of [
      [DUPLICATE_WINDOW_MS, false],
      [DUPLICATE_WINDOW_MS - MINUTE, true],
      [-DUPLICATE_WINDOW_MS, false],
      [-(DUPLICATE_WINDOW_MS - MINUTE), true],
    ] as const) {
      const stored = storedFor(h, slot, start + offset);
      const answer = await attemptBooking(h, slot);
      if (duplicate) {
        expect(answer.status, `${offset / MINUTE} min`).toBe(409);
        expect(answer.json.ExistingReservation.id).toBe(stored.id);
      } else {
        expect(answer.status, `${offset / MINUTE} min`).toBe(201);
        h.state.db.reservation.delete({ where: { id: { equals: answer.json.id } } });
      }
      h.state.db.reservation.delete({ where: { id: { equals: stored.id } } });
    }
  });

  test('A tentative reservation counts; a cancelled one, another service and another patient’s do not', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-10' });
    const start = Date.parse(slot.startTime);
    const cancelled = storedFor(h, slot, start + 2 * 86_400_000, 'cancelled');
    const cleaning = storedFor(h, slot, start + 2 * 86_400_000, 'confirmed', 2);
    storeReservation(h.state, {
      userId: userId(h, 'patient'),
      status: 'confirmed',
      branchId: slot.branchId,
      employeeId: slot.employeeId,
      reasonId: 1,
      start: start + 3 * 86_400_000,
    });
    expect(cancelled.status).toBe('cancelled');
    expect(cleaning.reasonId).toBe(2);
    const free = await attemptBooking(h, slot);
    expect(free.status).toBe(201);
    h.state.db.reservation.delete({ where: { id: { equals: free.json.id } } });

    const tentative = storedFor(h, slot, start + 5 * 86_400_000, 'tentative');
    const answer = await attemptBooking(h, slot);
    expect(answer.status).toBe(409);
    expect(answer.json.ExistingReservation).toMatchObject({
      id: tentative.id,
      status: 'tentative',
      group: 'tentative',
    });
  });

  test('A reservation that has started is past and no longer counts', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-11-24' });
    const started = storedFor(h, slot, h.state.clock.nowMs() - 10 * MINUTE);
    expect(started.startMs).toBeLessThan(h.state.clock.nowMs());
    expect((await attemptBooking(h, slot)).status).toBe(201);
  });

  test('Of several, the nearest in time is named (the earlier on a tie)', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-15' });
    const start = Date.parse(slot.startTime);
    storedFor(h, slot, start + 6 * 86_400_000);
    const earlier = storedFor(h, slot, start - 2 * 86_400_000);
    storedFor(h, slot, start + 2 * 86_400_000);
    const answer = await attemptBooking(h, slot);
    expect(answer.json.ExistingReservation.id).toBe(earlier.id);
  });

  test('A taken slot answers slot-taken first: choosing another time comes before the question', async () => {
    const h = createHarness();
    const [first, second] = await slotsFrom(h, { date: '2026-12-01' });
    await book(h, first!, 'survey', { allowDuplicate: false });
    await book(h, second!, 'patient');
    const answer = await attemptBooking(h, second!);
    expect(answer.status).toBe(409);
    expect(answer.json.Code).toBe('slot-taken');
  });

  test('Moving the existing reservation to the asked time instead is a plain move', async () => {
    const h = createHarness();
    const seeded = h.state.db.reservation.findFirst({
      where: { id: { equals: SEEDED.futureCheckUp } },
    })!;
    // Maija's seeded check-up a week ahead; she asks for a check-up two days earlier.
    const slot = await firstSlot(h, {
      date: new Date(seeded.startMs - 2 * 86_400_000).toISOString().slice(0, 10),
      branchIds: [seeded.branchId],
    });
    const asked = await h.call('createReservation', {
      as: 'patient',
      body: bookingBody(slot),
    });
    expect(asked.status).toBe(409);
    expect(asked.json.ExistingReservation).toMatchObject({ id: seeded.id, canModify: true });
    const moved = await h.call('moveReservation', {
      as: 'patient',
      path: { id: seeded.id },
      body: { slotKey: slot.key },
    });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ id: seeded.id, startTime: slot.startTime });
  });

  test('A hand-made key of the same service is checked like a listed one', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-03' });
    storedFor(h, slot, Date.parse(slot.startTime) + 86_400_000);
    const key = keyOf({
      branchId: slot.branchId,
      resourceId: resourceIdOf(slot.employeeId, slot.branchId),
      reasonId: 1,
      startTime: slot.startTime,
      endTime: slot.endTime,
    });
    const answer = await h.call('createReservation', {
      as: 'survey',
      body: bookingBody({ key }),
    });
    expect(answer.json.Code).toBe('duplicate-reservation');
  });
});
