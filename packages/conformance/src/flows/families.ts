import { birthDateOf } from '@portal/sdk';
import { ownUserId } from '../discovery.ts';
import { expectStatus, jsonObject, listItems } from '../expect.ts';
import type { HttpAnswer } from '../http.ts';
import { isObject } from '../json.ts';
import { describe, fail, skip, type Runner } from '../runner.ts';
import { awaitLogEntry } from './access-log.ts';
import { serverNow, withDevClock } from './dev-clock.ts';
import { Flow, hasAll, helsinkiDate, need } from './flow.ts';

/** A person of `listPersons`, as far as the invariants read them. */
interface Offered {
  id: number;
  relation: string;
  age: number;
  ssn: string;
  validUntil: string | null;
  rights: string[];
}

function personsIn(answer: HttpAnswer): Offered[] {
  return listItems(answer.json).flatMap((item): Offered[] =>
    isObject(item) && typeof item.id === 'number'
      ? [
          {
            id: item.id,
            relation: typeof item.relation === 'string' ? item.relation : '',
            age: typeof item.age === 'number' ? item.age : -1,
            ssn: typeof item.ssn === 'string' ? item.ssn : '',
            validUntil: typeof item.validUntil === 'string' ? item.validUntil : null,
            rights: Array.isArray(item.rights) ? item.rights.map(String) : [],
          },
        ]
      : [],
  );
}

const idsIn = (answer: HttpAnswer): number[] =>
  listItems(answer.json).flatMap((item) =>
    isObject(item) && typeof item.id === 'number' ? [item.id] : [],
  );

/** The family booking's contact: the guardian's, for every reservation and its messages. */
const FAMILY_CONTACT = {
  email: 'conformance.family@example.com',
  phone: '+358 40 555 0101',
  street: 'Perhekuja 1',
  postalCode: '00100',
  city: 'Helsinki',
};

interface DaySlot {
  key: string;
  startTime: string;
  endTime: string;
  employeeId: unknown;
  branchId: unknown;
}

/**
 * Two free times back to back with one practitioner at one clinic, from two days ahead on: of
 * the first private reason that needs no description for the staff, at any listed branch.
 */
async function backToBack(runner: Runner): Promise<[DaySlot, DaySlot] | undefined> {
  const reasons = await runner.call('listReasons', 'families: reasons', {
    query: { customerType: 'private' },
  });
  const reason = listItems(reasons.json).find(
    (item) =>
      isObject(item) && typeof item.id === 'number' && item.requiresStaffDescription !== true,
  );
  if (!isObject(reason)) return undefined;
  const branches = await runner.call('listBranches', 'families: branches', {});
  const branchIds = listItems(branches.json)
    .filter((item) => isObject(item) && item.Enabled !== false)
    .flatMap((item) => (isObject(item) && typeof item.Id === 'number' ? [item.Id] : []))
    .slice(0, 50);
  if (branchIds.length === 0) return undefined;
  const now = await serverNow(runner);
  for (let days = 2; days < 16; days += 1) {
    const date = helsinkiDate(now, days);
    const answer = await runner.call('getDaySlots', `families: free times on ${date}`, {
      query: { branchIds, reasonId: reason.id, customerType: 'private', date },
    });
    if (answer.status !== 200) continue;
    const slots = listItems(jsonObject(answer).slots).flatMap((item): DaySlot[] =>
      isObject(item) && typeof item.key === 'string' && typeof item.startTime === 'string'
        ? [
            {
              key: item.key,
              startTime: item.startTime,
              endTime: String(item.endTime),
              employeeId: item.employeeId,
              branchId: item.branchId,
            },
          ]
        : [],
    );
    for (const slot of slots) {
      const next = slots.find(
        (other) =>
          other.employeeId === slot.employeeId &&
          other.branchId === slot.branchId &&
          Date.parse(other.startTime) === Date.parse(slot.endTime),
      );
      if (next) return [slot, next];
    }
  }
  return undefined;
}

