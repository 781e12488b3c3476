import type { Language, Schemas } from '@portal/sdk';
import type { DevState } from '../state.ts';

type BranchRow = ReturnType<DevState['db']['branch']['getAll']>[number];
type EmployeeRow = ReturnType<DevState['db']['employee']['getAll']>[number];

export function findBranch(state: DevState, id: number): BranchRow | null {
  return state.db.branch.findFirst({ where: { id: { equals: id } } });
}

export function findEmployee(state: DevState, id: number): EmployeeRow | null {
  return state.db.employee.findFirst({ where: { id: { equals: id } } });
}

export function toBranch(row: BranchRow): Schemas['Branch'] {
  return {
    Id: row.id,
    Name: row.name,
    Enabled: row.enabled,
    Address: { Street: row.street, PostalCode: row.postalCode, City: row.city },
    Latitude: row.latitude,
    Longitude: row.longitude,
  };
}

export function toEmployee(row: EmployeeRow): Schemas['Employee'] {
  return {
    Id: row.id,
    Name: row.name,
    Image: row.image,
    Enabled: row.enabled,
    JobTitles: { fi: row.titleFi, sv: row.titleSv, en: row.titleEn },
    Branches: [...row.branchIds],
  };
}

export function listBranches(state: DevState): Schemas['Branch'][] {
  return state.db.branch
    .getAll()
    .sort((a, b) => a.id - b.id)
    .map(toBranch);
}

export function listEmployees(state: DevState): Schemas['Employee'][] {
  return state.db.employee
    .getAll()
    .sort((a, b) => a.id - b.id)
    .map(toEmployee);
}

export function listBranchGroups(state: DevState, language: Language): Schemas['BranchGroup'][] {
  const branches = state.db.branch.getAll();
  return state.db.branchGroup
    .getAll()
    .sort((a, b) => a.id - b.id)
    .map((group) => ({
      id: group.id,
      caption:
        language === 'sv' ? group.captionSv : language === 'en' ? group.captionEn : group.captionFi,
      branches: branches.filter((b) => b.groupId === group.id).map((b) => b.id),
    }));
}
