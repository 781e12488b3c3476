import { CANCEL_RECEIPT, CONCURRENT_BOOKINGS, MOVE_RECEIPT } from './flows/booking.ts';
import type { CheckOutcome, Report } from './types.ts';

/**
 * The business rules the checker holds every server to, by name (as Schemathesis names its
 * checks): each is one check of a flow, found in the report by operation and check name. Those
 * that need the dev controls (the outbox, a maintenance break) are skipped, with the reason, on a
 * server without them.
 */
export interface Invariant {
  /** snake_case, stable across versions. */
  id: string;
  rule: string;
  operationId: string;
  check: string;
}

export const INVARIANTS: readonly Invariant[] = [
  {
    id: 'one_booking_per_slot',
    rule: 'A booked slot is not booked again: a second booking answers 409 slot-taken.',
    operationId: 'createReservation',
    check: 'answers 409 slot-taken when the same slot is booked again',
  },
  {
    id: 'one_winner_under_concurrency',
    rule: 'Of 20 bookings of one free slot sent at once, exactly one succeeds; the others answer 409 slot-taken.',
    operationId: 'createReservation',
    check: CONCURRENT_BOOKINGS,
  },
  {
    id: 'booked_slot_leaves_the_day_view',
    rule: 'A booked slot is no longer listed as free in its day view.',
    operationId: 'getDaySlots',
    check: 'no longer lists a slot once it is booked',
  },
  {
    id: 'held_slot_is_hidden',
    rule: 'A held slot is left out of the day view for everyone else.',
    operationId: 'getDaySlots',
    check: 'leaves a held slot out of the day view',
  },
  {
    id: 'no_duplicate_service_within_14_days',
    rule: 'The same service within 14 days answers 409 duplicate-reservation, naming the nearest booking, and books nothing.',
    operationId: 'createReservation',
    check:
      'answers 409 duplicate-reservation for the same service within 14 days, naming the nearest one, and books nothing',
  },
  {
    id: 'confirmed_once',
    rule: 'A confirmed reservation is not confirmed again (409 not-confirmable).',
    operationId: 'confirmReservation',
    check: 'answers 409 not-confirmable for a reservation that is already confirmed',
  },
  {
    id: 'cancelled_is_final',
    rule: 'A cancelled reservation cannot be moved (409 not-modifiable).',
    operationId: 'moveReservation',
    check: 'answers 409 not-modifiable when moving a cancelled reservation',
  },
  {
    id: 'calendar_follows_a_move',
    rule: "A moved reservation's calendar file keeps its UID and has the new start.",
    operationId: 'getReservationCalendar',
    check: 'keeps the UID of a moved reservation, with its new start',
  },
  {
    id: 'calendar_follows_a_cancel',
    rule: "A cancelled reservation's calendar file says STATUS:CANCELLED under the same UID.",
    operationId: 'getReservationCalendar',
    check: 'marks the cancelled reservation STATUS:CANCELLED under the same UID',
  },
  {
    id: 'freed_time_offered_to_the_waitlist',
    rule: 'An earlier time freed by a cancel is offered to the reservation waiting for one.',
    operationId: 'listWaitlist',
    check: 'offers a freed earlier time to the waiting reservation (status open)',
  },
  {
    id: 'one_redemption_per_coupon',
    rule: 'A coupon is redeemed once: again answers 409 already-redeemed with RedeemedAt.',
    operationId: 'redeemCoupon',
    check: 'answers 409 already-redeemed with RedeemedAt when redeemed twice',
  },
  {
    id: 'confirmation_in_the_outbox',
    rule: "A booking's confirmation is sent (the dev outbox holds it), without the national id.",
    operationId: 'listDevOutbox',
    check: 'holds the confirmation of the reservation just booked, without the national id',
  },
  {
    id: 'move_receipt_sent',
    rule: 'A move sends the patient a receipt (the dev outbox holds a move-receipt).',
    operationId: 'listDevOutbox',
    check: MOVE_RECEIPT,
  },
  {
    id: 'cancel_receipt_sent_once',
    rule: 'A cancel sends one receipt; cancelling again sends none (one cancel-receipt in the dev outbox).',
    operationId: 'listDevOutbox',
    check: CANCEL_RECEIPT,
  },
  {
    id: 'maintenance_blocks_bookings',
    rule: 'During a maintenance break a booking answers 503 maintenance with MaintenanceStartsAt.',
    operationId: 'createReservation',
    check: 'answers 503 maintenance during a maintenance break',
  },
];

export interface InvariantResult extends Invariant {
  /** `not run` when the run did not reach its check (operation not selected, flow not run). */
  outcome: CheckOutcome | 'not run';
  message?: string;
}

/** Each invariant's outcome in a report. */
export function invariantResults(report: Pick<Report, 'operations'>): InvariantResult[] {
  return INVARIANTS.map((invariant) => {
    const check = report.operations
      .find((o) => o.operationId === invariant.operationId)
      ?.checks.find((c) => c.name === invariant.check);
    if (!check) return { ...invariant, outcome: 'not run' };
    return {
      ...invariant,
      outcome: check.outcome,
      ...(check.message === undefined ? {} : { message: check.message }),
    };
  });
}
