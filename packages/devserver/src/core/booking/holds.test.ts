import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { createHarness, TEST_NOW, type Harness } from '../../../test/harness.ts';
import { loadStateFile, saveStateFile } from '../persistence.ts';
import { createSeededState } from '../seed.ts';
import { checkSlot, readSlotKey } from './slot-check.ts';
import { getHold, HOLD_MS } from './holds.ts';
import { book, bookingBody, daySlots, firstSlot, type Slot } from './test-helpers.ts';

/**
 * Held slots (issue 32 item 4, decision 023): a chosen time is held for 10 minutes of the dev
 * clock, hidden from everyone else, and booked without meeting `slot-taken`.
 */

async function hold(h: Harness, slot: Pick<Slot, 'key'>) {
  return h.call('createSlotHold', { body: { slotKey: slot.key } });
}

async function held(h: Harness, slot: Pick<Slot, 'key'>): Promise<Schemas['SlotHold']> {
  const answer = await hold(h, slot);
  expect(answer.status).toBe(201);
  return answer.json as Schemas['SlotHold'];
}

async function keysOn(h: Harness, date: string, employeeId?: number): Promise<string[]> {
  const day = await daySlots(h, { date, ...(employeeId === undefined ? {} : { employeeId }) });
  return day.slots.map((slot) => slot.key);
}

