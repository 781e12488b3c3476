import type { Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { allBranches } from '../testing/branches.ts';
import {
  EMPLOYEE_SEARCH_DEBOUNCE_MS,
  earliestFirstFree,
  employeesOfBranches,
  employeesWhoPerform,
  filterEmployees,
  firstFreeById,
  matchesNamePrefix,
  orderBranchesForEmployee,
} from './employee-picker.ts';

function employee(
  id: number,
  name: string,
  branches: number[],
  enabled = true,
): Schemas['Employee'] {
  return {
    Id: id,
    Name: name,
    Image: null,
    Enabled: enabled,
    JobTitles: { fi: 'Hammaslääkäri', sv: 'Tandläkare', en: 'Dentist' },
    Branches: branches,
  };
}

const aino = employee(41, 'Aino Virtanen', [3, 4]);
const ville = employee(42, 'Ville Ahonen', [6]);
const outi = employee(43, 'Outi Äijälä-Korhonen', [5]);
const retired = employee(44, 'Aino Vanha', [3], false);
const everyone = [aino, ville, outi, retired];

describe('employee search', () => {
  test('The search waits 300 ms', () => {
    expect(EMPLOYEE_SEARCH_DEBOUNCE_MS).toBe(300);
  });

  test('A search filters all employees by the start of the name, ignoring case', () => {
    expect(filterEmployees(everyone, 'AI')).toEqual([aino]);
    expect(filterEmployees(everyone, 'aino v')).toEqual([aino]);
  });

  test('A search matches the start of the whole name only, not of a later part (spec §4)', () => {
    expect(filterEmployees(everyone, 'ahon')).toEqual([]);
    expect(matchesNamePrefix('Aino Virtanen', 'vir')).toBe(false);
    expect(filterEmployees(everyone, 'VILLE A')).toEqual([ville]);
    expect(filterEmployees(everyone, 'outi ä')).toEqual([outi]);
  });

  test('A search does not match inside a name', () => {
    expect(filterEmployees(everyone, 'tanen')).toEqual([]);
    expect(matchesNamePrefix('Aino Virtanen', 'ino')).toBe(false);
  });

  test('An empty search lists every enabled employee', () => {
    expect(filterEmployees(everyone, '  ')).toEqual([aino, ville, outi]);
  });

  test('Disabled employees are never offered', () => {
    expect(filterEmployees(everyone, 'aino')).toEqual([aino]);
    expect(employeesOfBranches(everyone, [3])).toEqual([aino]);
  });

  test("The branch's employees are those who work at any of the chosen branches", () => {
    expect(employeesOfBranches(everyone, [5, 6])).toEqual([ville, outi]);
  });
});

describe('branch order', () => {
  test('Choosing an employee puts the branches where they work first, keeping the order', () => {
    const ordered = orderBranchesForEmployee(allBranches, aino).map((branch) => branch.Id);
    expect(ordered).toEqual([3, 4, 8, 5, 6, 7, 9]);
    const forOuti = orderBranchesForEmployee(allBranches, outi).map((branch) => branch.Id);
    expect(forOuti).toEqual([5, 3, 4, 8, 6, 7, 9]);
  });

  test('Without an employee the branch list is unchanged', () => {
    expect(orderBranchesForEmployee(allBranches, null)).toBe(allBranches);
  });
});

describe('practitioners who perform the service (getFirstFreeTimes)', () => {
  const firstFree = firstFreeById({
    branches: [
      { branchId: 3, firstFreeTime: '2026-10-26T09:00:00+02:00' },
      { branchId: 4, firstFreeTime: '2026-10-24T09:30:00+03:00' },
      { branchId: 5, firstFreeTime: null, closedReason: 'Closed during renovation' },
    ],
    practitioners: [
      { employeeId: 41, firstFreeTime: '2026-10-26T09:00:00+02:00' },
      { employeeId: 43, firstFreeTime: null },
    ],
  });

  test('Only the listed practitioners are offered, in their order; a practitioner without free times is still listed', () => {
    expect(employeesWhoPerform(everyone, firstFree)).toEqual([aino, outi]);
  });

  test('Without the list (loading or failed), everyone is offered as before', () => {
    expect(employeesWhoPerform(everyone, null)).toEqual(everyone);
  });

  test('A closed branch keeps the reason the server gave; the others have none', () => {
    expect([...firstFree.closedReasons]).toEqual([[5, 'Closed during renovation']]);
  });

  test("A city's first free time is the earliest of its branches'; none when none has one", () => {
    expect(earliestFirstFree(firstFree, [3, 4, 5])).toBe('2026-10-24T09:30:00+03:00');
    expect(earliestFirstFree(firstFree, [3])).toBe('2026-10-26T09:00:00+02:00');
    expect(earliestFirstFree(firstFree, [5, 99])).toBeNull();
  });
});
