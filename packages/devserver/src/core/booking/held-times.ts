import type { DevState } from '../state.ts';

/**
 * The times that live holds (holds.ts) keep from everyone but their holder, indexed by
 * practitioner and day so that the free-slot scans can leave them out cheaply.
 */

/** A practitioner's time a hold keeps from everyone else (a live hold, or one being weighed). */
export interface HeldTime {
  employeeId: number;
  date: string;
  startMs: number;
  endMs: number;
}

/** Held times per `employeeId|date`: not cached, since the clock ends holds. */
export type HeldIndex = ReadonlyMap<string, readonly HeldTime[]>;

/** Held times by practitioner and day. */
export function indexHeld(holds: Iterable<HeldTime>): HeldIndex {
  const index = new Map<string, HeldTime[]>();
  for (const hold of holds) {
    const key = `${hold.employeeId}|${hold.date}`;
    const day = index.get(key);
    if (day) day.push(hold);
    else index.set(key, [hold]);
  }
  return index;
}

/**
 * The holds (holds.ts) that have not expired by the clock, but `ownHoldId` (with a family hold's
 * other times), by practitioner and day.
 */
export function heldIndex(state: DevState, ownHoldId?: string): HeldIndex {
  const now = state.clock.nowMs();
  return indexHeld(
    state.db.slotHold
      .getAll()
      .filter(
        (hold) =>
          hold.expiresMs > now &&
          (ownHoldId === undefined || (hold.id !== ownHoldId && hold.groupId !== ownHoldId)),
      ),
  );
}

/** Whether a held time overlaps a practitioner's time. */
export function heldOverlap(
  held: HeldIndex,
  employeeId: number,
  date: string,
  startMs: number,
  endMs: number,
): boolean {
  if (held.size === 0) return false;
  return (
    held
      .get(`${employeeId}|${date}`)
      ?.some((hold) => hold.startMs < endMs && startMs < hold.endMs) ?? false
  );
}
