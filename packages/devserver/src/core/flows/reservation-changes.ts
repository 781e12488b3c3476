import type { Schemas } from '@portal/sdk';
import { reservationById } from '../booking/booking-cache.ts';
import { freedTimeOf } from '../booking/freed-time.ts';
import {
  cancelReservation,
  createReservation,
  moveReservation,
  type ReservationInput,
  type Caller,
} from '../booking/reservations.ts';
import { notifyReservation } from '../notifications/notifications.ts';
import { leaveFamilyBlock } from './family-booking.ts';
import { ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import {
  acceptWaitlistOffer,
  endWaitlistEntry,
  offerFreedTime,
  type RequestContext,
} from '../waitlist/waitlist.ts';

/**
 * What follows a patient's change of a reservation, beyond the change itself: the receipt and
 * reminder (notifications), and the time a move or cancel leaves free offered to the patients
 * waiting for an earlier one (waitlist). The handlers call these and only reply. This sits above
 * the domains (decision 019): booking, notifications and the waitlist never call each other
 * back; only this orchestration knows the order (the change, its receipt, then the offers).
 * A reservation of a family booking leaves its block when moved or cancelled (family-booking.ts).
 */

type Reservation = Schemas['Reservation'];

/** The reservation as it is after leaving its family block (moved or cancelled out of it). */
function outOfBlock(reservation: Reservation): Reservation {
  const { familyBookingId: _left, ...rest } = reservation;
  return rest;
}

/**
 * After a move or cancel: the reservation leaves its family block, the receipt, then the time
 * left behind offered to those waiting. Answers the reservation as it now is.
 */
function afterChange(
  state: DevState,
  caller: Caller,
  kind: 'moved' | 'cancelled',
  changed: Reservation,
  before: NonNullable<ReturnType<typeof reservationById>>,
  context: RequestContext,
): Reservation {
  leaveFamilyBlock(state, changed.id, context);
  const reservation = outOfBlock(changed);
  notifyReservation(state, { kind, userId: caller.id, reservation, ...context });
  offerFreedTime(state, freedTimeOf(before));
  return reservation;
}

export function bookReservation(
  state: DevState,
  caller: Caller,
  input: ReservationInput,
  context: RequestContext,
): Result<Reservation> {
  const booked = createReservation(state, caller, input, context.language);
  if (booked.ok)
    notifyReservation(state, {
      kind: 'booked',
      userId: caller.id,
      reservation: booked.value,
      ...context,
    });
  return booked;
}

/** A repeated move onto the same time answers the reservation unchanged and sends nothing. */
export function moveOwnReservation(
  state: DevState,
  caller: Caller,
  id: number,
  input: Schemas['ReservationMoveRequest'],
  context: RequestContext,
): Result<Reservation> {
  const before = reservationById(state, id);
  const moved = moveReservation(state, caller, id, input, context.language);
  // A move onto the time it already had leaves the row as it was (rows are replaced on every
  // change): no receipt, and no time left behind.
  if (moved.ok && before && reservationById(state, id) !== before)
    return ok(afterChange(state, caller, 'moved', moved.value, before, context));
  return moved;
}

/** A second cancel answers the reservation unchanged and sends nothing. */
export function cancelOwnReservation(
  state: DevState,
  caller: Caller,
  id: number,
  context: RequestContext,
): Result<Reservation> {
  const before = reservationById(state, id);
  const cancelled = cancelReservation(state, caller, id, context.language);
  if (cancelled.ok && before && before.status !== 'cancelled') {
    // A cancelled reservation waits for no earlier time.
    endWaitlistEntry(state, id);
    return ok(afterChange(state, caller, 'cancelled', cancelled.value, before, context));
  }
  return cancelled;
}

/** Accepting an offer is a move: a receipt, and the time left behind offered on. */
export function acceptOffer(
  state: DevState,
  caller: Caller,
  offerId: number,
  context: RequestContext,
): Result<Reservation> {
  const accepted = acceptWaitlistOffer(state, caller, offerId, context.language);
  if (!accepted.ok) return accepted;
  leaveFamilyBlock(state, accepted.value.reservation.id, context);
  const reservation = outOfBlock(accepted.value.reservation);
  notifyReservation(state, { kind: 'moved', userId: caller.id, reservation, ...context });
  offerFreedTime(state, accepted.value.freed);
  return ok(reservation);
}
