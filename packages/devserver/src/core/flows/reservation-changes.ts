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
import type { Result } from '../result.ts';
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
 */

type Reservation = Schemas['Reservation'];

/** After a move or cancel: the receipt, then the time left behind offered to those waiting. */
function afterChange(
  state: DevState,
  caller: Caller,
  kind: 'moved' | 'cancelled',
  reservation: Reservation,
  before: NonNullable<ReturnType<typeof reservationById>>,
  context: RequestContext,
): void {
  notifyReservation(state, { kind, userId: caller.id, reservation, ...context });
  offerFreedTime(state, freedTimeOf(before));
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
    afterChange(state, caller, 'moved', moved.value, before, context);
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
    afterChange(state, caller, 'cancelled', cancelled.value, before, context);
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
  const { reservation, freed } = accepted.value;
  notifyReservation(state, { kind: 'moved', userId: caller.id, reservation, ...context });
  offerFreedTime(state, freed);
  return { ok: true, value: reservation };
}
