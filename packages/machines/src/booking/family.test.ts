import { describe, expect, test } from 'vitest';
import {
  checkUp,
  child15,
  child7,
  daySlots,
  family,
  familyBookingOf,
  familyHeld,
  guardian,
  heldSlot,
  nextSlot,
  privateCustomer,
  slot,
  toothache,
  validDetails,
  voucherCustomer,
} from '../testing/booking-fixtures.ts';
import { TODAY } from '../testing/booking-fixtures.ts';
import { loadSlotStep, startBooking, toSlot, type Booking } from '../testing/booking-wizard.ts';
import { settle } from '../testing/deferred-actor.ts';
import { conflict } from '../testing/fixtures.ts';
import { bookablePersons } from './family.ts';
import { familyTimes } from './family-times.ts';

// A family booking in the wizard (issue 55): persons ticked on the first step, one time per
// person on the times step, held together, booked all or none.

const nine = slot('2026-12-02', '09');
const nineThirty = nextSlot(nine);
const otherNine = {
  ...nine,
  key: nine.key.replace('=41=', '=42='),
  employeeId: 42,
  resourceId: 42,
  employeeName: 'Ville Ahonen',
};

describe('familyTimes', () => {
  test('offers runs back to back with one practitioner and starts together with several, by start', () => {
    const ten = slot('2026-12-02', '10');
    const times = familyTimes([nine, otherNine, nineThirty, ten], 2);
    expect(times.map((time) => [time.kind, time.slots.map((s) => s.key)])).toEqual([
      ['backToBack', [nine.key, nineThirty.key]],
      ['sameTime', [nine.key, otherNine.key]],
      ['backToBack', [nineThirty.key, ten.key]],
    ]);
  });

  test('nothing for fewer than two, nor when no run or start is long enough', () => {
    expect(familyTimes([nine, nineThirty], 1)).toEqual([]);
    expect(familyTimes([nine, nineThirty], 3)).toEqual([]);
    expect(familyTimes([nine, slot('2026-12-02', '11')], 2)).toEqual([]);
  });

  test('a person without the book right is not offered', () => {
    const viewer = {
      ...child15,
      rights: ['view' as const],
      ageBand: 'adult' as const,
      validUntil: null,
    };
    const booker = {
      ...child7,
      rights: ['book' as const, 'view' as const],
      ageBand: 'child' as const,
      validUntil: null,
    };
    expect(bookablePersons([viewer, booker]).map((person) => person.id)).toEqual([child7.id]);
  });
});

function startFamily(): Booking {
  return startBooking({ person: guardian, family });
}

/** Ticks the two children (the guardian unticked): a family of two. */
function tickChildren(booking: Booking) {
  booking.actor.send({ type: 'family.toggle', personId: child7.id });
  booking.actor.send({ type: 'family.toggle', personId: child15.id });
  booking.actor.send({ type: 'family.toggle', personId: guardian.id });
}

