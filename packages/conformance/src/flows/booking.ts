import type { OperationId } from '@portal/sdk/contract';
import { errorCode } from '../expect.ts';
import { describe, type Runner } from '../runner.ts';
import { bookingRequest, type BookingContext } from './booking-context.ts';
import { changeWindowSteps, cancelSteps, moveSteps } from './booking-changes.ts';
import { bookSteps, doubleBookingSteps } from './booking-create.ts';
import { readBackSteps } from './booking-readback.ts';
import { dayViewLists, slotSearchSteps } from './booking-slots.ts';
import { serverNow } from './dev-clock.ts';
import { anySelected, Flow, hasAll, tokenOrReason } from './flow.ts';
import { holdSteps } from './holds.ts';
import { waitlistSteps } from './waitlist.ts';

/** The operations the booking flow follows (it runs when one is selected and all are in the contract). */
export const BOOKING_FLOW_OPERATIONS: readonly OperationId[] = [
  'listCustomerTypes',
  'listReasons',
  'listBranches',
  'getMonthAvailability',
  'getDaySlots',
  'getFirstFreeTimes',
  'createReservation',
  'getReservation',
  'listReservations',
  'confirmReservation',
  'moveReservation',
  'cancelReservation',
  'getReservationCalendar',
];

/**
 * The booking flow as a patient: find a free slot through the month and day views of a listed
 * branch and reason, book it, read it back, see it listed, move it, cancel it, and the 409s for
 * a slot booked twice, confirming a confirmed reservation and moving a cancelled one; its
 * calendar file follows it (same UID, new start, then STATUS:CANCELLED). Between the move and
 * the cancel, the moved reservation waits for an earlier time and takes the one freed for it
 * (a second reservation waiting for it too is turned away), and, by the dev clock, the 24-hour
 * line closes cancels and moves.
 *
 * Each phase is a function of its own; they run in this order, one flow, so a failed step
 * skips the steps after it whichever phase they are in.
 */
export async function bookingFlow(runner: Runner): Promise<void> {
  if (!anySelected(runner, BOOKING_FLOW_OPERATIONS) || !hasAll(runner, BOOKING_FLOW_OPERATIONS))
    return;
  if (!runner.wantsFlow('booking_flow')) return;
  const flow = new Flow(runner, 'booking flow', 'booking_flow');
  const patient = tokenOrReason(runner, 'patient');
  if ('reason' in patient) flow.block(patient.reason);
  const token = 'token' in patient ? patient.token : null;
  const now = await serverNow(runner);

  const search = await slotSearchSteps({ runner, flow, now, token });
  const [first, second, third] = search.found?.slots ?? [];
  const context: BookingContext = {
    runner,
    flow,
    token,
    now,
    ...search,
    first,
    second,
    third,
    request: bookingRequest(runner, search),
    reservationId: undefined,
    cancelled: false,
  };
  try {
    await bookSteps(context);
    await doubleBookingSteps(context);
    await holdSteps({
      runner,
      flow,
      token,
      slot: second,
      listed: (slotKey) => dayViewLists(runner, search, slotKey),
      book: context.request,
    });
    await readBackSteps(context);
    await moveSteps(context);
    await waitlistSteps({
      runner,
      flow,
      token,
      now,
      reservationId: context.reservationId,
      earlier: first,
      later: third,
      book: context.request,
    });
    await changeWindowSteps(context);
    await cancelSteps(context);
  } finally {
    await cleanUp(context);
  }
}

/**
 * Cancels the reservation the flow booked when no step cancelled it (a step failed, or the run
 * stopped), so that the checker leaves the server's slots as it found them; a cancel that does
 * not work is reported as a failed setup check rather than left unsaid, unless the server has
 * stopped answering (that is the run's one failure, and the cancel was never sent).
 */
async function cleanUp(context: BookingContext): Promise<void> {
  const { runner, token, reservationId } = context;
  if (reservationId === undefined || context.cancelled || !token) return;
  const answer = await runner.call(
    'cancelReservation',
    'cleanup: cancel the reservation the checker booked',
    { token, path: { id: reservationId } },
  );
  if (answer.status !== 200 && !runner.stopped) {
    runner.setup.push({
      id: 'cleans_up',
      name: `cleans up reservation ${reservationId}`,
      outcome: 'failed',
      message: `could not cancel it: ${describe(answer)} (${errorCode(answer) ?? ''})`,
      destructive: true,
      category: 'business',
      exchanges: [],
      durationMs: 0,
    });
  }
}
