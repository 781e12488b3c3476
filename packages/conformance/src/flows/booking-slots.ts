import { expectStatus, idOf, jsonObject, listItems } from '../expect.ts';
import { isObject, type JsonObject } from '../json.ts';
import { describe, fail, skip, type Runner } from '../runner.ts';
import type { BookingChoice, FreeSlots, Slot, SlotSearch } from './booking-context.ts';
import { helsinkiDate, need, sameInstant, stringField, type Flow } from './flow.ts';

interface SearchContext {
  runner: Runner;
  flow: Flow;
  /** The server's time: the slots are looked for from 26 hours on. */
  now: Date;
  /** The patient the flow books for: their own appointments' times are no slot to choose. */
  token: string | null;
}

/**
 * The start and end (ms) of the patient's own upcoming and tentative appointments, as their
 * "My reservations" tabs list them: a time that overlaps one is refused (409
 * `overlapping-reservation`), however free the slot is, so the flow chooses none of those.
 * Empty without a token or the operation; a tab that does not answer 200 adds nothing.
 */
async function ownAppointments(runner: Runner, token: string | null): Promise<[number, number][]> {
  if (!token || !runner.has('listReservations')) return [];
  const times: [number, number][] = [];
  for (const group of ['future', 'tentative']) {
    const answer = await runner.call('listReservations', `booking: my ${group} appointments`, {
      token,
      query: { group },
    });
    if (answer.status !== 200) continue;
    for (const row of listItems(answer.json).filter(isObject)) {
      const start = Date.parse(String(row.startTime));
      const end = Date.parse(String(row.endTime));
      if (Number.isFinite(start) && Number.isFinite(end)) times.push([start, end]);
    }
  }
  return times;
}

const monthOf = (date: string): string => date.slice(0, 7);

function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * Choosing slots, the booking flow's first phase, through the links a patient follows: the
 * customer types, reasons and branches, then the month view, then the day view of one reason
 * (up to three free slots at one branch, each later than the one before, more than 26 hours
 * ahead so that the 24-hour line closes nothing), and the first free times, which must agree
 * with the day view before anything is booked.
 */
export async function slotSearchSteps(context: SearchContext): Promise<SlotSearch> {
  const { runner, flow, now } = context;
  const earliest = new Date(now.getTime() + 26 * 3_600_000);

  // What can be booked: a customer type without an identifier, its reasons, the branches.
  const choice: BookingChoice | undefined = await flow.step(
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

  // Free slots of one reason, found through the month view and then the day view.
  let found: FreeSlots | undefined;
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
      const busy = await ownAppointments(runner, context.token);
      const slots: Slot[] = [];
      let lastEnd = 0;
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
          const end = Date.parse(String(slot.endTime));
          const key = stringField(slot, 'key');
          // The second slot is later, at the first one's branch: the waitlist steps free the
          // first for a reservation at the second. No two overlap, and none overlaps the
          // patient's own appointments: one patient, one chair at a time.
          const [head] = slots;
          const startMs = Date.parse(start ?? '');
          if (
            key &&
            start &&
            startMs > earliest.getTime() &&
            busy.every(([from, to]) => startMs >= to || end <= from) &&
            (!head || (slot.branchId === head.branchId && startMs >= lastEnd))
          ) {
            slots.push({
              key,
              startTime: start,
              ...(Number.isFinite(end) ? { endTime: String(slot.endTime) } : {}),
              date,
              branchId: slot.branchId,
            });
            lastEnd = Number.isFinite(end) ? end : startMs;
          }
          if (slots.length >= 3) break;
        }
        if (slots.length >= 3) break;
      }
      if (slots.length < 2)
        skip('fewer than two free slots at one branch more than 26 hours ahead');
      found = { reason, slots };
    },
  );

  // The first available times agree with the day view (before anything is booked). A cross-check
  // that nothing after it needs: soft, so that a disagreement (say, day-view times without an
  // offset) is one failure rather than the whole booking flow skipped behind it.
  await flow.step(
    'getFirstFreeTimes',
    'gives each branch the first slot of its first free day in the day view',
    { soft: true },
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

  return { choice, found };
}

/**
 * Whether the day view of a found slot's day lists the slot as free: how the hold steps see a
 * held slot leave the day view and come back.
 */
export async function dayViewLists(
  runner: Runner,
  search: SlotSearch,
  slotKey: string,
): Promise<boolean> {
  const { customerType, branchIds } = need(search.choice, 'the reasons and branches');
  const { reason, slots } = need(search.found, 'free slots');
  const date = slots.find((slot) => slot.key === slotKey)?.date ?? '';
  const answer = await runner.call('getDaySlots', `holds: the day ${date}`, {
    query: { branchIds, reasonId: idOf(reason), customerType, date },
  });
  expectStatus(runner.op('getDaySlots'), answer, [200]);
  return listItems(jsonObject(answer).slots).some((slot) => isObject(slot) && slot.key === slotKey);
}

/**
 * The free slots of a found slot's day, at any of the search's branches, that overlap that slot's
 * time (its own key left out): another practitioner's time at the same minute, say.
 */
export async function overlappingSlots(
  runner: Runner,
  search: SlotSearch,
  booked: Slot,
): Promise<Slot[]> {
  const { customerType, branchIds } = need(search.choice, 'the reasons and branches');
  const { reason } = need(search.found, 'free slots');
  const answer = await runner.call('getDaySlots', `booking: the day ${booked.date} again`, {
    query: { branchIds, reasonId: idOf(reason), customerType, date: booked.date },
  });
  expectStatus(runner.op('getDaySlots'), answer, [200]);
  const from = Date.parse(booked.startTime);
  const to = booked.endTime === undefined ? from + 1 : Date.parse(booked.endTime);
  const overlapping: Slot[] = [];
  for (const slot of listItems(jsonObject(answer).slots).filter(isObject)) {
    const key = stringField(slot, 'key');
    const start = stringField(slot, 'startTime');
    const startMs = Date.parse(start ?? '');
    const endMs = Date.parse(String(slot.endTime));
    if (!key || !start || key === booked.key || !Number.isFinite(startMs)) continue;
    if (startMs < to && (Number.isFinite(endMs) ? endMs : startMs + 1) > from)
      overlapping.push({ key, startTime: start, date: booked.date, branchId: slot.branchId });
  }
  return overlapping;
}
