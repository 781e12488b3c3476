import { isContractNotFound } from '../conformity.ts';
import { expectErrorCode, expectStatus, idOf, jsonObject, listItems } from '../expect.ts';
import { isObject } from '../json.ts';
import { describe, fail, skip } from '../runner.ts';
import type { BookingContext } from './booking-context.ts';
import { checkCalendarFile } from './calendar-file.ts';
import { need, stringField } from './flow.ts';

/**
 * Reading the booked reservation back, and cross-checking it everywhere it shows: by its id, as
 * a calendar file (stable UID, UTC start, CONFIRMED), as a confirmation in the dev outbox
 * (without the national id; only where the contract has the outbox), in the future group of the
 * patient's list, and gone from its day view; confirming it again answers 409 not-confirmable.
 * Every step is soft: one view that disagrees does not stop the others.
 */
export async function readBackSteps(context: BookingContext): Promise<void> {
  const { runner, flow, token } = context;

  await flow.step(
    'getReservation',
    'returns the reservation just booked',
    { soft: true },
    async () => {
      const answer = await runner.call('getReservation', 'booking: read it back', {
        token,
        path: { id: context.reservationId },
      });
      expectStatus(runner.op('getReservation'), answer, [200]);
      if (idOf(answer.json) !== context.reservationId)
        fail(`asked for ${context.reservationId}, got ${describe(answer)}`);
    },
  );

  await flow.step(
    'getReservationCalendar',
    'returns the reservation as an iCalendar event (stable UID, UTC start, CONFIRMED)',
    { soft: true },
    () =>
      checkCalendarFile(
        runner,
        'booking: its calendar file',
        token,
        need(context.reservationId, 'the booked reservation'),
        {
          startTime: need(context.first, 'a free slot').startTime,
          status: 'CONFIRMED',
        },
      ),
  );

  if (runner.has('listDevOutbox'))
    await flow.step(
      'listDevOutbox',
      'holds the confirmation of the reservation just booked, without the national id',
      { soft: true, invariant: 'confirmation_in_the_outbox' },
      async () => {
        const answer = await runner.call('listDevOutbox', 'booking: the dev outbox', {});
        if (isContractNotFound(runner, runner.op('listDevOutbox'), answer))
          skip('the server answers 404 to dev controls: dev mode is off');
        expectStatus(runner.op('listDevOutbox'), answer, [200]);
        const messages = listItems(answer.json).filter(
          (message) => isObject(message) && message.reservationId === context.reservationId,
        );
        if (
          !messages.some((message) => isObject(message) && message.kind === 'booking-confirmation')
        )
          fail(
            `no booking-confirmation for reservation ${String(context.reservationId)}: ${describe(answer)}`,
          );
        const ssn = /\b\d{6}[-+A-FU-Y]\d{3}[0-9A-Y]\b/;
        for (const message of messages)
          if (isObject(message) && ssn.test(String(message.text)))
            fail(`message ${String(message.id)} shows a national identification number`);
      },
    );

  await flow.step(
    'listReservations',
    'lists the reservation just booked in the future group',
    { soft: true },
    async () => {
      const answer = await runner.call('listReservations', 'booking: my future reservations', {
        token,
        query: { group: 'future' },
      });
      expectStatus(runner.op('listReservations'), answer, [200]);
      if (!listItems(answer.json).some((r) => idOf(r) === context.reservationId))
        fail(`reservation ${context.reservationId} is not listed: ${describe(answer)}`);
    },
  );

  await flow.step(
    'getDaySlots',
    'no longer lists a slot once it is booked',
    { soft: true, invariant: 'booked_slot_leaves_the_day_view' },
    async () => {
      const slot = need(context.first, 'a free slot');
      const { branchIds, customerType } = need(context.choice, 'the reasons and branches');
      const answer = await runner.call('getDaySlots', 'booking: the booked day again', {
        query: {
          branchIds,
          reasonId: idOf(need(context.found, 'free slots').reason),
          customerType,
          date: slot.date,
        },
      });
      expectStatus(runner.op('getDaySlots'), answer, [200]);
      if (listItems(jsonObject(answer).slots).some((s) => stringField(s, 'key') === slot.key))
        fail(`the booked slot ${slot.key} is still listed as free`);
    },
  );

  await flow.step(
    'confirmReservation',
    'answers 409 not-confirmable for a reservation that is already confirmed',
    { soft: true, invariant: 'confirmed_once' },
    async () => {
      const answer = await runner.call(
        'confirmReservation',
        'booking: confirm a confirmed reservation',
        { token, path: { id: context.reservationId } },
      );
      expectStatus(runner.op('confirmReservation'), answer, [409]);
      expectErrorCode(answer, ['not-confirmable']);
    },
  );
}
