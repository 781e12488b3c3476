import { errorCode, expectErrorCode, expectStatus, idOf, jsonObject } from '../expect.ts';
import { isObject } from '../json.ts';
import { describe, fail, skip } from '../runner.ts';
import type { BookingContext } from './booking-context.ts';
import { overlappingSlots } from './booking-slots.ts';
import type { HttpAnswer } from '../http.ts';
import { need, sameInstant } from './flow.ts';

/** Whether an answer booked something (any 2xx: a wrong status is the status checks' to report). */
const isBooking = (answer: HttpAnswer): boolean =>
  answer.status !== null && answer.status >= 200 && answer.status < 300;

/** Bookings of one free slot sent at once: exactly one may succeed. */
const CONCURRENT_REQUESTS = 20;
const CONCURRENT_BOOKINGS = `keeps one booking of a slot under ${CONCURRENT_REQUESTS} concurrent requests (one 201, the others 409 slot-taken)`;

/**
 * Booking, the phase every later one builds on: the first free slot is booked (201, the slot's
 * start, confirmed), and the reservation's id goes into the context, so that the cleanup cancels
 * it even when a check of the answer fails. A reservation made with a wrong answer (200 for 201,
 * another start) is still made: the later phases, which need only it, go on and report theirs.
 */
export async function bookSteps(context: BookingContext): Promise<void> {
  const { runner, flow, token } = context;
  await flow.step(
    'createReservation',
    'books a free slot (201 with the new confirmed reservation)',
    { destructive: true, soft: () => context.reservationId !== undefined },
    async () => {
      const slot = need(context.first, 'a free slot');
      const answer = await runner.call('createReservation', 'booking: book a free slot', {
        token,
        json: await context.request(slot.key),
      });
      if (isBooking(answer)) context.reservationId = idOf(answer.json);
      expectStatus(runner.op('createReservation'), answer, [201]);
      const reservation = jsonObject(answer);
      if (context.reservationId === undefined) fail(`no id in ${describe(answer)}`);
      if (!sameInstant(reservation.startTime, slot.startTime))
        fail(`startTime ${String(reservation.startTime)} is not the slot's ${slot.startTime}`);
      if (reservation.status !== 'confirmed')
        fail(`status ${String(reservation.status)}, expected confirmed`);
    },
  );
}

/**
 * The rules against booking twice, once a reservation exists: of concurrent bookings of one free
 * slot exactly one wins; the booked slot cannot be booked again (409 slot-taken); another free
 * time overlapping the booked one answers 409 overlapping-reservation; the same
 * service within 14 days answers 409 duplicate-reservation naming the nearest one, unless the
 * request says `allowDuplicate`. Whatever these steps book is cancelled again: the second and
 * third slots stay free for the phases after them.
 */