describe('the wizard books a family', () => {
  test('two children back to back: held together, booked in one call, thanked for both', async () => {
    const booking = startFamily();
    tickChildren(booking);
    expect(booking.context().familyIds).toEqual([child7.id, child15.id]);
    toSlot(booking);
    await loadSlotStep(booking, daySlots('2026-12-02', null, null));
    booking.actor.send({ type: 'family.choose', slots: [nine, nineThirty] });
    booking.pick({ type: 'slot.select', slot: nine });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.holdSlot.last().input).toEqual({
      slotKey: nine.key,
      familySlotKeys: [nineThirty.key],
    });
    booking.holdSlot.last().resolve(familyHeld([nine, nineThirty]));
    await settle();
    expect(booking.view()).toBe('details');
    expect(booking.context().hold?.familySlotKeys).toEqual([nineThirty.key]);
    booking.actor.send({ type: 'details.change', details: validDetails });
    booking.actor.send({ type: 'wizard.next' });
    booking.actor.send({ type: 'wizard.submit' });
    expect(booking.createReservation.calls).toHaveLength(0);
    expect(booking.createFamilyBooking.last().input).toEqual({
      members: [
        { personId: child7.id, slotKey: nine.key },
        { personId: child15.id, slotKey: nineThirty.key },
      ],
      campaignCode: null,
      contact: {
        email: validDetails.email,
        phone: validDetails.phone,
        street: validDetails.street,
        postalCode: validDetails.postalCode,
        city: validDetails.city,
      },
      holdId: familyHeld([nine, nineThirty]).id,
    });
    const booked = familyBookingOf([nine, nineThirty], [child7, child15]);
    booking.createFamilyBooking.last().resolve(booked);
    await settle();
    expect(booking.view()).toBe('thankYou');
    expect(booking.context().familyBooking).toEqual(booked);
    expect(booking.context().reservation).toEqual(booked.reservations[0]);
  });

  test('a time taken meanwhile goes back to the times, saying whose it was; nothing is booked', async () => {
    const booking = startFamily();
    tickChildren(booking);
    toSlot(booking);
    await loadSlotStep(booking, daySlots('2026-12-02', null, null));
    booking.actor.send({ type: 'family.choose', slots: [nine, nineThirty] });
    booking.actor.send({ type: 'wizard.next' });
    booking.holdSlot.last().resolve(familyHeld([nine, nineThirty]));
    await settle();
    booking.actor.send({ type: 'details.change', details: validDetails });
    booking.actor.send({ type: 'wizard.next' });
    booking.actor.send({ type: 'wizard.submit' });
    booking.createFamilyBooking
      .last()
      .reject(conflict({ UserMessage: 'Taken', Code: 'slot-taken', ProblemIndex: 1 }));
    await settle();
    expect(booking.view()).toBe('slot');
    expect(booking.context()).toMatchObject({
      error: 'reservation.slotTaken',
      familyProblem: 1,
      slot: null,
      familySlots: [],
    });
  });

  test('a single time is not enough for a family: Next waits for one time per person', async () => {
    const booking = startFamily();
    tickChildren(booking);
    toSlot(booking);
    await loadSlotStep(booking, daySlots('2026-12-02', null, null));
    booking.pick({ type: 'slot.select', slot: nine });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('slot');
    expect(booking.holdSlot.calls).toHaveLength(0);
  });

  test('one other person alone is no family: the first step says so', () => {
    const booking = startFamily();
    booking.actor.send({ type: 'family.toggle', personId: child7.id });
    booking.actor.send({ type: 'family.toggle', personId: guardian.id });
    expect(booking.context().familyIds).toEqual([child7.id]);
    booking.actor.send({ type: 'customerType.select', customerType: privateCustomer });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('customerType');
    expect(booking.context().fieldErrors.family).toBe('reservation.familyOneOther');
    // Only the person the booking is for again: a booking for them alone.
    booking.actor.send({ type: 'family.toggle', personId: guardian.id });
    booking.actor.send({ type: 'family.toggle', personId: child7.id });
    expect(booking.context().familyIds).toEqual([]);
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('reason');
  });

  test('a family books as a private customer, and not a service that needs a description of each visit', () => {
    const booking = startFamily();
    booking.actor.send({ type: 'customerType.select', customerType: voucherCustomer });
    booking.actor.send({
      type: 'customerType.offer',
      customerTypes: [privateCustomer, voucherCustomer],
    });
    tickChildren(booking);
    expect(booking.context().customerType).toEqual(privateCustomer);
    // A voucher chosen then books for one: the family is let go.
    booking.actor.send({ type: 'customerType.select', customerType: voucherCustomer });
    expect(booking.context().familyIds).toEqual([]);
    booking.actor.send({ type: 'customerType.select', customerType: privateCustomer });
    tickChildren(booking);
    booking.actor.send({ type: 'wizard.next' });
    booking.actor.send({ type: 'reason.choose', reason: toothache });
    expect(booking.view()).toBe('reason');
    expect(booking.context().fieldErrors.reason).toBe('reservation.reasonNotForFamily');
    booking.actor.send({ type: 'reason.choose', reason: checkUp });
    expect(booking.view()).toBe('branch');
  });

  test('the persons offered change: one no longer offered leaves the family and its times', () => {
    const booking = startBooking({ person: null, family: [] });
    booking.actor.send({ type: 'family.offer', persons: family, person: guardian });
    expect(booking.context().person).toEqual(guardian);
    booking.actor.send({ type: 'family.toggle', personId: child7.id });
    expect(booking.context().familyIds).toEqual([guardian.id, child7.id]);
    booking.actor.send({ type: 'family.offer', persons: [guardian, child15] });
    expect(booking.context().familyIds).toEqual([guardian.id]);
    expect(booking.context().family).toEqual([guardian, child15]);
  });

  test('a single time’s hold does not protect a family’s times', async () => {
    const booking = startFamily();
    tickChildren(booking);
    toSlot(booking);
    await loadSlotStep(booking, daySlots(TODAY, null, '2026-12-02'));
    booking.actor.send({ type: 'family.choose', slots: [nine, nineThirty] });
    booking.actor.send({ type: 'wizard.next' });
    booking.holdSlot.last().resolve(heldSlot(nine));
    await settle();
    expect(booking.context().hold).toBeNull();
  });
});
