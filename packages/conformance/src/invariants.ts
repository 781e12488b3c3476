import { notRunMessages, type CheckOutcome, type Report } from './types.ts';

/**
 * The business rules the checker holds every server to, by name (as Schemathesis names its
 * checks): each is one check of a flow, which carries the invariant's id (`CheckResult.invariant`)
 * and counts as a business rule. Those that need the dev controls (the outbox, the clock, a
 * maintenance break) are skipped, with the reason, on a server without them.
 */
export interface Invariant {
  /** snake_case, stable across versions: the id of its check too. */
  id: string;
  rule: string;
  /** The operation whose check it is. */
  operationId: string;
  /**
   * The flow whose step it is (its check id; the flow runs when it or any of its invariants is
   * selected), or null for a check of its own.
   */
  flow: 'booking_flow' | 'coupon_flow' | null;
}

export const INVARIANTS = [
  {
    id: 'staff_read_in_the_patients_log',
    rule: "A staff read of a patient's record is in that patient's own access log within a second, naming the reader's role and the operation.",
    operationId: 'listAccessLog',
    flow: null,
  },
  {
    id: 'access_log_is_ones_own',
    rule: "A user's access log holds only the entries about them: a staff read of one patient never appears in another's.",
    operationId: 'listAccessLog',
    flow: null,
  },
  {
    id: 'access_log_chain_verifies',
    rule: "The access log's hash chain verifies (verifyAccessLog answers valid) after the run's staff reads.",
    operationId: 'verifyAccessLog',
    flow: null,
  },
  {
    id: 'one_booking_per_slot',
    rule: 'A booked slot is not booked again: a second booking answers 409 slot-taken.',
    operationId: 'createReservation',
    flow: 'booking_flow',
  },
  {
    id: 'one_winner_under_concurrency',
    rule: 'Of 20 bookings of one free slot sent at once, exactly one succeeds; the others answer 409 slot-taken.',
    operationId: 'createReservation',
    flow: 'booking_flow',
  },
  {
    id: 'booked_slot_leaves_the_day_view',
    rule: 'A booked slot is no longer listed as free in its day view.',
    operationId: 'getDaySlots',
    flow: 'booking_flow',
  },
  {
    id: 'held_slot_is_hidden',
    rule: 'A held slot is left out of the day view for everyone else.',
    operationId: 'getDaySlots',
    flow: 'booking_flow',
  },
  {
    id: 'one_hold_per_holder',
    rule: 'A holder has one live hold: a new hold with the same holderKey replaces the previous one (it answers 404), so that no one can hoard the calendar.',
    operationId: 'createSlotHold',
    flow: 'booking_flow',
  },
  {
    id: 'no_overlap_with_oneself',
    rule: "A time that overlaps the patient's own reservation (any service, any practitioner) answers 409 overlapping-reservation and books nothing.",
    operationId: 'createReservation',
    flow: 'booking_flow',
  },
  {
    id: 'no_duplicate_service_within_14_days',
    rule: 'The same service within 14 days answers 409 duplicate-reservation, naming the nearest booking, and books nothing.',
    operationId: 'createReservation',
    flow: 'booking_flow',
  },
  {
    id: 'confirmed_once',
    rule: 'A confirmed reservation is not confirmed again (409 not-confirmable).',
    operationId: 'confirmReservation',
    flow: 'booking_flow',
  },
  {
    id: 'cancelled_is_final',
    rule: 'A cancelled reservation cannot be moved (409 not-modifiable).',
    operationId: 'moveReservation',
    flow: 'booking_flow',
  },
  {
    id: 'calendar_follows_a_move',
    rule: "A moved reservation's calendar file keeps its UID and has the new start.",
    operationId: 'getReservationCalendar',
    flow: 'booking_flow',
  },
  {
    id: 'calendar_follows_a_cancel',
    rule: "A cancelled reservation's calendar file says STATUS:CANCELLED under the same UID.",
    operationId: 'getReservationCalendar',
    flow: 'booking_flow',
  },
  {
    id: 'changes_close_24_hours_before',
    rule: 'By the dev clock, a minute inside 24 hours before the start a cancel or move answers 409 inside-cancel-window (canModify false); a minute before the line canModify is true.',
    operationId: 'cancelReservation',
    flow: 'booking_flow',
  },
  {
    id: 'freed_time_offered_to_the_waitlist',
    rule: 'An earlier time freed by a cancel is offered to the reservation waiting for one.',
    operationId: 'listWaitlist',
    flow: 'booking_flow',
  },
  {
    id: 'waitlist_first_accept_wins',
    rule: 'Of two reservations offered the same freed time, the first to accept gets it; the other answers 409 slot-taken and its offer shows taken.',
    operationId: 'acceptWaitlistOffer',
    flow: 'booking_flow',
  },
  {
    id: 'hold_expires',
    rule: 'A hold lasts its 600 seconds: by the dev clock 601 seconds later it is gone (404) and the day view lists its slot again.',
    operationId: 'getSlotHold',
    flow: 'booking_flow',
  },
  {
    id: 'idle_token_expires',
    rule: 'By the dev clock, a token unused for 31 minutes answers 401; one used 2 minutes ago still answers 200.',
    operationId: 'advanceDevClock',
    flow: null,
  },
  {
    id: 'one_redemption_per_coupon',
    rule: 'A coupon is redeemed once: again answers 409 already-redeemed with RedeemedAt.',
    operationId: 'redeemCoupon',
    flow: 'coupon_flow',
  },
  {
    id: 'confirmation_in_the_outbox',
    rule: "A booking's confirmation is sent (the dev outbox holds it), without the national id.",
    operationId: 'listDevOutbox',
    flow: 'booking_flow',
  },
  {
    id: 'move_receipt_sent',
    rule: 'A move sends the patient a receipt (the dev outbox holds a move-receipt).',
    operationId: 'listDevOutbox',
    flow: 'booking_flow',
  },
  {
    id: 'cancel_receipt_sent_once',
    rule: 'A cancel sends one receipt; cancelling again sends none (one cancel-receipt in the dev outbox).',
    operationId: 'listDevOutbox',
    flow: 'booking_flow',
  },
  {
    id: 'maintenance_blocks_bookings',
    rule: 'During a maintenance break a booking answers 503 maintenance with MaintenanceStartsAt.',
    operationId: 'createReservation',
    flow: null,
  },
  {
    id: 'guardian_never_sees_a_hidden_visit',
    rule: 'A visit a 12–17-year-old has hidden from their guardians is absent for a guardian acting for them: not listed, and 404 when read (never a distinct error).',
    operationId: 'setReservationVisibility',
    flow: null,
  },
  {
    id: 'act_for_another_is_recorded',
    rule: "A call made for another person (X-Acting-For) is in that person's access log within a second, with the actor as guardian or mandatary.",
    operationId: 'listAccessLog',
    flow: null,
  },
  {
    id: 'no_action_for_a_person_not_offered',
    rule: 'A user who names in X-Acting-For someone listPersons does not offer them (another user; a child under a protection order is never offered) is refused with 403 not-allowed-for-person.',
    operationId: 'listReservations',
    flow: null,
  },
  {
    id: 'no_right_after_the_18th_birthday',
    rule: "A guardian's right ends as the child's 18th birthday begins, Helsinki time: a minute before, the call answers 200; at midnight, 403 not-allowed-for-person (dev clock).",
    operationId: 'listReservations',
    flow: null,
  },
  {
    id: 'no_action_without_a_live_mandate',
    rule: "An adult acts for another only with a live mandate: on its last day the call answers 200; from the next day's midnight, 403 not-allowed-for-person (dev clock).",
    operationId: 'listReservations',
    flow: null,
  },
  {
    id: 'family_booking_all_or_none',
    rule: "A family booking whose second member's time someone else holds answers 409 and books no member's time; the same booking, the time free again, answers 201 with every member's reservation in one block.",
    operationId: 'createFamilyBooking',
    flow: null,
  },
] as const satisfies readonly Invariant[];

/** The id of a business invariant (a check id). */
export type InvariantId = (typeof INVARIANTS)[number]['id'];

export interface InvariantResult extends Invariant {
  /**
   * `not run` when the run did not reach its check (operation not selected, flow not run, the
   * server stopped answering before it).
   */
  outcome: CheckOutcome | 'not run';
  message?: string;
}

/** Each invariant's outcome in a report. */
export function invariantResults(
  report: Pick<Report, 'operations'> & Partial<Pick<Report, 'stopped' | 'timeUp'>>,
): InvariantResult[] {
  const notRun = notRunMessages(report);
  return INVARIANTS.map((invariant) => {
    const check = report.operations
      .find((o) => o.operationId === invariant.operationId)
      ?.checks.find((c) => c.invariant === invariant.id);
    if (!check) return { ...invariant, outcome: 'not run' };
    if (
      check.outcome === 'skipped' &&
      check.message !== undefined &&
      notRun.includes(check.message)
    )
      return { ...invariant, outcome: 'not run', message: check.message };
    return {
      ...invariant,
      outcome: check.outcome,
      ...(check.message === undefined ? {} : { message: check.message }),
    };
  });
}
