import { describe, expect, test } from 'vitest';
import { book, daySlots, slotsFrom } from '../src/core/booking/test-helpers.ts';
import { createHarness } from './harness.ts';

/**
 * The state file is written after a request that changed the state, not after a refused or
 * no-op write (issue 52: an unauthenticated flood of releases of unknown holds rewrote and
 * fsynced the whole file for each).
 */
describe('what persistence saves', () => {
  test('a refused or no-op write saves nothing; a write that changes the state saves once', async () => {
    const h = createHarness();
    let saves = 0;
    h.api.onChange = () => {
      saves += 1;
    };
    const slot = (await daySlots(h, { date: '2026-12-01' })).slots[0]!;

    // Refused: no token, a malformed body, an unknown hold released, a bad id.
    await h.call('createReservation', { body: { slotKey: slot.key }, unchecked: true });
    await h.call('createSlotHold', { body: { slotKey: 'not-a-key' } });
    await h.call('releaseSlotHold', { path: { holdId: 'unknownHoldKeyOfNobody0000' } });
    await h.call('cancelReservation', { as: 'patient', path: { id: 999_999 } });
    expect(saves).toBe(0);

    // A change: saved.
    const hold = await h.call('createSlotHold', { body: { slotKey: slot.key } });
    expect(hold.status).toBe(201);
    expect(saves).toBe(1);
    // Released twice: the second changes nothing.
    await h.call('releaseSlotHold', { path: { holdId: hold.json.id } });
    await h.call('releaseSlotHold', { path: { holdId: hold.json.id } });
    expect(saves).toBe(2);

    // A move onto the time the reservation has, and a second cancel: nothing to save.
    const booked = await book(h, (await slotsFrom(h, { date: '2026-12-08' }))[0]!);
    const later = (await slotsFrom(h, { date: '2026-12-15' }))[0]!;
    const move = () =>
      h.call('moveReservation', {
        as: 'patient',
        path: { id: booked.id },
        body: { slotKey: later.key },
      });
    const afterBooking = saves;
    await move();
    const afterMove = saves;
    expect(afterMove).toBe(afterBooking + 1);
    await move();
    await move();
    await h.call('cancelReservation', { as: 'patient', path: { id: booked.id } });
    await h.call('cancelReservation', { as: 'patient', path: { id: booked.id } });
    expect(saves).toBe(afterMove + 1);
  });

  test('dev controls that change the clock or a setting are saved', async () => {
    const h = createHarness();
    let saves = 0;
    h.api.onChange = () => {
      saves += 1;
    };
    await h.call('setDevScenario', { path: { name: 'chat-closed' }, body: { enabled: true } });
    expect(saves).toBe(1);
    await h.call('setDevScenario', { path: { name: 'chat-closed' }, body: { enabled: true } });
    expect(saves).toBe(1);
    await h.call('advanceDevClock', { body: { seconds: 60 } });
    expect(saves).toBe(2);
  });
});
