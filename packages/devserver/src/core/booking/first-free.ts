import type { Language, Schemas } from '@portal/sdk';
import { ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import { bookingCache, type BranchRow, type EmployeeRow } from './booking-cache.ts';
import { addDays, bookingWindow, dateInfo, localIso, localMs, type DateInfo } from './calendar.ts';
import type { CustomerTypeId } from './catalog.ts';
import { freeStartsOf, planOf } from './day-plans.ts';
import { resolveFilters } from './free-slots.ts';
import { heldIndex, heldOverlap } from './held-times.ts';

/**
 * The first free time of each branch and practitioner (`getFirstFreeTimes`), for the "first
 * available" choice of the booking page: the same free slots as the month and day views
 * (free-slots.ts), found by scanning forward from today rather than by listing whole days.
 */

/** A first free slot start and its day. */
interface FirstStart {
  info: DateInfo;
  ms: number;
}

export interface FirstFreeFilters {
  reasonId: number;
  customerType: CustomerTypeId;
  /** The branches' times of this practitioner only. */
  employeeId?: number;
  /** The practitioners' times at these branches only. */
  branchIds?: number[];
}

/**
 * The first free time of every branch and of every practitioner who performs the reason
 * (`getFirstFreeTimes`): the same free slots as the month and day views, scanned day by day from
 * today until every branch and practitioner has one or the booking horizon ends.
 */
export function firstFreeTimes(
  state: DevState,
  filters: FirstFreeFilters,
  language: Language = 'fi',
): Result<Schemas['FirstFreeTimes']> {
  const cache = bookingCache(state);
  const everyBranch = cache.branches.map((branch) => branch.id);
  // Unknown ids answer 400 as in the month and day views.
  const checked = resolveFilters(cache, {
    branchIds: filters.branchIds ?? everyBranch,
    reasonId: filters.reasonId,
    customerType: filters.customerType,
    ...(filters.employeeId === undefined ? {} : { employeeId: filters.employeeId }),
  });
  if (!checked.ok) return checked;
  // Who performs the reason, at any enabled branch.
  const performers = resolveFilters(cache, {
    branchIds: everyBranch,
    reasonId: filters.reasonId,
    customerType: filters.customerType,
  });
  if (!performers.ok) return performers;
  const { reason, branchIds: enabled, employees } = performers.value;
  const practitionerBranches = filters.branchIds === undefined ? null : new Set(filters.branchIds);
  const countsForBranches = (employee: EmployeeRow): boolean =>
    filters.employeeId === undefined || employee.id === filters.employeeId;
  // What can be found: the scan stops once it has all of it (a branch where none of them works,
  // or a practitioner working only elsewhere, stays null without scanning the horizon for it).
  const branchTargets = new Set(
    employees
      .filter(countsForBranches)
      .flatMap((employee) => employee.branchIds.filter((id) => enabled.has(id))),
  );
  const practitionerTargets = employees.filter(
    (employee) =>
      practitionerBranches === null ||
      employee.branchIds.some((id) => practitionerBranches.has(id)),
  );
  const branchFirst = new Map<number, FirstStart>();
  const practitionerFirst = new Map<number, FirstStart>();
  const window = bookingWindow(state.clock.nowMs());
  const now = state.clock.nowMs();
  const held = heldIndex(state);
  const duration = reason.durationMinutes * 60_000;
  const done = (): boolean =>
    practitionerFirst.size >= practitionerTargets.length &&
    [...branchTargets].every((id) => branchFirst.has(id));
  if (!state.settings.scenarios['no-free-slots']) {
    for (let date = window.today; date <= window.lastDate && !done(); date = addDays(date, 1)) {
      const info = dateInfo(date);
      const dayFirst = new Map<number, FirstStart>();
      for (const employee of employees) {
        const plan = planOf(cache, employee, info);
        if (!plan || !enabled.has(plan.branchId)) continue;
        const forPractitioner =
          !practitionerFirst.has(employee.id) &&
          (practitionerBranches === null || practitionerBranches.has(plan.branchId));
        const forBranch = countsForBranches(employee) && !branchFirst.has(plan.branchId);
        if (!forPractitioner && !forBranch) continue;
        const starts = freeStartsOf(cache, plan, info, reason.durationMinutes);
        const first = starts.find(
          (ms) =>
            (date !== window.today || ms > now) &&
            !heldOverlap(held, employee.id, date, ms, ms + duration),
        );
        if (first === undefined) continue;
        if (forPractitioner) practitionerFirst.set(employee.id, { info, ms: first });
        if (!forBranch) continue;
        const earlier = dayFirst.get(plan.branchId);
        if (earlier === undefined || first < earlier.ms)
          dayFirst.set(plan.branchId, { info, ms: first });
      }
      for (const [branchId, first] of dayFirst) branchFirst.set(branchId, first);
    }
  }
  // As the day view writes a slot's start (no time zone lookup per entry).
  const time = (first: FirstStart | undefined): string | null =>
    first === undefined
      ? null
      : localIso(first.info, Math.round((first.ms - localMs(first.info, 0)) / 60_000));
  return ok({
    branches: cache.branches.map((branch) => {
      const closedReason = branch.enabled ? null : closedReasonOf(branch, language);
      return {
        branchId: branch.id,
        firstFreeTime: time(branchFirst.get(branch.id)),
        ...(closedReason === null ? {} : { closedReason }),
      };
    }),
    practitioners: employees.map((employee) => ({
      employeeId: employee.id,
      firstFreeTime: time(practitionerFirst.get(employee.id)),
    })),
  });
}

/** Why a disabled branch takes no online booking, in the language; null when not recorded. */
function closedReasonOf(branch: BranchRow, language: Language): string | null {
  const reason = {
    fi: branch.closedReasonFi,
    sv: branch.closedReasonSv,
    en: branch.closedReasonEn,
  };
  return reason[language] ?? reason.fi ?? null;
}
