import type { DevState } from '../state.ts';
import {
  bookingCache,
  reservedOverlap,
  type BookingCache,
  type EmployeeRow,
  type ExtraHoursRow,
} from './booking-cache.ts';
import { dateInfo, localMs, type DateInfo } from './calendar.ts';
import { dayPlan, unbookedStarts, type Block, type DayPlan } from './schedule.ts';

/**
 * A practitioner's day as the booking views see it: the working plan (schedule.ts) with the
 * extra hours opened on it, and the slot starts left free by other patients and by the
 * reservations in the store. Both are cached in the booking cache, since neither depends on the
 * clock; the clock's cut-off and the holds are applied by whoever reads them.
 */

/** A practitioner's plan of a day, with any extra hours (cached). */
export function planOf(cache: BookingCache, employee: EmployeeRow, info: DateInfo): DayPlan | null {
  const key = `${employee.id}|${info.date}`;
  let plan = cache.plans.get(key);
  if (plan === undefined) {
    const extra = cache.extraHours.filter(
      (row) => row.employeeId === employee.id && row.date === info.date,
    );
    plan = withExtraHours(dayPlan(cache.seed, employee, info), employee, info, extra);
    cache.plans.set(key, plan);
  }
  return plan;
}

/** A day's plan with the extra hours opened on it (free time; at the day's branch or home). */
function withExtraHours(
  plan: DayPlan | null,
  employee: EmployeeRow,
  info: DateInfo,
  extra: ExtraHoursRow[],
): DayPlan | null {
  const home = employee.branchIds[0];
  if (extra.length === 0 || !employee.enabled || home === undefined) return plan;
  const base = plan ?? {
    employeeId: employee.id,
    date: info.date,
    branchId: home,
    blocks: [],
    busy: [],
  };
  return { ...base, blocks: mergeBlocks([...base.blocks, ...extra]) };
}

/** Working blocks in order, overlapping ones joined (touching ones keep their own slot grid). */
export function mergeBlocks(blocks: readonly Block[]): Block[] {
  const merged: Block[] = [];
  for (const { start, end } of [...blocks].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && start < last.end) last.end = Math.max(last.end, end);
    else merged.push({ start, end });
  }
  return merged;
}

/** The branch a practitioner works at on a day (their plan's, with any extra hours). */
export function planBranchOf(
  state: DevState,
  employeeId: number,
  date: string,
): { branchId: number; blocks: readonly Block[] } | null {
  const cache = bookingCache(state);
  const employee = cache.employeeById.get(employeeId);
  if (!employee) return null;
  const plan = planOf(cache, employee, dateInfo(date));
  return plan ? { branchId: plan.branchId, blocks: plan.blocks } : null;
}

/** The slot starts (ms) of a duration that no one has booked on a plan's day (cached). */
export function freeStartsOf(
  cache: BookingCache,
  plan: DayPlan,
  info: DateInfo,
  duration: number,
): number[] {
  const key = `${plan.employeeId}|${plan.date}`;
  let byDuration = cache.freeStarts.get(key);
  if (!byDuration) {
    byDuration = new Map();
    cache.freeStarts.set(key, byDuration);
  }
  let starts = byDuration.get(duration);
  if (!starts) {
    starts = unbookedStarts(plan, duration)
      .map((minute) => localMs(info, minute))
      .filter(
        (ms) => !reservedOverlap(cache, plan.employeeId, plan.date, ms, ms + duration * 60_000),
      );
    byDuration.set(duration, starts);
  }
  return starts;
}
