import { expectErrorCode, expectStatus, idOf, jsonObject, listItems } from '../expect.ts';
import { isObject, type JsonObject } from '../json.ts';
import { describe, fail } from '../runner.ts';
import { outboxMessages, type BookingContext } from './booking-context.ts';
import { checkCalendarFile } from './calendar-file.ts';
import { withDevClock } from './dev-clock.ts';
import { need, sameInstant } from './flow.ts';

/** Cancelling or moving is free up to 24 hours before the start (the spec's window). */
const CANCEL_WINDOW_MS = 24 * 3_600_000;

const MOVE_RECEIPT = 'holds a move-receipt for the moved reservation';
const CANCEL_RECEIPT =
  'holds one cancel-receipt per channel for a reservation cancelled twice (a repeated cancel sends none)';

/**
 * Moving the reservation to the second slot (200, the same id, the new start); the move sends a
 * receipt (where the contract has the dev outbox), and the calendar file keeps its UID with the
 * new start.
 */
export async function moveSteps(context: BookingContext): Promise<void> {
  const { runner, flow, token } = context;

  await flow.step(
    'moveReservation',
    'moves the reservation to another free slot (200, new start time)',
    { destructive: true, soft: true },
    async () => {
      const target = need(context.second, 'a second free slot');
      const answer = await runner.call('moveReservation', 'booking: move to another slot', {
        token,
        path: { id: context.reservationId },
        json: { slotKey: target.key },
      });
      expectStatus(runner.op('moveReservation'), answer, [200]);
      const moved = jsonObject(answer);
      if (idOf(moved) !== context.reservationId)
        fail(`moved reservation has id ${String(idOf(moved))}, expected ${context.reservationId}`);
      if (!sameInstant(moved.startTime, target.startTime))
        fail(`startTime ${String(moved.startTime)} is not the new slot's ${target.startTime}`);
    },
  );

  if (runner.has('listDevOutbox'))
    await flow.step(
      'listDevOutbox',
      MOVE_RECEIPT,
      { soft: true, invariant: 'move_receipt_sent' },
      async () => {
        const receipts = await outboxMessages(
          context,
          'booking: the dev outbox after the move',
          'move-receipt',
        );
        if (receipts.length === 0)
          fail(`no move-receipt for reservation ${String(context.reservationId)}`);
      },
    );

  await flow.step(
    'getReservationCalendar',
    'keeps the UID of a moved reservation, with its new start',
    { destructive: true, soft: true, invariant: 'calendar_follows_a_move' },
    () =>
      checkCalendarFile(
        runner,
        'booking: the calendar file after the move',
        token,
        need(context.reservationId, 'the booked reservation'),
        {
          startTime: need(context.second, 'a second free slot').startTime,
          status: 'CONFIRMED',
        },
      ),
  );
}

/**
 * The 24-hour line, by the dev clock (skipped without it): a minute before it the reservation
 * says `canModify` true; a minute past it `canModify` is false, and a cancel or a move answers
 * 409 inside-cancel-window. The clock is set back afterwards, so the cancel phase can cancel.
 */
export async function changeWindowSteps(context: BookingContext): Promise<void> {
  const { runner, flow, token } = context;

  await flow.step(
    'cancelReservation',
    'answers 409 inside-cancel-window to a cancel or move a minute inside the 24 hours before the start (by the dev clock); a minute before, canModify is true',
    { destructive: true, soft: true, invariant: 'changes_close_24_hours_before' },
    () =>
      withDevClock(runner, 'window', async (clock) => {
        const id = need(context.reservationId, 'the booked reservation');
        const read = async (label: string): Promise<JsonObject> => {
          const answer = await runner.call('getReservation', label, { token, path: { id } });
          expectStatus(runner.op('getReservation'), answer, [200]);
          return jsonObject(answer);
        };
        const start = Date.parse(String((await read('window: the reservation')).startTime));
        if (Number.isNaN(start)) fail(`reservation ${id} has no startTime`);
        const line = start - CANCEL_WINDOW_MS;
        await clock.set(new Date(line - 60_000), 'a minute before the 24-hour line');
        const before = await read('window: the reservation a minute before the line');
        if (before.canModify !== true)
          fail(`canModify ${String(before.canModify)} a minute before the line, expected true`);
        await clock.set(new Date(line + 60_000), 'a minute past the 24-hour line');
        const inside = await read('window: the reservation a minute past the line');
        if (inside.canModify !== false)
          fail(`canModify ${String(inside.canModify)} a minute past the line, expected false`);
        const cancel = await runner.call('cancelReservation', 'window: cancel inside 24 hours', {
          token,
          path: { id },
        });
        expectStatus(runner.op('cancelReservation'), cancel, [409]);
        expectErrorCode(cancel, ['inside-cancel-window']);
        const move = await runner.call('moveReservation', 'window: move inside 24 hours', {
          token,
          path: { id },
          json: { slotKey: need(context.second, 'a second free slot').key },
        });
        expectStatus(runner.op('moveReservation'), move, [409]);
        expectErrorCode(move, ['inside-cancel-window']);
      }),
  );
}

