import { parseSlotKey, type SlotKeyParts } from '@portal/sdk';
import { helsinkiDate } from '../clock.ts';
import { fail, ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import {
  bookingCache,
  reservedOverlap,
  type BranchRow,
  type EmployeeRow,
} from './booking-cache.ts';
import { bookingWindow, dateInfo, localIso, localMs } from './calendar.ts';
import { findReason, type ReasonDefinition } from './catalog.ts';
import { planOf } from './day-plans.ts';
import { heldIndex, heldOverlap } from './held-times.ts';
import { resourceParts } from './resources.ts';
import { gridStarts, overlaps } from './schedule.ts';

/**
 * A slot named by its key, checked before a booking, a move or a hold takes it: the key must name
 * a time on a practitioner's working grid that no one has booked or holds. The views list free
 * slots; this answers for one, with the reason it cannot be had.
 */

/** A bookable slot named by a key, resolved against the directory and the catalogue. */
export interface SlotRef {
  parts: SlotKeyParts;
  branch: BranchRow;
  employee: EmployeeRow;
  reason: ReasonDefinition;
  date: string;
  startMs: number;
  endMs: number;
  /** Canonical times (Helsinki offset). */
  startTime: string;
  endTime: string;
}

/** The slot key's parts, or null when it is malformed. */
export function readSlotKey(key: string): SlotKeyParts | null {
  try {
    return parseSlotKey(key);
  } catch {
    return null;
  }
}

/**
 * Checks that a key names a real slot that is free now: 409 `slot-unavailable` when it names no
 * bookable slot (past, beyond the horizon, not on the practitioner's working grid, branch or
 * practitioner disabled), 409 `slot-taken` when it exists but is booked. `ignoreReservationId`
 * leaves a reservation out of the check (the one being moved); a live hold of someone else
 * (holds.ts) is `slot-taken` too, but not `ownHoldId`. Synchronous: check and insert happen in
 * the same turn of the event loop.
 */
export function checkSlot(
  state: DevState,
  parts: SlotKeyParts,
  ignoreReservationId?: number,
  ownHoldId?: string,
): Result<SlotRef> {
  const cache = bookingCache(state);
  const reason = findReason(parts.reasonId);
  const branch = cache.branchById.get(parts.branchId);
  const { employeeId, branchId: resourceBranchId } = resourceParts(parts.resourceId);
  const employee = cache.employeeById.get(employeeId);
  if (!reason || !branch?.enabled || !employee?.enabled || resourceBranchId !== branch.id)
    return fail('slot-unavailable');
  if (!reason.kinds.includes(employee.kind as never) || !employee.branchIds.includes(branch.id))
    return fail('slot-unavailable');
  const startMs = Date.parse(parts.startTime);
  const endMs = Date.parse(parts.endTime);
  if (endMs - startMs !== reason.durationMinutes * 60_000) return fail('slot-unavailable');
  const date = helsinkiDate(startMs);
  const window = bookingWindow(state.clock.nowMs());
  if (date < window.today || date > window.lastDate || startMs <= state.clock.nowMs())
    return fail('slot-unavailable');
  const info = dateInfo(date);
  const plan = planOf(cache, employee, info);
  if (!plan || plan.branchId !== branch.id) return fail('slot-unavailable');
  const minute = gridStarts(plan.blocks, reason.durationMinutes).find(
    (m) => localMs(info, m) === startMs,
  );
  if (minute === undefined) return fail('slot-unavailable');
  if (state.settings.scenarios['no-free-slots']) return fail('slot-taken');
  const slot = { start: minute, end: minute + reason.durationMinutes };
  if (plan.busy.some((busy) => overlaps(slot, busy))) return fail('slot-taken');
  if (reservedOverlap(cache, employee.id, date, startMs, endMs, ignoreReservationId))
    return fail('slot-taken');
  if (heldOverlap(heldIndex(state, ownHoldId), employee.id, date, startMs, endMs))
    return fail('slot-taken');
  return ok({
    parts,
    branch,
    employee,
    reason,
    date,
    startMs,
    endMs,
    startTime: localIso(info, minute),
    endTime: localIso(info, minute + reason.durationMinutes),
  });
}