/** The instant a Helsinki day begins (00:00 Europe/Helsinki, +02:00 or +03:00). */
export function helsinkiMidnight(day: string): Date {
  for (const offset of ['+02:00', '+03:00']) {
    const instant = new Date(`${day}T00:00:00${offset}`);
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Helsinki',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(instant);
    if (local === `${day} 00:00`) return instant;
  }
  throw new Error(`no Helsinki midnight on ${day}`);
}

/** The Helsinki day `days` after another (`YYYY-MM-DD`). */
function dayAfter(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Acting for another person (issue 55): a guardian for a child, an adult with a mandate, each
 * call naming the person in `X-Acting-For`. Needs the test users `guardian` (a guardian of
 * `minor`, 12 to 17, with a future visit, and of a child turning 18 while 17 by the dev clock),
 * `minor` and `mandatary` (with a mandate that has a last day); what a server lacks is skipped
 * with the reason.
 */
export async function familiesFlow(runner: Runner): Promise<void> {
  if (!hasAll(runner, ['listPersons', 'listReservations']) || !runner.isSelected('listPersons'))
    return;
  const flow = new Flow(runner, 'acting for another person', null);
  const guardian = runner.token('guardian');
  const minor = runner.token('minor');
  const mandatary = runner.token('mandatary');
  const personsOf = async (token: string, label: string): Promise<Offered[]> => {
    const answer = await runner.call('listPersons', label, { token });
    expectStatus(runner.op('listPersons'), answer, [200]);
    return personsIn(answer);
  };
  const listFor = (token: string, personId: number, label: string) =>
    runner.call('listReservations', label, {
      token,
      query: { group: 'future' },
      headers: { 'x-acting-for': String(personId) },
    });
  const refused = (answer: HttpAnswer, what: string): void => {
    if (answer.status !== 403 || jsonObject(answer).Code !== 'not-allowed-for-person')
      fail(`${what}: expected 403 not-allowed-for-person, got ${describe(answer)}`);
  };

  // The minor hides a visit; the guardian acting for them sees nothing of it.
  await flow.step(
    'setReservationVisibility',
    'a visit a 12–17-year-old hides is absent for the guardian: not listed, 404 when read',
    { destructive: true, soft: true, invariant: 'guardian_never_sees_a_hidden_visit' },
    async () => {
      if (!guardian || !minor) skip('needs the guardian and the minor signed in');
      if (!hasAll(runner, ['setReservationVisibility', 'getReservation']))
        skip('needs setReservationVisibility and getReservation');
      const minorId = need(await ownUserId(runner, 'minor'), "the minor's own id (getMe)");
      const offered = await personsOf(guardian, 'families: the guardian’s persons');
      if (!offered.some((person) => person.id === minorId))
        skip('the guardian test user is not offered the minor test user (listPersons)');
      const own = await runner.call('listReservations', 'families: the minor’s own visits', {
        token: minor,
        query: { group: 'future' },
      });
      expectStatus(runner.op('listReservations'), own, [200]);
      const visit = listItems(own.json).find(isObject);
      if (!visit || typeof visit.id !== 'number') skip('the minor has no future visit to hide');
      const wasHidden = visit.hiddenFromGuardians === true;
      const setHidden = async (hidden: boolean, label: string) => {
        const answer = await runner.call('setReservationVisibility', label, {
          token: minor,
          path: { id: visit.id },
          json: { hiddenFromGuardians: hidden },
        });
        expectStatus(runner.op('setReservationVisibility'), answer, [200]);
      };
      await setHidden(true, 'families: the minor hides the visit');
      try {
        const listed = await listFor(guardian, minorId, 'families: the guardian lists the minor’s');
        expectStatus(runner.op('listReservations'), listed, [200]);
        if (idsIn(listed).includes(visit.id))
          fail(`the guardian's list of the minor's visits shows hidden visit ${visit.id}`);
        const read = await runner.call('getReservation', 'families: the guardian reads it', {
          token: guardian,
          path: { id: visit.id },
          headers: { 'x-acting-for': String(minorId) },
        });
        if (read.status !== 404)
          fail(`the guardian reads the hidden visit: expected 404, got ${describe(read)}`);
      } finally {
        if (!wasHidden) await setHidden(false, 'families: the minor shows it again');
      }
    },
  );

  await flow.step(
    'listAccessLog',
    "an act for another person is in that person's access log within a second, with the actor as guardian",
    { soft: true, invariant: 'act_for_another_is_recorded' },
    async () => {
      if (!guardian || !minor) skip('needs the guardian and the minor signed in');
      if (!hasAll(runner, ['listAccessLog'])) skip('needs listAccessLog');
      const minorId = need(await ownUserId(runner, 'minor'), "the minor's own id (getMe)");
      const newest = async (label: string) => {
        const answer = await runner.call('listAccessLog', label, {
          token: minor,
          query: { pageSize: 20 },
        });
        expectStatus(runner.op('listAccessLog'), answer, [200]);
        return listItems(jsonObject(answer).items).filter(isObject);
      };
      const last = (await newest('families: the minor’s newest log entry'))[0]?.id ?? 0;
      const listed = await listFor(guardian, minorId, 'families: the guardian acts for the minor');
      expectStatus(runner.op('listReservations'), listed, [200]);
      await awaitLogEntry(
        () => newest('families: the minor reads their log'),
        (entry) =>
          typeof entry.id === 'number' &&
          typeof last === 'number' &&
          entry.id > last &&
          entry.operation === 'listReservations' &&
          isObject(entry.actor) &&
          entry.actor.role === 'guardian',
        "no entry of listReservations by a guardian in the minor's log",
        'it',
      );
    },
  );

  await flow.step(
    'listReservations',
    'no one is acted for who is not offered: another user named in X-Acting-For answers 403 not-allowed-for-person',
    { soft: true, invariant: 'no_action_for_a_person_not_offered' },
    async () => {
      if (!guardian) skip('needs the guardian signed in');
      const stranger = need(
        await ownUserId(runner, 'patient'),
        "another user's id (the patient's getMe)",
      );
      const offered = await personsOf(guardian, 'families: the guardian’s persons');
      if (offered.some((person) => person.id === stranger))
        skip('the guardian test user is offered the patient test user');
      refused(
        await listFor(guardian, stranger, 'families: the guardian names another user'),
        'a guardian naming a user they are not offered (a protected child is one: never offered)',
      );
    },
  );

  await flow.step(
    'listReservations',
    "a guardian's right ends as the child's 18th birthday begins, Helsinki time (dev clock)",
    { soft: true, invariant: 'no_right_after_the_18th_birthday' },
    async () => {
      if (!guardian) skip('needs the guardian signed in');
      const offered = await personsOf(guardian, 'families: the guardian’s persons');
      const child = offered.find((person) => person.relation === 'child' && person.age === 17);
      const born = child ? birthDateOf(child.ssn) : null;
      if (!child || born === null) skip('the guardian is offered no child aged 17');
      const birthday = `${Number(born.slice(0, 4)) + 18}${born.slice(4)}`;
      await withDevClock(runner, 'families: the 18th birthday', async (clock) => {
        const midnight = helsinkiMidnight(birthday);
        await clock.set(new Date(midnight.getTime() - 60_000), 'a minute before the birthday');
        const before = await listFor(guardian, child.id, 'families: the evening before');
        expectStatus(runner.op('listReservations'), before, [200]);
        await clock.set(midnight, 'the birthday begins');
        refused(
          await listFor(guardian, child.id, 'families: on the birthday'),
          'the guardian acting for a child who has just turned 18',
        );
      });
    },
  );

  await flow.step(
    'listReservations',
    'an adult acts for another only with a live mandate: the day after its last, 403 not-allowed-for-person (dev clock)',
    { soft: true, invariant: 'no_action_without_a_live_mandate' },
    async () => {
      if (!mandatary) skip('needs the mandatary signed in');
      const offered = await personsOf(mandatary, 'families: the mandatary’s persons');
      const mandator = offered.find(
        (person) => person.relation === 'mandator' && person.validUntil !== null,
      );
      if (!mandator || mandator.validUntil === null)
        skip('the mandatary is offered no mandator with a last day');
      const lastDay = mandator.validUntil;
      await withDevClock(runner, 'families: the mandate ends', async (clock) => {
        const nextDay = helsinkiMidnight(dayAfter(lastDay, 1));
        await clock.set(new Date(nextDay.getTime() - 60_000), 'the last minute of its last day');
        const live = await listFor(mandatary, mandator.id, 'families: on the mandate’s last day');
        expectStatus(runner.op('listReservations'), live, [200]);
        await clock.set(nextDay, 'the day after its last');
        refused(
          await listFor(mandatary, mandator.id, 'families: the day after'),
          'the mandatary acting for a mandator whose mandate has ended',
        );
      });
    },
  );
  await flow.step(
    'createFamilyBooking',
    "a family booking is all or none: one member's time held by someone else books no one; free again, every member's time in one block",
    { destructive: true, soft: true, invariant: 'family_booking_all_or_none' },
    async () => {
      if (!guardian) skip('needs the guardian signed in');
      const needed = ['createSlotHold', 'releaseSlotHold', 'getDaySlots', 'listReasons'] as const;
      if (!hasAll(runner, [...needed, 'cancelReservation'])) skip(`needs ${needed.join(', ')}`);
      const children = (await personsOf(guardian, 'families: the guardian’s persons'))
        .filter((person) => person.relation === 'child' && person.rights.includes('book'))
        .sort((a, b) => a.age - b.age);
      const [first, second] = children;
      if (!first || !second) skip('the guardian may book for fewer than two children');
      const pair = need(await backToBack(runner), 'two free times back to back at one clinic');
      const ownIn = async (personId: number, label: string) => {
        const answer = await listFor(guardian, personId, label);
        expectStatus(runner.op('listReservations'), answer, [200]);
        return listItems(answer.json).filter(isObject);
      };
      const body = {
        members: [
          { personId: first.id, slotKey: pair[0].key },
          { personId: second.id, slotKey: pair[1].key },
        ],
        contact: FAMILY_CONTACT,
      };
      // Someone else (a browser of its own) holds the second member's time.
      const held = await runner.call('createSlotHold', 'families: another browser holds a time', {
        json: { slotKey: pair[1].key, holderKey: `conformance${Date.now()}family0000` },
      });
      if (held.status !== 201) skip(`the other browser's hold answered ${describe(held)}`);
      const holdId = String(jsonObject(held).id);
      try {
        const refusedBooking = await runner.call('createFamilyBooking', 'families: book both', {
          token: guardian,
          json: body,
        });
        if (refusedBooking.status !== 409)
          fail(
            `a family booking with one member's time held by someone else: expected 409, got ${describe(refusedBooking)}`,
          );
        const partial = (await ownIn(first.id, 'families: the first member’s visits')).find(
          (visit) => visit.startTime === pair[0].startTime,
        );
        if (partial)
          fail(
            `the family booking was refused, yet the first member's time (${pair[0].startTime}) was booked: not all or none`,
          );
      } finally {
        await runner.call('releaseSlotHold', 'families: the other browser lets go', {
          path: { holdId },
        });
      }
      const booked = await runner.call('createFamilyBooking', 'families: book both again', {
        token: guardian,
        json: body,
      });
      expectStatus(runner.op('createFamilyBooking'), booked, [201]);
      const reservations = listItems(jsonObject(booked).reservations).filter(isObject);
      try {
        const block = jsonObject(booked).id;
        if (reservations.length !== 2 || reservations.some((r) => r.familyBookingId !== block))
          fail(
            `expected both members' reservations in block ${String(block)}, got ${describe(booked)}`,
          );
      } finally {
        for (const [index, person] of [first, second].entries()) {
          const id = reservations[index]?.id;
          if (typeof id !== 'number') continue;
          await runner.call('cancelReservation', 'families: cancel the family’s visit', {
            token: guardian,
            path: { id },
            headers: { 'x-acting-for': String(person.id) },
          });
        }
      }
    },
  );
}
