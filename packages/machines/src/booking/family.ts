import type { Schemas } from '@portal/sdk';

/**
 * A family booking (issue 55): one service for two to four persons the signed-in user may book
 * for, back to back with one practitioner or at the same time with several at one clinic, held
 * together and booked all or none (`createFamilyBooking`).
 */

type Slot = Schemas['Slot'];

/** A person the booking can be for (`listPersons`, with the `book` right). */
export type BookingPerson = Pick<
  Schemas['ActingPerson'],
  'id' | 'relation' | 'firstName' | 'lastName' | 'age' | 'ssn'
>;

/** The most persons one family booking takes. */
export const FAMILY_MAX = 4;

/** Of the persons the user may act for, those a booking can be for (the `book` right). */
export function bookablePersons(persons: readonly Schemas['ActingPerson'][]): BookingPerson[] {
  return persons
    .filter((person) => person.rights.includes('book'))
    .map(({ id, relation, firstName, lastName, age, ssn }) => ({
      id,
      relation,
      firstName,
      lastName,
      age,
      ssn,
    }));
}

/** A family's times on one day: one per member, in the members' order. */
export interface FamilyTime {
  kind: 'backToBack' | 'sameTime';
  slots: Slot[];
}

/** When a family's first time starts. */
const startOf = (time: FamilyTime) => Date.parse(time.slots[0]?.startTime ?? '');

/**
 * A day's free times as a family of `count` can take them: runs of `count` times back to back
 * with one practitioner (each starting as the one before ends), and `count` times starting
 * together with as many practitioners at one clinic; by start, back to back first at a tie.
 * A run or a start is offered once (its earliest practitioners in the list's order).
 */
export function familyTimes(slots: readonly Slot[], count: number): FamilyTime[] {
  if (count < 2) return [];
  const found: FamilyTime[] = [];
  for (const first of slots) {
    const run = [first];
    let last = first;
    while (run.length < count) {
      const end = last.endTime;
      const next = slots.find(
        (slot) =>
          slot.employeeId === first.employeeId &&
          slot.branchId === first.branchId &&
          slot.startTime === end,
      );
      if (next === undefined) break;
      run.push(next);
      last = next;
    }
    if (run.length === count) found.push({ kind: 'backToBack', slots: run });
  }
  const starts = new Map<string, Slot[]>();
  for (const slot of slots) {
    const key = `${slot.branchId}|${slot.startTime}`;
    const together = starts.get(key) ?? [];
    if (!together.some((other) => other.employeeId === slot.employeeId)) together.push(slot);
    starts.set(key, together);
  }
  for (const together of starts.values())
    if (together.length >= count) found.push({ kind: 'sameTime', slots: together.slice(0, count) });
  return found.sort(
    (a, b) =>
      startOf(a) - startOf(b) || Number(a.kind === 'sameTime') - Number(b.kind === 'sameTime'),
  );
}

/** Whether two lists of times are the same times in the same order. */
export function sameTimes(a: readonly Slot[], b: readonly Slot[]): boolean {
  return a.length === b.length && a.every((slot, index) => slot.key === b[index]?.key);
}
