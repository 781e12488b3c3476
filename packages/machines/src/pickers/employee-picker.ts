import type { Schemas } from '@portal/sdk';

type Branch = Schemas['Branch'];
type Employee = Schemas['Employee'];

/** Spec §4, §9: the typed search filters after 300 ms. */
export const EMPLOYEE_SEARCH_DEBOUNCE_MS = 300;

const lower = (text: string): string => text.toLocaleLowerCase('fi');

/**
 * Whether the name starts with the query, case-insensitively (spec §4: "by name prefix"): "ain"
 * and "AINO V" find "Aino Virtanen", "vir" does not. An empty (or blank) query matches every name.
 */
export function matchesNamePrefix(name: string, query: string): boolean {
  const wanted = lower(query.trim());
  if (wanted === '') return true;
  return lower(name.trim()).startsWith(wanted);
}

/**
 * A typed search over all employees: the enabled ones whose name matches the query by prefix
 * (see `matchesNamePrefix`), in their original order. Disabled employees cannot be booked and are
 * never offered.
 */
export function filterEmployees(employees: Employee[], query: string): Employee[] {
  return employees.filter(
    (employee) => employee.Enabled && matchesNamePrefix(employee.Name, query),
  );
}

/** The enabled employees who work at any of the given branches ("the branch's employees"). */
export function employeesOfBranches(
  employees: Employee[],
  branchIds: readonly number[],
): Employee[] {
  return employees.filter(
    (employee) => employee.Enabled && employee.Branches.some((id) => branchIds.includes(id)),
  );
}

/**
 * Choosing an employee reorders the branch list so that the branches where that employee works
 * come first; both parts keep their order. Without an employee the list is unchanged.
 */
export function orderBranchesForEmployee(branches: Branch[], employee: Employee | null): Branch[] {
  if (employee === null) return branches;
  const works = (branch: Branch): boolean => employee.Branches.includes(branch.Id);
  return [...branches.filter(works), ...branches.filter((branch) => !works(branch))];
}

/**
 * The first free times of a step (`getFirstFreeTimes`) by id: which practitioners perform the
 * chosen reason, and when each branch and practitioner is first free (null: not within the
 * booking horizon).
 */
export interface FirstFree {
  branches: ReadonlyMap<number, string | null>;
  practitioners: ReadonlyMap<number, string | null>;
  /** Why a closed branch takes no online booking, when the server says. */
  closedReasons: ReadonlyMap<number, string>;
}

export function firstFreeById(times: Schemas['FirstFreeTimes']): FirstFree {
  return {
    branches: new Map(times.branches.map((entry) => [entry.branchId, entry.firstFreeTime])),
    closedReasons: new Map(
      times.branches.flatMap((entry) =>
        entry.closedReason === undefined ? [] : [[entry.branchId, entry.closedReason] as const],
      ),
    ),
    practitioners: new Map(
      times.practitioners.map((entry) => [entry.employeeId, entry.firstFreeTime]),
    ),
  };
}

/**
 * Only the practitioners who perform the chosen reason (those `getFirstFreeTimes` lists), in
 * their order; without the list (not loaded, or it failed) everyone is offered as before.
 */
export function employeesWhoPerform(
  employees: Employee[],
  firstFree: FirstFree | null,
): Employee[] {
  if (firstFree === null) return employees;
  return employees.filter((employee) => firstFree.practitioners.has(employee.Id));
}

/** The earliest of some branches' first free times (a city's); null when none has one. */
export function earliestFirstFree(
  firstFree: FirstFree,
  branchIds: readonly number[],
): string | null {
  let earliest: string | null = null;
  let earliestMs = Infinity;
  for (const id of branchIds) {
    const time = firstFree.branches.get(id) ?? null;
    if (time === null) continue;
    // Offsets differ between summer and winter time: compare instants, not texts.
    const ms = Date.parse(time);
    if (ms < earliestMs) {
      earliest = time;
      earliestMs = ms;
    }
  }
  return earliest;
}
