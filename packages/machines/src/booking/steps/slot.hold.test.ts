import { describe, expect, test } from 'vitest';
import {
  checkUp,
  heldSlot,
  privateCustomer,
  slot,
  validDetails,
} from '../../testing/booking-fixtures.ts';
import type { Booking } from '../../testing/booking-wizard.ts';
import {
  helsinki,
  startBooking,
  toSlot,
  loadSlotStep,
  holdAndGoOn,
  toDetails,
  toConfirm,
} from '../../testing/booking-wizard.ts';
import { settle } from '../../testing/deferred-actor.ts';
import { conflict, maintenance, serverError } from '../../testing/fixtures.ts';

describe('the chosen time is held (createSlotHold)', () => {
  async function choose(booking: Booking) {
    toSlot(booking);
    await loadSlotStep(booking);
    booking.pick({ type: 'slot.select', slot: slot() });
    booking.actor.send({ type: 'wizard.next' });
  }

  test('Choosing a time holds it before the details show; the hold is kept with the answers', async () => {
    const booking = startBooking();
    await choose(booking);
    expect(booking.view()).toBe('slot');
    // The picker's changes wait while the hold is made: the hold is of the time shown chosen.
    booking.pick({ type: 'slot.select', slot: slot('2026-12-02', '10') });
    expect(booking.context().slot).toEqual(slot());
    booking.holdSlot.last().resolve(heldSlot(slot()));
    await settle();
    expect(booking.view()).toBe('details');
    expect(booking.context().hold).toEqual(heldSlot(slot()));
    expect(booking.context().holdEnded).toBe(false);
  });

  test('A time taken meanwhile is said at once, on the times shown afresh', async () => {
    const booking = startBooking();
    await choose(booking);
    booking.holdSlot.last().reject(conflict({ UserMessage: 'Taken', Code: 'slot-taken' }));
    await settle();
    expect(booking.view()).toBe('slot');
    expect(booking.context().slot).toBeNull();
    expect(booking.context().hold).toBeNull();
    expect(booking.context().error).toBe('reservation.slotTaken');
    // The picker started again, told the time was taken: it loads the day anew.
    expect(booking.picker().getSnapshot().context.taken).toBe(true);
    expect(booking.releaseHold).not.toHaveBeenCalled();
  });

  test('A hold that fails otherwise lets the patient go on unheld, logged; the booking sends no holdId', async () => {
    const booking = startBooking();
    await choose(booking);
    booking.holdSlot.last().reject(serverError());
    await settle();
    expect(booking.view()).toBe('details');
    expect(booking.context().hold).toBeNull();
    expect(booking.logError).toHaveBeenCalledWith(
      'Holding the chosen time failed; going on unheld',
      expect.anything(),
    );
    booking.actor.send({ type: 'details.change', details: validDetails });
    booking.actor.send({ type: 'wizard.next' });
    booking.actor.send({ type: 'wizard.submit' });
    expect(booking.createReservation.last().input).not.toHaveProperty('holdId');
  });

  test('A maintenance break met while holding shows the notice', async () => {
    const booking = startBooking();
    await choose(booking);
    booking.holdSlot.last().reject(maintenance('2026-12-01T20:00:00+02:00'));
    await settle();
    expect(booking.view()).toBe('maintenance');
    expect(booking.context().maintenanceStartsAt).toBe('2026-12-01T20:00:00+02:00');
  });

  test('Back on the times the held time stays chosen and held; another time, or back before the times, lets it go', async () => {
    const booking = startBooking();
    await toDetails(booking);
    booking.actor.send({ type: 'wizard.back' });
    expect(booking.view()).toBe('slot');
    expect(booking.context().hold).toEqual(heldSlot(slot()));
    // The times are asked with the hold, so that the held time is among them.
    await loadSlotStep(booking);
    expect(booking.loadDay.last().input.holdId).toBe(heldSlot(slot()).id);
    // Next with the same time: on at once, no second hold.
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('details');
    expect(booking.holdSlot.calls).toHaveLength(1);
    booking.actor.send({ type: 'wizard.back' });
    await loadSlotStep(booking);
    // Browsing another day keeps it; choosing another time lets it go.
    booking.pick({ type: 'slot.nextDay' });
    expect(booking.releaseHold).not.toHaveBeenCalled();
    const later = slot('2026-12-02', '10');
    booking.pick({ type: 'slot.select', slot: later });
    expect(booking.releaseHold).toHaveBeenCalledExactlyOnceWith(heldSlot(slot()).id);
    expect(booking.context().hold).toBeNull();
    await holdAndGoOn(booking, later);
    expect(booking.context().hold).toEqual(heldSlot(later));
    booking.actor.send({ type: 'wizard.back' });
    booking.actor.send({ type: 'wizard.back' });
    expect(booking.view()).toBe('practitioner');
    expect(booking.releaseHold).toHaveBeenLastCalledWith(heldSlot(later).id);
    expect(booking.context().hold).toBeNull();
  });

  test('A booking refused as taken (the hold had ended) lets the hold go with the time', async () => {
    const booking = startBooking();
    await toConfirm(booking);
    booking.actor.send({ type: 'wizard.submit' });
    booking.createReservation.last().reject(conflict({ UserMessage: 'Taken', Code: 'slot-taken' }));
    await settle();
    expect(booking.view()).toBe('slot');
    expect(booking.releaseHold).toHaveBeenCalledExactlyOnceWith(heldSlot(slot()).id);
    expect(booking.context()).toMatchObject({ slot: null, hold: null });
  });

  test('An ended hold is said; the nearest time held again becomes the chosen one, answers kept', async () => {
    const booking = startBooking();
    await toConfirm(booking);
    // Not ended yet: a renewal is ignored.
    const later = slot('2026-12-02', '10');
    booking.actor.send({ type: 'hold.renewed', slot: later, hold: heldSlot(later) });
    expect(booking.context().slot).toEqual(slot());
    booking.actor.send({ type: 'hold.ended' });
    expect(booking.context()).toMatchObject({ hold: null, holdEnded: true });
    expect(booking.view()).toBe('confirm');
    // A hold of another time than the one named is no renewal.
    booking.actor.send({ type: 'hold.renewed', slot: later, hold: heldSlot(slot()) });
    expect(booking.context().holdEnded).toBe(true);
    booking.actor.send({ type: 'hold.renewed', slot: later, hold: heldSlot(later) });
    expect(booking.context()).toMatchObject({
      slot: later,
      date: '2026-12-02',
      hold: heldSlot(later),
      holdEnded: false,
      details: validDetails,
    });
    expect(booking.view()).toBe('confirm');
    booking.actor.send({ type: 'wizard.submit' });
    expect(booking.createReservation.last().input).toMatchObject({
      slotKey: later.key,
      holdId: heldSlot(later).id,
    });
  });

  test('After an ended hold nothing is booked until a time is held again; the patient may go back to the times', async () => {
    const booking = startBooking();
    await toConfirm(booking);
    booking.actor.send({ type: 'hold.ended' });
    booking.actor.send({ type: 'wizard.submit' });
    expect(booking.createReservation.calls).toHaveLength(0);
    expect(booking.actor.getSnapshot().matches({ wizard: { confirm: 'reviewing' } })).toBe(true);
    booking.actor.send({ type: 'hold.chooseAnotherTime' });
    expect(booking.view()).toBe('slot');
    expect(booking.context()).toMatchObject({ slot: null, hold: null, holdEnded: false });
    expect(booking.releaseHold).not.toHaveBeenCalled();
  });

  test('While the booking is sent, the hold cannot change under it', async () => {
    const booking = startBooking();
    await toConfirm(booking);
    booking.actor.send({ type: 'wizard.submit' });
    booking.actor.send({ type: 'hold.ended' });
    booking.actor.send({ type: 'hold.chooseAnotherTime' });
    expect(booking.actor.getSnapshot().matches({ wizard: { confirm: 'submitting' } })).toBe(true);
    booking.createReservation.last().reject(serverError());
    await settle();
    expect(booking.view()).toBe('confirm');
  });

  test('A restored hold stays only with its own slot', () => {
    const withHold = startBooking();
    const choices = {
      customerType: privateCustomer,
      reason: checkUp,
      branch: helsinki,
      employee: null,
      date: '2026-12-02',
      slot: slot(),
      details: validDetails,
    };
    withHold.actor.send({
      type: 'wizard.restore',
      step: 'confirm',
      choices: { ...choices, hold: heldSlot(slot()) },
    });
    expect(withHold.context().hold).toEqual(heldSlot(slot()));
    const otherSlot = startBooking();
    otherSlot.actor.send({
      type: 'wizard.restore',
      step: 'confirm',
      choices: { ...choices, hold: heldSlot(slot('2026-12-02', '10')) },
    });
    expect(otherSlot.view()).toBe('confirm');
    expect(otherSlot.context().hold).toBeNull();
  });
});
