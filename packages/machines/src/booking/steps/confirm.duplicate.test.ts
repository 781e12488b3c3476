import type { Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { heldSlot, reservation, slot } from '../../testing/booking-fixtures.ts';
import type { Booking } from '../../testing/booking-wizard.ts';
import { profileOf, startBooking, holdAndGoOn, toConfirm } from '../../testing/booking-wizard.ts';
import { settle } from '../../testing/deferred-actor.ts';
import { conflict, maintenance, serverError } from '../../testing/fixtures.ts';

describe('confirming', () => {
  describe('the same service booked within 14 days (409 duplicate-reservation)', () => {
    /** Maija's check-up three days after the chosen time, as the 409 names it. */
    const existing = (canModify = true): Schemas['Reservation'] => ({
      ...reservation(slot('2026-12-05', '14')),
      id: 977,
      canModify,
    });
    const duplicateError = (other = existing()) =>
      conflict({
        UserMessage: 'Already booked',
        Code: 'duplicate-reservation',
        ExistingReservation: other,
      });

    async function askedAboutDuplicate(booking: Booking, other = existing()) {
      await toConfirm(booking);
      booking.actor.send({ type: 'wizard.submit' });
      expect(booking.createReservation.last().input).not.toHaveProperty('allowDuplicate');
      booking.createReservation.last().reject(duplicateError(other));
      await settle();
      expect(booking.actor.getSnapshot().matches({ wizard: { confirm: 'duplicate' } })).toBe(true);
      expect(booking.view()).toBe('confirm');
      expect(booking.context().duplicate).toEqual(other);
    }

    test('Keep both sends the booking again with allowDuplicate and thanks for it', async () => {
      const booking = startBooking({ profile: profileOf('+358 40 123 4567') });
      await askedAboutDuplicate(booking);
      booking.actor.send({ type: 'duplicate.keepBoth' });
      expect(booking.createReservation.calls).toHaveLength(2);
      expect(booking.createReservation.last().input).toMatchObject({
        slotKey: slot().key,
        allowDuplicate: true,
      });
      booking.createReservation.last().resolve(reservation(slot()));
      await settle();
      expect(booking.view()).toBe('thankYou');
      expect(booking.context().movedFrom).toBeNull();
    });

    test('Move that one here moves the other reservation to the chosen time; the thank-you says from when', async () => {
      const booking = startBooking();
      await askedAboutDuplicate(booking);
      booking.actor.send({ type: 'duplicate.move' });
      expect(booking.moveReservation.last().input).toEqual({
        id: 977,
        slotKey: slot().key,
        holdId: heldSlot(slot()).id,
      });
      expect(booking.createReservation.calls).toHaveLength(1);
      const moved = { ...existing(), startTime: slot().startTime, endTime: slot().endTime };
      booking.moveReservation.last().resolve(moved);
      await settle();
      expect(booking.view()).toBe('thankYou');
      expect(booking.context().reservation).toEqual(moved);
      expect(booking.context().movedFrom).toEqual(existing());
      // A move changes no profile: the phone is not saved from it.
      expect(booking.savePhone.calls).toHaveLength(0);
    });

    test('A reservation inside its 24 hours cannot be moved: only keep both or another time', async () => {
      const booking = startBooking();
      await askedAboutDuplicate(booking, existing(false));
      booking.actor.send({ type: 'duplicate.move' });
      expect(booking.moveReservation.calls).toHaveLength(0);
      expect(booking.actor.getSnapshot().matches({ wizard: { confirm: 'duplicate' } })).toBe(true);
    });

    test('Choose another time goes to the times without the slot, and that time is asked about afresh', async () => {
      const booking = startBooking();
      await askedAboutDuplicate(booking);
      booking.actor.send({ type: 'duplicate.chooseAnotherTime' });
      expect(booking.view()).toBe('slot');
      expect(booking.context().slot).toBeNull();
      expect(booking.context().duplicate).toBeNull();
      booking.pick({ type: 'slot.select', slot: slot('2026-12-02', '10') });
      await holdAndGoOn(booking, slot('2026-12-02', '10'));
      booking.actor.send({ type: 'wizard.next' });
      booking.actor.send({ type: 'wizard.submit' });
      expect(booking.createReservation.last().input).not.toHaveProperty('allowDuplicate');
    });

    test('Keeping both is for that time only: a time taken meanwhile and another chosen asks again', async () => {
      const booking = startBooking();
      await askedAboutDuplicate(booking);
      booking.actor.send({ type: 'duplicate.keepBoth' });
      booking.createReservation
        .last()
        .reject(conflict({ UserMessage: 'Taken', Code: 'slot-taken' }));
      await settle();
      expect(booking.view()).toBe('slot');
      expect(booking.context().allowDuplicate).toBe(false);
    });

    test('A time held again after the hold ended, while asked, is reviewed afresh', async () => {
      const booking = startBooking();
      await askedAboutDuplicate(booking);
      booking.actor.send({ type: 'hold.ended' });
      const later = slot('2026-12-02', '10');
      booking.actor.send({ type: 'hold.renewed', slot: later, hold: heldSlot(later) });
      expect(booking.actor.getSnapshot().matches({ wizard: { confirm: 'reviewing' } })).toBe(true);
      expect(booking.context()).toMatchObject({ duplicate: null, slot: later, holdEnded: false });
    });

    test('Back from the question goes to the details, as from the confirm step', async () => {
      const booking = startBooking();
      await askedAboutDuplicate(booking);
      booking.actor.send({ type: 'wizard.back' });
      expect(booking.view()).toBe('details');
    });

    test('A failed move keeps the question and says so; a taken time goes back to the times', async () => {
      const booking = startBooking();
      await askedAboutDuplicate(booking);
      booking.actor.send({ type: 'duplicate.move' });
      booking.moveReservation.last().reject(serverError());
      await settle();
      expect(booking.actor.getSnapshot().matches({ wizard: { confirm: 'duplicate' } })).toBe(true);
      expect(booking.context().error).toBe('reservation.moveFailed');
      booking.actor.send({ type: 'duplicate.move' });
      expect(booking.context().error).toBeNull();
      booking.moveReservation.last().reject(conflict({ UserMessage: 'Taken', Code: 'slot-taken' }));
      await settle();
      expect(booking.view()).toBe('slot');
      expect(booking.context().error).toBe('reservation.slotTaken');
    });

    test('Moving that one here when the patient has a third appointment at this time goes back to the times', async () => {
      const booking = startBooking();
      await askedAboutDuplicate(booking);
      booking.actor.send({ type: 'duplicate.move' });
      booking.moveReservation
        .last()
        .reject(conflict({ UserMessage: 'Busy', Code: 'overlapping-reservation' }));
      await settle();
      expect(booking.view()).toBe('slot');
      expect(booking.context().error).toBe('reservation.overlapsOwn');
      expect(booking.picker().getSnapshot().context.overlapsOwn).toBe(true);
    });

    test('A move during a maintenance break shows the break', async () => {
      const booking = startBooking();
      await askedAboutDuplicate(booking);
      booking.actor.send({ type: 'duplicate.move' });
      booking.moveReservation.last().reject(maintenance('2026-11-22T20:00:00+02:00'));
      await settle();
      expect(booking.view()).toBe('maintenance');
    });

    test('A 409 duplicate-reservation without the reservation it names is a failed save', async () => {
      const booking = startBooking();
      await toConfirm(booking);
      booking.actor.send({ type: 'wizard.submit' });
      booking.createReservation
        .last()
        .reject(conflict({ UserMessage: 'Already booked', Code: 'duplicate-reservation' }));
      await settle();
      expect(booking.actor.getSnapshot().matches({ wizard: { confirm: 'reviewing' } })).toBe(true);
      expect(booking.context().error).toBe('reservation.saveFailed');
    });
  });
});
