/**
 * The booking wizard under test: `startBooking()` starts a booking actor whose every service is a
 * fake the test settles itself (see deferred-actor.ts), and the `to…` helpers walk it to a step
 * the way a patient would, checking each step on the way. Each call makes its own actor and its
 * own fakes: nothing here outlives the test that made it.
 */
import type { Schemas } from '@portal/sdk';
import { expect, vi, type Mock } from 'vitest';
import { createActor } from 'xstate';
import type { BookingProfile } from '../booking/booking-choices.ts';
import type { BookingPerson } from '../booking/family.ts';
import { bookingMachine, bookingView } from '../booking/booking.machine.ts';
import type { Coordinates } from '../pickers/closest-branch.ts';
import type { DayQuery, MonthQuery } from '../slots/availability.ts';
import type { SlotPickerEvent } from '../slots/slot-picker.machine.ts';
import { slotPickerMachine } from '../slots/slot-picker.machine.ts';
import {
  TODAY,
  checkUp,
  daySlots,
  heldSlot,
  monthAvailability,
  privateCustomer,
  slot,
  validDetails,
} from './booking-fixtures.ts';
import { deferredActor, settle } from './deferred-actor.ts';

/** The Helsinki clinics (Itäkeskus and Kamppi) as the branch step chooses them. */
export const helsinki = { branchIds: [4, 3], city: 'Helsinki' };
/** The Tampere clinic as the branch step chooses it. */
export const tampere = { branchIds: [6], city: 'Tampere' };

/** Maija's profile, with another phone than she books with unless told. */
export function profileOf(phone: string | null = '040 765 4321'): BookingProfile {
  return { firstName: 'Maija', lastName: 'Meikäläinen', email: null, phone, ssn: '131052-308T' };
}

/**
 * Starts the booking wizard (today is `TODAY`, signed in unless told) with a fake for every
 * service it calls: the checks, the position, the slot picker's loaders, the hold, the booking,
 * the move and the phone save each wait until the test settles them; `goToLogin`, `releaseHold`
 * and `logError` are spies. Answers the actor, its view and context, the picker and the fakes.
 */
export function startBooking({
  signedIn = true,
  profile = null,
  requestedCustomerType = null,
  person = null,
  family = [],
}: {
  signedIn?: boolean;
  profile?: BookingProfile | null;
  requestedCustomerType?: string | null;
  person?: BookingPerson | null;
  family?: BookingPerson[];
} = {}) {
  const checkVoucher = deferredActor<
    Schemas['VoucherCheckResult'],
    Schemas['VoucherCheckRequest']
  >();
  const checkCampaignCode = deferredActor<
    Schemas['CampaignCodeCheckResult'],
    Schemas['CampaignCodeCheckRequest']
  >();
  const getPosition = deferredActor<Coordinates>();
  const loadMonth = deferredActor<Schemas['MonthAvailability'], MonthQuery>();
  const loadDay = deferredActor<Schemas['DaySlots'], DayQuery>();
  const createReservation = deferredActor<
    Schemas['Reservation'],
    Schemas['ReservationCreateRequest']
  >();
  const moveReservation = deferredActor<
    Schemas['Reservation'],
    { id: number; slotKey: string; holdId?: string }
  >();
  const holdSlot = deferredActor<
    Schemas['SlotHold'],
    { slotKey: string; familySlotKeys?: string[] }
  >();
  const createFamilyBooking = deferredActor<
    Schemas['FamilyBooking'],
    Schemas['FamilyBookingRequest']
  >();
  // Typed by name: a declaration of this file (the project is referenced) can name `Mock` only
  // through vitest, not the package vitest takes it from.
  const releaseHold: Mock<(id: string) => void> = vi.fn<(id: string) => void>();
  const savePhone = deferredActor<unknown, { phone: string }>();
  const goToLogin: Mock<(args: unknown, params: { step: 'details' | 'confirm' }) => void> = vi.fn();
  const logError: Mock<(message: string, error: unknown) => void> =
    vi.fn<(message: string, error: unknown) => void>();
  const actor = createActor(
    bookingMachine.provide({
      actors: {
        checkVoucher: checkVoucher.logic,
        checkCampaignCode: checkCampaignCode.logic,
        getPosition: getPosition.logic,
        slotPicker: slotPickerMachine.provide({
          actors: { loadMonthAvailability: loadMonth.logic, loadDaySlots: loadDay.logic },
          actions: { logError: (_, params) => logError(params.message, params.error) },
        }),
        holdSlot: holdSlot.logic,
        createReservation: createReservation.logic,
        createFamilyBooking: createFamilyBooking.logic,
        moveReservation: moveReservation.logic,
        savePhone: savePhone.logic,
      },
      actions: {
        goToLogin,
        releaseHold: (_, params) => {
          if (params.id !== null) releaseHold(params.id);
        },
        logError: (_, params) => logError(params.message, params.error),
      },
    }),
    { input: { today: TODAY, signedIn, profile, requestedCustomerType, person, family } },
  ).start();
  const view = () => bookingView(actor.getSnapshot());
  const context = () => actor.getSnapshot().context;
  /** The slot step's picker (invoked as `slotPicker`). */
  const picker = () => {
    const child = actor.getSnapshot().children.slotPicker;
    if (child === undefined) throw new Error('The slot picker is not running');
    return child;
  };
  const pick = (event: SlotPickerEvent) => picker().send(event);
  return {
    actor,
    view,
    context,
    picker,
    pick,
    checkVoucher,
    checkCampaignCode,
    getPosition,
    loadMonth,
    loadDay,
    holdSlot,
    releaseHold,
    createReservation,
    createFamilyBooking,
    moveReservation,
    savePhone,
    goToLogin,
    logError,
  };
}

