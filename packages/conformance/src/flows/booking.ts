import { icsProperty } from '@portal/sdk';
import type { OperationId } from '@portal/sdk/contract';
import { isContractNotFound } from '../conformity.ts';
import { validBody } from '../discovery.ts';
import {
  errorCode,
  expectErrorCode,
  expectStatus,
  idOf,
  jsonObject,
  listItems,
} from '../expect.ts';
import { isObject, type JsonObject } from '../json.ts';
import { describe, fail, skip, type Runner } from '../runner.ts';
import {
  anySelected,
  Flow,
  hasAll,
  helsinkiDate,
  need,
  sameInstant,
  stringField,
  tokenOrReason,
} from './flow.ts';
import { withDevClock } from './dev-clock.ts';
import { holdSteps } from './holds.ts';
import { waitlistSteps } from './waitlist.ts';

const OPERATIONS: readonly OperationId[] = [
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

interface Slot {
  key: string;
  startTime: string;
  date: string;
  branchId: unknown;
}

/** The server's "now": the dev clock when there is one, otherwise this machine's clock. */
export function serverNow(runner: Runner): Promise<Date> {
  return runner.once('server-now', async () => {
    if (runner.has('getDevClock')) {
      const answer = await runner.request(runner.op('getDevClock'), {});
      const now = stringField(answer.json, 'now');
      if (answer.status === 200 && now && !Number.isNaN(Date.parse(now))) return new Date(now);
    }
    return new Date();
  });
}

const monthOf = (date: string): string => date.slice(0, 7);

function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/** `20261201T070000Z`: an instant as an iCalendar UTC date-time. */
const icsUtc = (iso: string): string =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * Checks a reservation's iCalendar file: one event with the contract's stable UID, the start as
 * a UTC date-time of the reservation's instant, and the status.
 */
async function checkCalendarFile(
  runner: Runner,
  label: string,
  token: string | null,
  reservationId: number,
  expected: { startTime?: string; status: 'CONFIRMED' | 'CANCELLED' },
): Promise<void> {
  const answer = await runner.call('getReservationCalendar', label, {
    token,
    path: { id: reservationId },
  });
  expectStatus(runner.op('getReservationCalendar'), answer, [200]);
  const uid = icsProperty(answer.text, 'UID');
  if (uid !== `reservation-${reservationId}@dental-portal`)
    fail(`UID ${String(uid)}, expected reservation-${reservationId}@dental-portal`);
  const start = icsProperty(answer.text, 'DTSTART');
  if (expected.startTime !== undefined && start !== icsUtc(expected.startTime))
    fail(
      `DTSTART ${String(start)}, expected ${icsUtc(expected.startTime)} (${expected.startTime})`,
    );
  const status = icsProperty(answer.text, 'STATUS');
  if (status !== expected.status) fail(`STATUS ${String(status)}, expected ${expected.status}`);
}

/** Cancelling or moving is free up to 24 hours before the start (the spec's window). */
const CANCEL_WINDOW_MS = 24 * 3_600_000;

/** Bookings of one free slot sent at once: exactly one may succeed. */
const CONCURRENT_REQUESTS = 20;
const MOVE_RECEIPT = 'holds a move-receipt for the moved reservation';
const CANCEL_RECEIPT =
  'holds one cancel-receipt per channel for a reservation cancelled twice (a repeated cancel sends none)';
const CONCURRENT_BOOKINGS = `keeps one booking of a slot under ${CONCURRENT_REQUESTS} concurrent requests (one 201, the others 409 slot-taken)`;

/**
 * The booking flow as a patient: find a free slot through the month and day views of a listed
 * branch and reason, book it, read it back, see it listed, move it, cancel it, and the 409s for
 * a slot booked twice, confirming a confirmed reservation and moving a cancelled one; its
 * calendar file follows it (same UID, new start, then STATUS:CANCELLED). Between the move and
 * the cancel, the moved reservation waits for an earlier time and takes the one freed for it
 * (a second reservation waiting for it too is turned away), and, by the dev clock, the 24-hour
 * line closes cancels and moves.
 */
export async function bookingFlow(runner: Runner): Promise<void> {
  if (!anySelected(runner, OPERATIONS) || !hasAll(runner, OPERATIONS)) return;
  const flow = new Flow(runner, 'booking flow');
  const patient = tokenOrReason(runner, 'patient');
  if ('reason' in patient) flow.block(patient.reason);
  const token = 'token' in patient ? patient.token : null;
  const now = await serverNow(runner);
  const earliest = new Date(now.getTime() + 26 * 3_600_000);

  // 1. What can be booked: a customer type without an identifier, its reasons, the branches.
  const choice = await flow.step(
    'listReasons',
    'lists reasons that a booking can use',
    {},
    async () => {
      const types = await runner.call('listCustomerTypes', 'booking: customer types', {});
      expectStatus(runner.op('listCustomerTypes'), types, [200]);
      const type = listItems(types.json).find((t) => isObject(t) && t.identifierRequired === false);
      const customerType = isObject(type) && typeof type.id === 'string' ? type.id : 'private';
      const reasons = await runner.call('listReasons', 'booking: reasons', {
        query: { customerType },
      });
      expectStatus(runner.op('listReasons'), reasons, [200]);
      const bookable = listItems(reasons.json).filter(
        (r): r is JsonObject => isObject(r) && idOf(r) !== undefined,
      );
      if (bookable.length === 0) skip(`no reasons for customer type ${customerType}`);
      bookable.sort(
        (a, b) =>
          Number(a.requiresStaffDescription === true) - Number(b.requiresStaffDescription === true),
      );
      const branches = await runner.call('listBranches', 'booking: branches', {});
      expectStatus(runner.op('listBranches'), branches, [200]);
      const branchIds = listItems(branches.json)
        .filter((b) => isObject(b) && b.Enabled !== false)
        .map(idOf)
        .filter((id): id is number => id !== undefined)
        .slice(0, 50);
      if (branchIds.length === 0) skip('listBranches lists no enabled branch');
      return { customerType, reasons: bookable.slice(0, 4), branchIds };
    },
  );

  // 2. Two free slots of one reason, found through the month view and then the day view.
  let found: { reason: JsonObject; slots: Slot[] } | undefined;
  let freeDays: { reason: JsonObject; date: string }[] = [];
  await flow.step(
    'getMonthAvailability',
    'shows days with free slots for listed branches and reasons',
    {},
    async () => {
      const { customerType, reasons, branchIds } = need(choice, 'the reasons and branches');
      const firstMonth = monthOf(helsinkiDate(now));
      const minDate = helsinkiDate(earliest);
      for (const reason of reasons) {
        for (const month of [firstMonth, nextMonth(firstMonth)]) {
          const answer = await runner.call('getMonthAvailability', `booking: month ${month}`, {
            query: { branchIds, reasonId: idOf(reason), customerType, month },
          });
          expectStatus(runner.op('getMonthAvailability'), answer, [200]);
          const days = listItems(jsonObject(answer).days);
          for (const day of days) {
            if (
              isObject(day) &&
              typeof day.date === 'string' &&
              typeof day.freeSlots === 'number'
            ) {
              if (day.freeSlots > 0 && day.date >= minDate)
                freeDays.push({ reason, date: day.date });
            }
          }
        }
        if (freeDays.length > 0) break;
      }
      if (freeDays.length === 0) {
        skip(
          `no day with free slots from ${minDate} in two months, for ${reasons.length} reasons in ${branchIds.length} branches`,
        );
      }
    },
  );

  await flow.step(
    'getDaySlots',
    'lists the free slots of a day that the month view shows as free',
    {},
    async () => {
      const { customerType, branchIds } = need(choice, 'the reasons and branches');
      const reason = need(freeDays[0], 'a day with free slots').reason;
      freeDays = freeDays.filter((d) => d.reason === reason);
      const slots: Slot[] = [];
      for (const { date } of freeDays.slice(0, 4)) {
        const answer = await runner.call('getDaySlots', `booking: day ${date}`, {
          query: { branchIds, reasonId: idOf(reason), customerType, date },
        });
        expectStatus(runner.op('getDaySlots'), answer, [200]);
        const listed = listItems(jsonObject(answer).slots).filter(isObject);
        if (listed.length === 0)
          fail(
            `the month view shows free slots on ${date}, the day view lists none: ${describe(answer)}`,
          );
        for (const slot of listed) {
          if (slot.reasonId !== idOf(reason) || !branchIds.includes(Number(slot.branchId))) {
            fail(`a slot of another reason or branch: ${JSON.stringify(slot)}`);
          }
          const start = stringField(slot, 'startTime');
          const key = stringField(slot, 'key');
          // The second slot is later, at the first one's branch: the waitlist steps free the
          // first for a reservation at the second.
          const [head] = slots;
          if (
            key &&
            start &&
            Date.parse(start) > earliest.getTime() &&
            (!head ||
              (slot.branchId === head.branchId && Date.parse(start) > Date.parse(head.startTime)))
          )
            slots.push({ key, startTime: start, date, branchId: slot.branchId });
          if (slots.length >= 3) break;
        }
        if (slots.length >= 3) break;
      }
      if (slots.length < 2)
        skip('fewer than two free slots at one branch more than 26 hours ahead');
      found = { reason, slots };
    },
  );

  // 2b. The first available times agree with the day view (before anything is booked).
  await flow.step(
    'getFirstFreeTimes',
    'gives each branch the first slot of its first free day in the day view',
    {},
    async () => {
      const { customerType, branchIds } = need(choice, 'the reasons and branches');
      const reason = need(found?.reason ?? freeDays[0]?.reason, 'a reason with free slots');
      const reasonId = idOf(reason);
      const answer = await runner.call('getFirstFreeTimes', 'booking: first available times', {
        query: { reasonId, customerType },
      });
      expectStatus(runner.op('getFirstFreeTimes'), answer, [200]);
      const timed = listItems(jsonObject(answer).branches)
        .filter(isObject)
        .filter(
          (entry) =>
            branchIds.includes(Number(entry.branchId)) && typeof entry.firstFreeTime === 'string',
        )
        .slice(0, 3);
      if (timed.length === 0)
        fail(
          `the month view shows free days at branches ${branchIds.join(', ')}, and no branch has a first available time: ${describe(answer)}`,
        );
      for (const entry of timed) {
        const time = stringField(entry, 'firstFreeTime') ?? '';
        const date = helsinkiDate(new Date(time));
        const day = await runner.call(
          'getDaySlots',
          `booking: the day of branch ${String(entry.branchId)}'s first available time`,
          {
            query: { branchIds: [entry.branchId], reasonId, customerType, date },
          },
        );
        expectStatus(runner.op('getDaySlots'), day, [200]);
        const [firstSlot] = listItems(jsonObject(day).slots).filter(isObject);
        if (firstSlot === undefined || !sameInstant(firstSlot.startTime, time))
          fail(
            `branch ${String(entry.branchId)}'s first available time ${time} is not the first slot of its day: ${describe(day)}`,
          );
        if (jsonObject(day).previousDateWithSlots !== null)
          fail(
            `branch ${String(entry.branchId)} has free slots before its first available time ${time}: ${describe(day)}`,
          );
      }
    },
  );

  // 3. Book, read back, list, move, cancel.
  const first = found?.slots[0];
  const second = found?.slots[1];
  // A third, for the concurrent bookings (none of the other steps touches it).
  const third = found?.slots[2];
  // The checker's user may already have this service booked: the flow keeps both unless a step
  // checks the duplicate rule itself.
  const request = async (slotKey: string, allowDuplicate = true): Promise<unknown> => {
    const { customerType } = need(choice, 'the reasons and branches');
    const { reason } = need(found, 'free slots');
    const template = await validBody(runner, runner.op('createReservation'));
    const body = isObject(template) ? template : {};
    const customer = isObject(body.customer) ? { ...body.customer, ssn: null } : body.customer;
    return {
      ...body,
      slotKey,
      customerType,
      voucherIdentifier: null,
      campaignCode: null,
      descriptionForStaff:
        reason.requiresStaffDescription === true ? 'Conformance check booking' : null,
      customer,
      allowDuplicate,
    };
  };
  let reservationId: number | undefined;
  let cancelled = false;
  try {
    await flow.step(
      'createReservation',
      'books a free slot (201 with the new confirmed reservation)',
      { destructive: true },
      async () => {
        const slot = need(first, 'a free slot');
        const answer = await runner.call('createReservation', 'booking: book a free slot', {
          token,
          json: await request(slot.key),
        });
        expectStatus(runner.op('createReservation'), answer, [201]);
        const reservation = jsonObject(answer);
        reservationId = idOf(reservation);
        if (reservationId === undefined) fail(`no id in ${describe(answer)}`);
        if (!sameInstant(reservation.startTime, slot.startTime))
          fail(`startTime ${String(reservation.startTime)} is not the slot's ${slot.startTime}`);
        if (reservation.status !== 'confirmed')
          fail(`status ${String(reservation.status)}, expected confirmed`);
      },
    );

    await flow.step(
      'createReservation',
      CONCURRENT_BOOKINGS,
      { destructive: true, soft: true, invariant: 'one_winner_under_concurrency' },
      async () => {
        const slot = third ?? skip('no third free slot at the branch more than 26 hours ahead');
        const body = await request(slot.key);
        const answers = await Promise.all(
          Array.from({ length: CONCURRENT_REQUESTS }, (_, i) =>
            runner.call('createReservation', `concurrency: booking ${i + 1} of one slot`, {
              token,
              json: body,
            }),
          ),
        );
        const booked = answers.filter((a) => a.status === 201);
        // Whatever was booked is cancelled again: the slot is the server's, not the checker's.
        for (const answer of booked) {
          const id = idOf(answer.json);
          if (id !== undefined)
            await runner.call('cancelReservation', 'cleanup: cancel a concurrent booking', {
              token,
              path: { id },
            });
        }
        const others = answers.filter((a) => a.status !== 201);
        const wrong = others.filter((a) => a.status !== 409 || errorCode(a) !== 'slot-taken');
        if (booked.length !== 1 || wrong.length > 0) {
          fail(
            `${booked.length} of ${CONCURRENT_REQUESTS} concurrent bookings of one slot were booked (expected exactly 1)` +
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
          json: await request(need(first, 'a free slot').key),
        });
        if (answer.status === 201) {
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
      'answers 409 duplicate-reservation for the same service within 14 days, naming the nearest one, and books nothing',
      { destructive: true, soft: true, invariant: 'no_duplicate_service_within_14_days' },
      async () => {
        const slot = need(second, 'a second free slot');
        const answer = await runner.call(
          'createReservation',
          'booking: the same service again, minutes later',
          { token, json: await request(slot.key, false) },
        );
        if (answer.status === 201) {
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
        const booked = need(first, 'a free slot');
        if (
          idOf(existing) !== reservationId &&
          !(isObject(existing) && away(existing.startTime) <= away(booked.startTime))
        )
          fail(
            `ExistingReservation has id ${String(idOf(existing))}, expected the reservation ${String(reservationId)} booked minutes away or a nearer one: ${describe(answer)}`,
          );
      },
    );

    await flow.step(
      'createReservation',
      'books the same service again when the request says allowDuplicate: true (201)',
      { destructive: true, soft: true },
      async () => {
        const slot = need(second, 'a second free slot');
        const answer = await runner.call('createReservation', 'booking: keep both', {
          token,
          json: await request(slot.key, true),
        });
        expectStatus(runner.op('createReservation'), answer, [201]);
        const id = idOf(answer.json);
        // The second slot is the move's target below: free it again.
        const freed = await runner.call('cancelReservation', 'cleanup: cancel the kept duplicate', {
          token,
          path: { id },
        });
        expectStatus(runner.op('cancelReservation'), freed, [200]);
      },
    );

    await holdSteps({
      runner,
      flow,
      token,
      slot: second,
      listed: async (slotKey) => {
        const { customerType, branchIds } = need(choice, 'the reasons and branches');
        const { reason, slots } = need(found, 'free slots');
        const date = slots.find((slot) => slot.key === slotKey)?.date ?? '';
        const answer = await runner.call('getDaySlots', `holds: the day ${date}`, {
          query: { branchIds, reasonId: idOf(reason), customerType, date },
        });
        expectStatus(runner.op('getDaySlots'), answer, [200]);
        return listItems(jsonObject(answer).slots).some(
          (slot) => isObject(slot) && slot.key === slotKey,
        );
      },
      book: request,
    });

    await flow.step(
      'getReservation',
      'returns the reservation just booked',
      { soft: true },
      async () => {
        const answer = await runner.call('getReservation', 'booking: read it back', {
          token,
          path: { id: reservationId },
        });
        expectStatus(runner.op('getReservation'), answer, [200]);
        if (idOf(answer.json) !== reservationId)
          fail(`asked for ${reservationId}, got ${describe(answer)}`);
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
          need(reservationId, 'the booked reservation'),
          {
            startTime: need(first, 'a free slot').startTime,
            status: 'CONFIRMED',
          },
        ),
    );

    /** The dev outbox's messages of a kind for the reservation (skips without dev controls). */
    const outboxMessages = async (label: string, kind: string): Promise<unknown[]> => {
      const answer = await runner.call('listDevOutbox', label, {});
      if (isContractNotFound(runner, runner.op('listDevOutbox'), answer))
        skip('the server answers 404 to dev controls: dev mode is off');
      expectStatus(runner.op('listDevOutbox'), answer, [200]);
      return listItems(answer.json).filter(
        (message) =>
          isObject(message) && message.reservationId === reservationId && message.kind === kind,
      );
    };

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
            (message) => isObject(message) && message.reservationId === reservationId,
          );
          if (
            !messages.some(
              (message) => isObject(message) && message.kind === 'booking-confirmation',
            )
          )
            fail(
              `no booking-confirmation for reservation ${String(reservationId)}: ${describe(answer)}`,
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
        if (!listItems(answer.json).some((r) => idOf(r) === reservationId))
          fail(`reservation ${reservationId} is not listed: ${describe(answer)}`);
      },
    );

    await flow.step(
      'getDaySlots',
      'no longer lists a slot once it is booked',
      { soft: true, invariant: 'booked_slot_leaves_the_day_view' },
      async () => {
        const slot = need(first, 'a free slot');
        const { branchIds, customerType } = need(choice, 'the reasons and branches');
        const answer = await runner.call('getDaySlots', 'booking: the booked day again', {
          query: {
            branchIds,
            reasonId: idOf(need(found, 'free slots').reason),
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
          { token, path: { id: reservationId } },
        );
        expectStatus(runner.op('confirmReservation'), answer, [409]);
        expectErrorCode(answer, ['not-confirmable']);
      },
    );

    await flow.step(
      'moveReservation',
      'moves the reservation to another free slot (200, new start time)',
      { destructive: true, soft: true },
      async () => {
        const target = need(second, 'a second free slot');
        const answer = await runner.call('moveReservation', 'booking: move to another slot', {
          token,
          path: { id: reservationId },
          json: { slotKey: target.key },
        });
        expectStatus(runner.op('moveReservation'), answer, [200]);
        const moved = jsonObject(answer);
        if (idOf(moved) !== reservationId)
          fail(`moved reservation has id ${String(idOf(moved))}, expected ${reservationId}`);
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
            'booking: the dev outbox after the move',
            'move-receipt',
          );
          if (receipts.length === 0)
            fail(`no move-receipt for reservation ${String(reservationId)}`);
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
          need(reservationId, 'the booked reservation'),
          {
            startTime: need(second, 'a second free slot').startTime,
            status: 'CONFIRMED',
          },
        ),
    );

    await waitlistSteps({
      runner,
      flow,
      token,
      now,
      reservationId,
      earlier: first,
      later: third,
      book: request,
    });

    await flow.step(
      'cancelReservation',
      'answers 409 inside-cancel-window to a cancel or move a minute inside the 24 hours before the start (by the dev clock); a minute before, canModify is true',
      { destructive: true, soft: true, invariant: 'changes_close_24_hours_before' },
      () =>
        withDevClock(runner, 'window', async (clock) => {
          const id = need(reservationId, 'the booked reservation');
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
            json: { slotKey: need(second, 'a second free slot').key },
          });
          expectStatus(runner.op('moveReservation'), move, [409]);
          expectErrorCode(move, ['inside-cancel-window']);
        }),
    );

    await flow.step(
      'cancelReservation',
      'cancels the reservation (200, status cancelled)',
      { destructive: true },
      async () => {
        const answer = await runner.call('cancelReservation', 'booking: cancel', {
          token,
          path: { id: reservationId },
        });
        expectStatus(runner.op('cancelReservation'), answer, [200]);
        cancelled = true;
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
          path: { id: reservationId },
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
            'booking: the dev outbox after two cancels',
            'cancel-receipt',
          );
          // One receipt, sent on each of the patient's channels (SMS, email): one per channel.
          const channels = receipts.map((r) => (isObject(r) ? String(r.channel) : ''));
          const twice = channels.filter((channel, i) => channels.indexOf(channel) !== i);
          if (receipts.length === 0 || twice.length > 0)
            fail(
              `${receipts.length} cancel-receipts (${channels.join(', ') || 'none'}) for reservation ${String(reservationId)}, cancelled twice (expected exactly one per channel)`,
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
          need(reservationId, 'the booked reservation'),
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
        const answer = await runner.call(
          'moveReservation',
          'booking: move a cancelled reservation',
          { token, path: { id: reservationId }, json: { slotKey: need(first, 'a free slot').key } },
        );
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
        const listed = listItems(answer.json).find((r) => idOf(r) === reservationId);
        if (!listed)
          fail(`reservation ${reservationId} is not listed in past: ${describe(answer)}`);
        if (isObject(listed) && listed.status !== 'cancelled')
          fail(`listed with status ${String(listed.status)}`);
      },
    );
  } finally {
    if (reservationId !== undefined && !cancelled && token) {
      const answer = await runner.call(
        'cancelReservation',
        'cleanup: cancel the reservation the checker booked',
        { token, path: { id: reservationId } },
      );
      if (answer.status !== 200) {
        runner.setup.push({
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
  }
}
