import type { Schemas } from '@portal/sdk';

/**
 * A family's times on a day (issue 55): which of the day's free times two to four persons can
 * take together. A module of its own: only the times step uses it, not the booking's start.
 */

type Slot = Schemas['Slot'];

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