/**
 * Cancelling the reservation, the flow's last phase: the cancel (200, status cancelled, marked in
 * the context for the cleanup) and a repeated one (200 again); one receipt per channel however
 * often it is cancelled (where the contract has the dev outbox); the calendar file says
 * STATUS:CANCELLED under the same UID; a move answers 409 not-modifiable; the patient's list
 * shows it in the past group.
 */
export async function cancelSteps(context: BookingContext): Promise<void> {
  const { runner, flow, token } = context;

  await flow.step(
    'cancelReservation',
    'cancels the reservation (200, status cancelled)',
    { destructive: true },
    async () => {
      const answer = await runner.call('cancelReservation', 'booking: cancel', {
        token,
        path: { id: context.reservationId },
      });
      expectStatus(runner.op('cancelReservation'), answer, [200]);
      context.cancelled = true;
      if (jsonObject(answer).status !== 'cancelled')
        fail(`status ${String(jsonObject(answer).status)}, expected cancelled`);
    },
  );

  await flow.step(
    'cancelReservation',
    'answers a repeated cancel with the cancelled reservation (200)',
    { destructive: true, soft: true },
    async () => {
      const answer = await runner.call('cancelReservation', 'booking: cancel again', {
        token,
        path: { id: context.reservationId },
      });
      expectStatus(runner.op('cancelReservation'), answer, [200]);
      if (jsonObject(answer).status !== 'cancelled')
        fail(`status ${String(jsonObject(answer).status)}, expected cancelled`);
    },
  );

  if (runner.has('listDevOutbox'))
    await flow.step(
      'listDevOutbox',
      CANCEL_RECEIPT,
      { soft: true, invariant: 'cancel_receipt_sent_once' },
      async () => {
        const receipts = await outboxMessages(
          context,
          'booking: the dev outbox after two cancels',
          'cancel-receipt',
        );
        // One receipt, sent on each of the patient's channels (SMS, email): one per channel.
        const channels = receipts.map((r) => (isObject(r) ? String(r.channel) : ''));
        const twice = channels.filter((channel, i) => channels.indexOf(channel) !== i);
        if (receipts.length === 0 || twice.length > 0)
          fail(
            `${receipts.length} cancel-receipts (${channels.join(', ') || 'none'}) for reservation ${String(context.reservationId)}, cancelled twice (expected exactly one per channel)`,
          );
      },
    );

  await flow.step(
    'getReservationCalendar',
    'marks the cancelled reservation STATUS:CANCELLED under the same UID',
    { destructive: true, soft: true, invariant: 'calendar_follows_a_cancel' },
    () =>
      checkCalendarFile(
        runner,
        'booking: the calendar file after the cancel',
        token,
        need(context.reservationId, 'the booked reservation'),
        {
          status: 'CANCELLED',
        },
      ),
  );

  await flow.step(
    'moveReservation',
    'answers 409 not-modifiable when moving a cancelled reservation',
    { destructive: true, soft: true, invariant: 'cancelled_is_final' },
    async () => {
      const answer = await runner.call('moveReservation', 'booking: move a cancelled reservation', {
        token,
        path: { id: context.reservationId },
        json: { slotKey: need(context.first, 'a free slot').key },
      });
      expectStatus(runner.op('moveReservation'), answer, [409]);
      expectErrorCode(answer, ['not-modifiable']);
    },
  );

  await flow.step(
    'listReservations',
    'lists the cancelled reservation in the past group',
    { soft: true },
    async () => {
      const answer = await runner.call('listReservations', 'booking: my past reservations', {
        token,
        query: { group: 'past' },
      });
      expectStatus(runner.op('listReservations'), answer, [200]);
      const listed = listItems(answer.json).find((r) => idOf(r) === context.reservationId);
      if (!listed)
        fail(`reservation ${context.reservationId} is not listed in past: ${describe(answer)}`);
      if (isObject(listed) && listed.status !== 'cancelled')
        fail(`listed with status ${String(listed.status)}`);
    },
  );
}