export async function doubleBookingSteps(context: BookingContext): Promise<void> {
  const { runner, flow, token } = context;

  await flow.step(
    'createReservation',
    CONCURRENT_BOOKINGS,
    { destructive: true, soft: true, invariant: 'one_winner_under_concurrency' },
    async () => {
      const slot =
        context.third ?? skip('no third free slot at the branch more than 26 hours ahead');
      const body = await context.request(slot.key);
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT_REQUESTS }, (_, i) =>
          runner.call('createReservation', `concurrency: booking ${i + 1} of one slot`, {
            token,
            json: body,
          }),
        ),
      );
      const made = answers.filter(isBooking);
      // Whatever was booked is cancelled again: the slot is the server's, not the checker's.
      for (const answer of made) {
        const id = idOf(answer.json);
        if (id !== undefined)
          await runner.call('cancelReservation', 'cleanup: cancel a concurrent booking', {
            token,
            path: { id },
          });
      }
      const others = answers.filter((a) => !isBooking(a));
      const wrong = others.filter((a) => a.status !== 409 || errorCode(a) !== 'slot-taken');
      if (made.length !== 1 || wrong.length > 0) {
        fail(
          `${made.length} of ${CONCURRENT_REQUESTS} concurrent bookings of one slot were booked (expected exactly 1)` +
            (wrong.length > 0
              ? `; ${wrong.length} answered otherwise than 409 slot-taken: ${describe(wrong[0] as (typeof answers)[number])}`
              : ''),
        );
      }
    },
  );

  await flow.step(
    'createReservation',
    'answers 409 slot-taken when the same slot is booked again',
    { destructive: true, soft: true, invariant: 'one_booking_per_slot' },
    async () => {
      const answer = await runner.call('createReservation', 'booking: book the same slot again', {
        token,
        json: await context.request(need(context.first, 'a free slot').key),
      });
      if (isBooking(answer)) {
        const id = idOf(answer.json);
        if (id !== undefined)
          await runner.call('cancelReservation', 'cleanup: cancel the double booking', {
            token,
            path: { id },
          });
      }
      expectStatus(runner.op('createReservation'), answer, [409]);
      expectErrorCode(answer, ['slot-taken']);
    },
  );

  await flow.step(
    'createReservation',
    "answers 409 overlapping-reservation for another free time that overlaps the patient's booked one, and books nothing",
    { destructive: true, soft: true, invariant: 'no_overlap_with_oneself' },
    async () => {
      const booked = need(context.first, 'a free slot');
      const [other] = await overlappingSlots(runner, context, booked);
      if (other === undefined)
        skip(`no other free slot overlaps the booked time ${booked.startTime} in its day view`);
      const answer = await runner.call(
        'createReservation',
        "booking: another practitioner's time at the booked minute",
        { token, json: await context.request(other.key) },
      );
      if (isBooking(answer)) {
        const id = idOf(answer.json);
        if (id !== undefined)
          await runner.call('cancelReservation', 'cleanup: cancel the overlapping booking', {
            token,
            path: { id },
          });
      }
      expectStatus(runner.op('createReservation'), answer, [409]);
      expectErrorCode(answer, ['overlapping-reservation']);
    },
  );

  await flow.step(
    'createReservation',
    'answers 409 duplicate-reservation for the same service within 14 days, naming the nearest one, and books nothing',
    { destructive: true, soft: true, invariant: 'no_duplicate_service_within_14_days' },
    async () => {
      const slot = need(context.second, 'a second free slot');
      const answer = await runner.call(
        'createReservation',
        'booking: the same service again, minutes later',
        { token, json: await context.request(slot.key, false) },
      );
      if (isBooking(answer)) {
        const id = idOf(answer.json);
        if (id !== undefined)
          await runner.call('cancelReservation', 'cleanup: cancel the duplicate', {
            token,
            path: { id },
          });
      }
      expectStatus(runner.op('createReservation'), answer, [409]);
      expectErrorCode(answer, ['duplicate-reservation']);
      // The nearest reservation of the service: the one just booked, or one of the user's own
      // that is nearer still (a test user may have others; which, depends on the day and hour).
      const existing = jsonObject(answer).ExistingReservation;
      const away = (start: unknown): number =>
        Math.abs(Date.parse(String(start)) - Date.parse(slot.startTime));
      const booked = need(context.first, 'a free slot');
      if (
        idOf(existing) !== context.reservationId &&
        !(isObject(existing) && away(existing.startTime) <= away(booked.startTime))
      )
        fail(
          `ExistingReservation has id ${String(idOf(existing))}, expected the reservation ${String(context.reservationId)} booked minutes away or a nearer one: ${describe(answer)}`,
        );
    },
  );

  await flow.step(
    'createReservation',
    'books the same service again when the request says allowDuplicate: true (201)',
    { destructive: true, soft: true },
    async () => {
      const slot = need(context.second, 'a second free slot');
      const answer = await runner.call('createReservation', 'booking: keep both', {
        token,
        json: await context.request(slot.key, true),
      });
      // The second slot is the move phase's target: free it again, whatever the answer's status
      // (a booking answered 200 is a booking all the same).
      const id = isBooking(answer) ? idOf(answer.json) : undefined;
      const freed =
        id === undefined
          ? undefined
          : await runner.call('cancelReservation', 'cleanup: cancel the kept duplicate', {
              token,
              path: { id },
            });
      expectStatus(runner.op('createReservation'), answer, [201]);
      if (freed === undefined) fail(`no reservation id in ${describe(answer)}`);
      expectStatus(runner.op('cancelReservation'), freed, [200]);
    },
  );
}
