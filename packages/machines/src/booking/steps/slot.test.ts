import { describe, expect, test } from 'vitest';
import { TODAY, daySlots, slot } from '../../testing/booking-fixtures.ts';
import { startBooking, toSlot, loadSlotStep, holdAndGoOn } from '../../testing/booking-wizard.ts';
import { settle } from '../../testing/deferred-actor.ts';
import { serverError } from '../../testing/fixtures.ts';

describe('slot step', () => {
  test('Entering the slot step starts the slot picker with the choices as filters', async () => {
    const booking = startBooking();
    toSlot(booking);
    expect(booking.picker().getSnapshot().context).toMatchObject({
      today: TODAY,
      date: TODAY,
      filters: { branchIds: [4, 3], reasonId: 7, customerType: 'private' },
      slot: null,
      taken: false,
    });
    expect(booking.loadMonth.last().input).toEqual({
      branchIds: [4, 3],
      reasonId: 7,
      customerType: 'private',
      month: '2026-12',
    });
    expect(booking.loadDay.last().input.date).toBe(TODAY);
    await loadSlotStep(booking);
    expect(booking.picker().getSnapshot().context.daySlots).toEqual(
      daySlots(TODAY, null, '2026-12-02'),
    );
  });

  test('The day and slot the picker reports are the wizard’s answers', async () => {
    const booking = startBooking();
    toSlot(booking);
    await loadSlotStep(booking, daySlots(TODAY, null, '2026-12-03'));
    booking.pick({ type: 'slot.nextDay' });
    expect(booking.context().date).toBe('2026-12-03');
    expect(booking.context().slot).toBeNull();
    booking.pick({ type: 'slot.select', slot: slot('2026-12-03') });
    expect(booking.context().slot).toEqual(slot('2026-12-03'));
    expect(booking.context().date).toBe('2026-12-03');
  });

  test('The slot step needs a chosen slot before going on', async () => {
    const booking = startBooking();
    toSlot(booking);
    await loadSlotStep(booking);
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('slot');
    booking.pick({ type: 'slot.select', slot: slot() });
    await holdAndGoOn(booking);
    expect(booking.view()).toBe('details');
    expect(booking.actor.getSnapshot().children.slotPicker).toBeUndefined();
  });

  test('A failed load is logged and the picker retries it', async () => {
    const booking = startBooking();
    toSlot(booking);
    booking.loadMonth.last().reject(serverError());
    booking.loadDay.last().reject(serverError());
    await settle();
    expect(booking.view()).toBe('slot');
    expect(booking.logError).toHaveBeenCalledTimes(2);
    booking.pick({ type: 'slot.retry' });
    expect(booking.loadMonth.calls).toHaveLength(2);
    expect(booking.loadDay.calls).toHaveLength(2);
  });

  test('Going back to the slot step reloads it and keeps the chosen slot and day', async () => {
    const booking = startBooking();
    toSlot(booking);
    await loadSlotStep(booking, daySlots(TODAY, null, '2026-12-02'));
    booking.pick({ type: 'slot.nextDay' });
    booking.pick({ type: 'slot.select', slot: slot() });
    await holdAndGoOn(booking);
    booking.actor.send({ type: 'wizard.back' });
    expect(booking.view()).toBe('slot');
    expect(booking.loadDay.calls).toHaveLength(3);
    expect(booking.loadDay.last().input.date).toBe('2026-12-02');
    expect(booking.context().slot).toEqual(slot());
    expect(booking.picker().getSnapshot().context.slot).toEqual(slot());
  });
});
