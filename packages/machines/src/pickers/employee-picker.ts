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
