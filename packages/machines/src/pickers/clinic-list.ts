import type { Schemas } from '@portal/sdk';
import {
  branchPickerRows,
  compareFi,
  groupBranches,
  type BranchGroupOption,
  type BranchPickerRow,
} from './branch-picker.ts';
import { distanceKm, type Coordinates } from './closest-branch.ts';
import { orderBranchesForEmployee } from './employee-picker.ts';

type Branch = Schemas['Branch'];
type BranchGroup = Schemas['BranchGroup'];
type Employee = Schemas['Employee'];

/** How many clinics the "nearest to you" part lists once the device position is known. */
export const NEAREST_CLINICS = 3;

/** Folds case and accents for a search: "hameenlinna" finds "Hämeenlinna", "ABO" finds "Åbo". */
export function foldForSearch(text: string): string {
  return text
    .toLocaleLowerCase('fi')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether a typed query finds a text: at the start of any of its words, so "kamp" and
 * "helsinki ka" find "Helsinki Kamppi" and "ppi" does not. Case and accents do not matter; an
 * empty query finds everything.
 */
export function matchesWordStart(text: string, query: string): boolean {
  const wanted = foldForSearch(query);
  if (wanted === '') return true;
  const folded = foldForSearch(text);
  for (let at = 0; at < folded.length; at += 1) {
    const wordStart = at === 0 || /[\s,.()/-]/.test(folded[at - 1] ?? '');
    if (wordStart && folded.startsWith(wanted, at)) return true;
  }
  return false;
}

/** A clinic of the list and, once the position is known, how far it is. */
export interface ClinicEntry {
  branch: Branch;
  /** Kilometres from the device; null without a position. */
  km: number | null;
}

/**
 * One part of the clinic step's searchable list, in the order shown:
 * - `closest`: "Nearest clinic" (asks for the device position; spec §2's optional entry),
 * - `employee`: the clinics of the practitioner chosen first (spec §4's reordering),
 * - `own`: the patient's own clinic (their profile's favourite),
 * - `nearest`: the clinics nearest to the device, nearest first,
 * - `region`: a branch group with its city and clinic rows (spec §2's grouping and visibility).
 * The first four are shortcuts shown only while nothing is typed; a search filters the regions.
 */
export type ClinicSection =
  | { kind: 'closest' }
  | { kind: 'employee'; employee: Employee; clinics: ClinicEntry[] }
  | { kind: 'own'; clinics: ClinicEntry[] }
  | { kind: 'nearest'; clinics: ClinicEntry[] }
  | {
      kind: 'region';
      caption: string;
      rows: Array<Extract<BranchPickerRow, { kind: 'city' | 'branch' }>>;
    };

export interface ClinicListOptions {
  branches: Branch[];
  groups: BranchGroup[];
  selectedBranchIds: readonly number[];
  /** What the patient has typed; '' shows the whole list with its shortcuts. */
  query: string;
  /** The patient's own clinic, or null. */
  ownBranchId: number | null;
  /** The device position once asked, or null. */
  position: Coordinates | null;
  /** The practitioner chosen first, or null. */
  employee: Employee | null;
  /** Location use on and geolocation supported: the "nearest clinic" entry is offered. */
  canLocate: boolean;
  /** The other names of a city the search also knows (its Swedish name: "Helsingfors"). */
  cityNames?: (city: string) => readonly string[];
}

const entry = (branch: Branch, position: Coordinates | null): ClinicEntry => ({
  branch,
  km:
    position === null
      ? null
      : distanceKm(position, { latitude: branch.Latitude, longitude: branch.Longitude }),
});

/** The nearest open clinic of a group's cities, in km (Infinity when none or no position). */
function nearestKm(cities: BranchGroupOption['cities'], position: Coordinates | null): number {
  if (position === null) return Infinity;
  return Math.min(
    Infinity,
    ...cities.flatMap((city) =>
      city.enabledBranches.map((branch) => entry(branch, position).km ?? Infinity),
    ),
  );
}

/**
 * The regions in the order a patient looks for theirs: the own clinic's region first; with a
 * position, the nearest region first and each region's cities nearest first; otherwise the region
 * and the city with the most open clinics first (the capital region and Helsinki, not whichever
 * caption sorts first), ties in caption and name order. Clinics within a city stay sorted by name
 * (spec §2).
 */
export function orderRegions(
  groups: BranchGroupOption[],
  options: { ownBranchId: number | null; position: Coordinates | null },
): BranchGroupOption[] {
  const { ownBranchId, position } = options;
  const openCount = (group: BranchGroupOption) =>
    group.cities.reduce((sum, city) => sum + city.enabledBranches.length, 0);
  const holdsOwn = (group: BranchGroupOption) =>
    ownBranchId !== null &&
    group.cities.some((city) => city.branches.some((branch) => branch.Id === ownBranchId));
  const ordered = groups
    .map((group, index) => ({
      group: {
        ...group,
        // Stable sorts: equal cities keep their name order.
        cities: [...group.cities].sort((a, b) =>
          position === null
            ? b.enabledBranches.length - a.enabledBranches.length
            : nearestKm([a], position) - nearestKm([b], position),
        ),
      },
      index,
    }))
    .sort(
      (a, b) =>
        Number(holdsOwn(b.group)) - Number(holdsOwn(a.group)) ||
        (position === null
          ? openCount(b.group) - openCount(a.group)
          : nearestKm(a.group.cities, position) - nearestKm(b.group.cities, position)) ||
        a.index - b.index,
    );
  return ordered.map(({ group }) => group);
}

/**
 * The clinic step's list (issue 54): shortcuts first (nearest clinic, the practitioner's clinics,
 * the own clinic, the nearest ones), then the regions; a query keeps the city rows whose city it
 * finds and the clinic rows whose name or city it finds, and drops the shortcuts.
 */
export function clinicListSections(options: ClinicListOptions): ClinicSection[] {
  const { branches, position, query, ownBranchId, employee } = options;
  const cityNames = options.cityNames ?? (() => []);
  const searching = foldForSearch(query) !== '';
  const cityFound = (city: string) =>
    [city, ...cityNames(city)].some((name) => matchesWordStart(name, query));
  const clinicFound = (branch: Branch) =>
    matchesWordStart(branch.Name, query) || cityFound(branch.Address.City);
  /** A city with one open clinic shows as its city row only: found by that clinic's name too. */
  const cityRowFound = (city: string) => {
    const open = branches.filter((branch) => branch.Enabled && branch.Address.City === city);
    return cityFound(city) || (open.length === 1 && open.some(clinicFound));
  };

  const sections: ClinicSection[] = [];
  if (!searching) {
    if (options.canLocate) sections.push({ kind: 'closest' });
    if (employee !== null) {
      const theirs = orderBranchesForEmployee(branches, employee)
        .filter((branch) => employee.Branches.includes(branch.Id) && branch.Enabled)
        .map((branch) => entry(branch, position));
      if (theirs.length > 0) sections.push({ kind: 'employee', employee, clinics: theirs });
    }
    const own = branches.find((branch) => branch.Id === ownBranchId && branch.Enabled);
    if (own !== undefined) sections.push({ kind: 'own', clinics: [entry(own, position)] });
    if (position !== null) {
      const nearest = branches
        .filter((branch) => branch.Enabled && branch.Id !== own?.Id)
        .map((branch) => entry(branch, position))
        .sort((a, b) => (a.km ?? 0) - (b.km ?? 0) || compareFi(a.branch.Name, b.branch.Name))
        .slice(0, NEAREST_CLINICS);
      if (nearest.length > 0) sections.push({ kind: 'nearest', clinics: nearest });
    }
  }
  const regions = orderRegions(groupBranches(branches, options.groups), {
    ownBranchId,
    position,
  });
  for (const region of regions) {
    const rows = branchPickerRows([region], {
      grouping: true,
      selectedBranchIds: options.selectedBranchIds,
      locationEnabled: false,
      geolocationSupported: false,
    }).filter(
      (row): row is Extract<BranchPickerRow, { kind: 'city' | 'branch' }> =>
        (row.kind === 'city' && (!searching || cityRowFound(row.city))) ||
        (row.kind === 'branch' && (!searching || clinicFound(row.branch))),
    );
    if (rows.length > 0) sections.push({ kind: 'region', caption: region.caption, rows });
  }
  return sections;
}