/** A started booking wizard and its fakes (see `startBooking`). */
export type Booking = ReturnType<typeof startBooking>;

/** A private customer on to the reason step. */
export function toReason(booking: Booking) {
  booking.actor.send({ type: 'customerType.select', customerType: privateCustomer });
  booking.actor.send({ type: 'wizard.next' });
  expect(booking.view()).toBe('reason');
}

/**
 * On to the location step with a check-up chosen; answers the booking (a new one unless given).
 */
export function toBranch(booking = startBooking()): Booking {
  toReason(booking);
  booking.actor.send({ type: 'reason.select', reason: checkUp });
  booking.actor.send({ type: 'wizard.next' });
  expect(booking.view()).toBe('branch');
  return booking;
}

/**
 * A private customer's check-up in Helsinki on to the slot step, with the practitioner given
 * chosen (none unless told).
 */
export function toSlot(booking: Booking, { employee = null as Schemas['Employee'] | null } = {}) {
  toReason(booking);
  booking.actor.send({ type: 'reason.select', reason: checkUp });
  booking.actor.send({ type: 'wizard.next' });
  booking.actor.send({ type: 'branch.select', selection: helsinki });
  booking.actor.send({ type: 'wizard.next' });
  expect(booking.view()).toBe('practitioner');
  if (employee !== null) booking.actor.send({ type: 'employee.select', employee });
  booking.actor.send({ type: 'wizard.next' });
  expect(booking.view()).toBe('slot');
}

/**
 * Answers the slot picker's loads: the month's free days, and the day given (unless told, today
 * with its times, the next day with times being 2 December).
 */
export async function loadSlotStep(
  booking: Booking,
  day: Schemas['DaySlots'] = daySlots(TODAY, null, '2026-12-02'),
) {
  booking.loadMonth.last().resolve(monthAvailability(booking.loadMonth.last().input.month));
  booking.loadDay.last().resolve(day);
  await settle();
}

/** Next from the slot step: the chosen time is held (the server answers), then the details. */
export async function holdAndGoOn(booking: Booking, chosen = slot()) {
  booking.actor.send({ type: 'wizard.next' });
  expect(booking.actor.getSnapshot().matches({ wizard: { slot: 'holding' } })).toBe(true);
  expect(booking.holdSlot.last().input).toEqual({ slotKey: chosen.key });
  booking.holdSlot.last().resolve(heldSlot(chosen));
  await settle();
}

/** On to the details step with the first free time chosen and held. */
export async function toDetails(booking: Booking) {
  toSlot(booking);
  await loadSlotStep(booking);
  booking.pick({ type: 'slot.select', slot: slot() });
  await holdAndGoOn(booking);
  expect(booking.view()).toBe('details');
}

/** On to the confirm step with valid details typed. */
export async function toConfirm(booking: Booking) {
  await toDetails(booking);
  booking.actor.send({ type: 'details.change', details: validDetails });
  booking.actor.send({ type: 'wizard.next' });
  expect(booking.view()).toBe('confirm');
}
