import { describe, expect, test } from 'vitest';
import { createHarness } from '../../../test/harness.ts';
import { reservationById } from './booking-cache.ts';
import { canModify, modifiableUntilMs } from './modifiable.ts';
import { storeReservation } from './reservations.ts';
import { book, firstSlot, reservation } from './test-helpers.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const SECOND = 1_000;

describe('the 24-hour window', () => {
  test('At 24:01 before the start a patient may cancel; at 23:59, at 23:59:59 and at exactly 24:00 not', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-02' });
    const booked = await book(h, slot, 'survey');
    const start = Date.parse(booked.startTime);
    expect(Date.parse(booked.modifiableUntil)).toBe(start - 24 * HOUR);

    h.state.clock.set(new Date(start - 24 * HOUR + MINUTE));
    expect((await reservation(h, booked.id, 'survey')).canModify).toBe(false);
    const late = await h.call('cancelReservation', { as: 'survey', path: { id: booked.id } });
    expect(late.json.Code).toBe('inside-cancel-window');
    const lateMove = await h.call('moveReservation', {
      as: 'survey',
      path: { id: booked.id },
      body: { slotKey: slot.key },
    });
    expect(lateMove.json.Code).toBe('inside-cancel-window');

    h.state.clock.set(new Date(start - 24 * HOUR));
    expect((await reservation(h, booked.id, 'survey')).canModify).toBe(false);

    // The rule's edge to the second: the last moment is 24:00 itself, and it is already too late.
    const row = reservationById(h.state, booked.id)!;
    expect(modifiableUntilMs(row)).toBe(start - 24 * HOUR);
    expect(canModify(row, start - 24 * HOUR - SECOND)).toBe(true);
    expect(canModify(row, start - 24 * HOUR)).toBe(false);
    expect(canModify(row, start - 24 * HOUR + SECOND)).toBe(false);
    h.state.clock.set(new Date(start - 24 * HOUR + SECOND));
    expect((await reservation(h, booked.id, 'survey')).canModify).toBe(false);
    h.state.clock.set(new Date(start - 24 * HOUR - SECOND));
    expect((await reservation(h, booked.id, 'survey')).canModify).toBe(true);
    // Only an active reservation: the time alone does not make a cancelled or missed one changeable.
    const early = start - 48 * HOUR;
    expect(canModify({ ...row, status: 'tentative' }, early)).toBe(true);
    for (const status of ['cancelled', 'completed', 'noShow'])
      expect(canModify({ ...row, status }, early), status).toBe(false);

    h.state.clock.set(new Date(start - 24 * HOUR - MINUTE));
    expect((await reservation(h, booked.id, 'survey')).canModify).toBe(true);
    const inTime = await h.call('cancelReservation', { as: 'survey', path: { id: booked.id } });
    expect(inTime.status).toBe(200);
    expect(inTime.json.status).toBe('cancelled');
  });

  test('Across the spring DST change the window is 24 elapsed hours, not the same wall-clock time', async () => {
    const h = createHarness({ now: new Date('2027-03-20T10:00:00+02:00') });
    const patient = h.userId('patient');
    // Sunday 28 March 2027: the clocks go forward at 03:00, so Saturday 10:00 is 23 hours before.
    const row = storeReservation(h.state, {
      userId: patient,
      status: 'confirmed',
      branchId: 1,
      employeeId: 1,
      reasonId: 1,
      start: new Date('2027-03-28T10:00:00+03:00'),
    });
    const stored = await reservation(h, row.id);
    expect(stored.startTime).toBe('2027-03-28T10:00:00+03:00');
    expect(stored.modifiableUntil).toBe('2027-03-27T09:00:00+02:00');
    h.state.clock.set(new Date('2027-03-27T09:01:00+02:00'));
    const late = await h.call('cancelReservation', { as: 'patient', path: { id: row.id } });
    expect(late.json.Code).toBe('inside-cancel-window');
    h.state.clock.set(new Date('2027-03-27T08:59:00+02:00'));
    const inTime = await h.call('cancelReservation', { as: 'patient', path: { id: row.id } });
    expect(inTime.json.status).toBe('cancelled');
  });

  test('Across the autumn DST change the window ends an hour later on the wall clock', async () => {
    const h = createHarness({ now: new Date('2026-10-20T10:00:00+03:00') });
    // Sunday 25 October 2026: the clocks go back at 04:00, so Saturday 10:00 is 25 hours before.
    const row = storeReservation(h.state, {
      userId: h.userId('patient'),
      status: 'confirmed',
      branchId: 1,
      employeeId: 1,
      reasonId: 1,
      start: new Date('2026-10-25T10:00:00+02:00'),
    });
    expect((await reservation(h, row.id)).modifiableUntil).toBe('2026-10-24T11:00:00+03:00');
    h.state.clock.set(new Date('2026-10-24T10:30:00+03:00'));
    expect((await reservation(h, row.id)).canModify).toBe(true);
    h.state.clock.set(new Date('2026-10-24T11:01:00+03:00'));
    const late = await h.call('cancelReservation', { as: 'patient', path: { id: row.id } });
    expect(late.json.Code).toBe('inside-cancel-window');
  });
});
