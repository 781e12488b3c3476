import type { FieldProblem } from '../result.ts';
import { fail, ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import {
  bookingCache,
  type BookingCache,
  type BranchRow,
  type EmployeeRow,
} from './booking-cache.ts';
import { bookingWindow, dateInfo } from './calendar.ts';
import {
  findReason,
  reasonAllows,
  reasonCustomerTypes,
  reasons,
  type CustomerTypeId,
  type ReasonDefinition,
} from './catalog.ts';
import { freeStartsOf, planOf } from './day-plans.ts';
import { heldOverlap, type HeldIndex } from './held-times.ts';
import type { DayPlan } from './schedule.ts';

/**
 * Free slots: the practitioners' working days (schedule.ts) minus other patients' appointments
 * (derived from the seed) minus the reservations in the store (day-plans.ts), minus what has
 * started by the clock and what others hold (held-times.ts). The month, day and first-free views
 * and the hold budget all count or list them here, so they always agree.
 */

export interface AvailabilityFilters {
  branchIds: number[];
  reasonId: number;
  employeeId?: number;
  customerType: CustomerTypeId;
  /** The caller's own hold: its time is not hidden from them. */
  holdId?: string;
}

export interface ResolvedFilters {
  branches: BranchRow[];
  branchIds: Set<number>;
  reason: ReasonDefinition;
  employees: EmployeeRow[];
  customerType: CustomerTypeId;
}

/** Unknown ids answer 400; disabled branches and practitioners simply have no slots. */
export function resolveFilters(
  cache: BookingCache,
  filters: AvailabilityFilters,
): Result<ResolvedFilters> {
  const problems: FieldProblem[] = [];
  const branches: BranchRow[] = [];
  for (const id of filters.branchIds) {
    const branch = cache.branchById.get(id);
    if (branch) branches.push(branch);
  }
  if (branches.length !== filters.branchIds.length)
    problems.push({ field: 'branchIds', message: 'validation.unknownReference' });
  const reason = findReason(filters.reasonId);
  if (!reason) problems.push({ field: 'reasonId', message: 'validation.unknownReference' });
  else if (!reasonAllows(reason, filters.customerType))
    problems.push({ field: 'reasonId', message: 'booking.reasonNotForCustomerType' });
  let only: EmployeeRow | undefined;
  if (filters.employeeId !== undefined) {
    only = cache.employeeById.get(filters.employeeId);
    if (!only) problems.push({ field: 'employeeId', message: 'validation.unknownReference' });
  }
  if (problems.length > 0 || !reason) return fail('validation-failed', { fieldErrors: problems });
  const enabledBranchIds = new Set(branches.filter((b) => b.enabled).map((b) => b.id));
  const employees = (only ? [only] : cache.employees).filter(
    (employee) =>
      employee.enabled &&
      reason.kinds.includes(employee.kind as never) &&
      employee.branchIds.some((id) => enabledBranchIds.has(id)),
  );
  return ok({
    branches,
    branchIds: enabledBranchIds,
    reason,
    employees,
    customerType: filters.customerType,
  });
}

export interface FreeSlot {
  plan: DayPlan;
  employee: EmployeeRow;
  startMs: number;
}

/** The free slots of one date for resolved filters, or only their count. */
export function freeOnDate(
  state: DevState,
  cache: BookingCache,
  filters: ResolvedFilters,
  date: string,
  window: { today: string; lastDate: string },
  held: HeldIndex,
  collect?: FreeSlot[],
): number {
  if (state.settings.scenarios['no-free-slots']) return 0;
  if (date < window.today || date > window.lastDate) return 0;
  const info = dateInfo(date);
  const now = state.clock.nowMs();
  const cutOff = date === window.today;
  const duration = filters.reason.durationMinutes * 60_000;
  let count = 0;
  for (const employee of filters.employees) {
    const plan = planOf(cache, employee, info);
    if (!plan || !filters.branchIds.has(plan.branchId)) continue;
    for (const startMs of freeStartsOf(cache, plan, info, filters.reason.durationMinutes)) {
      if (cutOff && startMs <= now) continue;
      if (heldOverlap(held, employee.id, date, startMs, startMs + duration)) continue;
      count += 1;
      collect?.push({ plan, employee, startMs });
    }
  }
  return count;
}

/**
 * Every free time of a branch on a date, summed over the reasons (each reason once, for a
 * customer type it is offered to): what `held` hides is left out. The hold budget (holds.ts)
 * weighs holds by it.
 */
export function branchFreeTimes(
  state: DevState,
  branchId: number,
  date: string,
  held: HeldIndex = new Map(),
): number {
  const cache = bookingCache(state);
  const window = bookingWindow(state.clock.nowMs());
  let count = 0;
  for (const reason of reasons) {
    const customerType = reasonCustomerTypes(reason)[0];
    if (customerType === undefined) continue;
    const resolved = resolveFilters(cache, {
      branchIds: [branchId],
      reasonId: reason.id,
      customerType,
    });
    if (resolved.ok) count += freeOnDate(state, cache, resolved.value, date, window, held);
  }
  return count;
}