describe('a slot hold', () => {
  test('holds a free slot for 10 minutes of the dev clock, anonymously, with a random key', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-01' });
    const first = await held(h, slot);
    expect(first).toMatchObject({
      slotKey: slot.key,
      startTime: slot.startTime,
      endTime: slot.endTime,
      secondsLeft: 600,
      expiresAt: '2026-11-23T10:10:00+02:00',
    });
    expect(first.id).toMatch(/^[A-Za-z0-9_-]{32}$/);

    h.state.clock.advance(4 * 60_000 + 500);
    const later = await h.call('getSlotHold', { path: { holdId: first.id } });
    expect(later.status).toBe(200);
    // Whole seconds, rounded up: 5 min 59.5 s left reads 360.
    expect(later.json.secondsLeft).toBe(360);
  });

  test('hides the held time from everyone else: the day, the month and the first free times', async () => {
    const h = createHarness();
    const firstFree = async (branchId: number) =>
      (
        await h.call('getFirstFreeTimes', {
          query: { reasonId: 1, customerType: 'private', branchIds: [branchId] },
        })
      ).json.practitioners as { employeeId: number; firstFreeTime: string | null }[];
    const any = await firstSlot(h, { date: '2026-12-01' });
    const practitioner = (await firstFree(any.branchId)).find((p) => p.firstFreeTime !== null)!;
    const date = practitioner.firstFreeTime!.slice(0, 10);
    const slot = (
      await daySlots(h, { date, branchIds: [any.branchId], employeeId: practitioner.employeeId })
    ).slots[0]!;
    expect(slot.startTime).toBe(practitioner.firstFreeTime);
    const month = async () =>
      (
        await h.call('getMonthAvailability', {
          query: {
            branchIds: [slot.branchId],
            reasonId: 1,
            customerType: 'private',
            month: date.slice(0, 7),
          },
        })
      ).json.days.find((day: { date: string }) => day.date === date).freeSlots as number;
    const first = async () =>
      (await firstFree(slot.branchId)).find((p) => p.employeeId === slot.employeeId)!.firstFreeTime;

    const freeBefore = await month();
    expect(await first()).toBe(slot.startTime);
    const { id } = await held(h, slot);

    expect(await keysOn(h, date)).not.toContain(slot.key);
    expect(await month()).toBe(freeBefore - 1);
    expect(await first()).not.toBe(slot.startTime);

    // Not hidden from its holder (`holdId`): back on the times, the held time is still there.
    const own = await h.call('getDaySlots', {
      query: { branchIds: [1, 2, 3, 4], reasonId: 1, customerType: 'private', date, holdId: id },
    });
    expect(own.json.slots.map((s: Slot) => s.key)).toContain(slot.key);
    const ownMonth = await h.call('getMonthAvailability', {
      query: {
        branchIds: [slot.branchId],
        reasonId: 1,
        customerType: 'private',
        month: date.slice(0, 7),
        holdId: id,
      },
    });
    expect(ownMonth.json.days.find((d: { date: string }) => d.date === date).freeSlots).toBe(
      freeBefore,
    );

    // Released: offered again at once.
    expect((await h.call('releaseSlotHold', { path: { holdId: id } })).status).toBe(204);
    expect(await keysOn(h, date)).toContain(slot.key);
    expect(await month()).toBe(freeBefore);
    expect(await first()).toBe(slot.startTime);
  });

  test('another hold, booking or move of the held time answers 409 slot-taken; the holder books it and the hold is used up', async () => {
    const h = createHarness();
    const [slot, other] = (await daySlots(h, { date: '2026-12-02' })).slots;
    const { id } = await held(h, slot!);

    expect((await hold(h, slot!)).json.Code).toBe('slot-taken');
    const someoneElse = await h.call('createReservation', {
      as: 'survey',
      body: bookingBody(slot!, { allowDuplicate: true }),
    });
    expect(someoneElse.status).toBe(409);
    expect(someoneElse.json.Code).toBe('slot-taken');
    const theirs = await book(h, other!, 'survey');
    const move = await h.call('moveReservation', {
      as: 'survey',
      path: { id: theirs.id },
      body: { slotKey: slot!.key },
    });
    expect(move.json.Code).toBe('slot-taken');

    const mine = await book(h, slot!, 'patient', { holdId: id });
    expect(mine.startTime).toBe(slot!.startTime);
    expect((await h.call('getSlotHold', { path: { holdId: id } })).status).toBe(404);
  });

  test('a move with the hold of the new time moves there and uses the hold up', async () => {
    const h = createHarness();
    const [first, second] = (await daySlots(h, { date: '2026-12-03' })).slots;
    const reservation = await book(h, first!);
    const { id } = await held(h, second!);
    const move = await h.call('moveReservation', {
      as: 'patient',
      path: { id: reservation.id },
      body: { slotKey: second!.key, holdId: id },
    });
    expect(move.status).toBe(200);
    expect(move.json.startTime).toBe(second!.startTime);
    expect((await h.call('getSlotHold', { path: { holdId: id } })).status).toBe(404);
  });

  test('expires by the dev clock: the time is offered again and the key books nothing special', async () => {
    const h = createHarness();
    const date = '2026-12-04';
    const slot = await firstSlot(h, { date });
    const { id } = await held(h, slot);

    h.state.clock.advance(HOLD_MS - 1000);
    expect((await h.call('getSlotHold', { path: { holdId: id } })).json.secondsLeft).toBe(1);
    expect(await keysOn(h, date)).not.toContain(slot.key);

    h.state.clock.advance(1000);
    expect((await h.call('getSlotHold', { path: { holdId: id } })).status).toBe(404);
    expect(await keysOn(h, date)).toContain(slot.key);
    // Someone else may hold and book it now; the ended hold's key protects nothing.
    const theirs = await held(h, slot);
    const late = await h.call('createReservation', {
      as: 'patient',
      body: bookingBody(slot, { allowDuplicate: true, holdId: id }),
    });
    expect(late.json.Code).toBe('slot-taken');
    await book(h, slot, 'survey', { holdId: theirs.id });
  });

  test('a hold of another slot does not let a booking past someone else’s hold', async () => {
    const h = createHarness();
    const [mineSlot, theirSlot] = (await daySlots(h, { date: '2026-12-07' })).slots;
    const mine = await held(h, mineSlot!);
    await held(h, theirSlot!);
    const answer = await h.call('createReservation', {
      as: 'patient',
      body: bookingBody(theirSlot!, { allowDuplicate: true, holdId: mine.id }),
    });
    expect(answer.json.Code).toBe('slot-taken');
    // Mine still lasts.
    expect((await h.call('getSlotHold', { path: { holdId: mine.id } })).status).toBe(200);
  });

  test('release is idempotent; an unknown key is 404 to read, and a malformed one is 400', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-08' });
    const { id } = await held(h, slot);
    expect((await h.call('releaseSlotHold', { path: { holdId: id } })).status).toBe(204);
    expect((await h.call('releaseSlotHold', { path: { holdId: id } })).status).toBe(204);
    expect((await h.call('getSlotHold', { path: { holdId: id } })).status).toBe(404);
    const malformed = await h.call('getSlotHold', { path: { holdId: 'not a key!' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.Code).toBe('validation-failed');
  });

  test('a malformed, past or taken slot cannot be held, with the booking’s answers', async () => {
    const h = createHarness();
    const malformed = await h.call('createSlotHold', {
      body: { slotKey: '1=1001=1=2026-12-01T09:00:00+02:00=2026-12-01T09:30:00+02:00x' },
      unchecked: true,
    });
    expect(malformed.status).toBe(400);
    const slot = await firstSlot(h, { date: '2026-12-09' });
    await book(h, slot);
    expect((await hold(h, slot)).json.Code).toBe('slot-taken');
    h.state.clock.set(new Date('2026-12-10T00:00:00+02:00'));
    expect((await hold(h, slot)).json.Code).toBe('slot-unavailable');
  });

  test('20 concurrent holds of one time give one hold', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-10' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => hold(h, slot)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.json.Code === 'slot-taken')).toHaveLength(19);
    expect(h.state.db.slotHold.count()).toBe(1);
  });

  test('survives a restart with the state file, still hiding the time', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-11' });
    const { id } = await held(h, slot);
    h.state.clock.advance(60_000);
    const file = join(mkdtempSync(join(tmpdir(), 'portal-holds-')), 'state.json');
    saveStateFile(h.state, file);
    const restored = createSeededState({ now: TEST_NOW });
    expect(loadStateFile(restored, file)).toBe(true);
    const again = getHold(restored, id);
    expect(again.ok && again.value.secondsLeft).toBe(540);
    const taken = checkSlot(restored, readSlotKey(slot.key)!);
    expect(!taken.ok && taken.error.code).toBe('slot-taken');
  });
});
