import type { Schemas } from '@portal/sdk';

type Branch = Schemas['Branch'];
type BranchGroup = Schemas['BranchGroup'];

/** Finnish collation for names and cities (spec: branches within a city are sorted by name). */
export function compareFi(a: string, b: string): number {
  return a.localeCompare(b, 'fi');
}

/** What the branch picker has chosen: one branch, or every enabled branch of a city. */
export interface BranchSelection {
  branchIds: number[];
  /** The city of the chosen branches. */
  city: string;
}

export interface CityOption {
  city: string;
  /** Every branch of the city in the group, enabled or not, sorted by name (fi). */
  branches: Branch[];
  /** The enabled ones, in the same order: what choosing the city selects. */
  enabledBranches: Branch[];
}

export interface BranchGroupOption {
  /** The group's id; null for branches that belong to no group. */
  id: number | null;
  /** The group's caption; '' for branches that belong to no group. */
  caption: string;
  cities: CityOption[];
}

/**
 * Groups branches by branch-group caption, then by city (spec §2 Branch picker).
 * - Groups are sorted by caption (fi); branches in no group come last, under a group with id null.
 * - A city is listed only if it has at least one enabled branch. Since every listed city is
 *   therefore enabled, the rule "enabled cities are listed first" holds by construction; the
 *   listed cities are sorted by name (fi).
 * - A listed city keeps its disabled branches (shown disabled); branches are sorted by name (fi).
 * A branch listed in several groups appears in each.
 */
export function groupBranches(branches: Branch[], groups: BranchGroup[]): BranchGroupOption[] {
  const grouped = new Set<number>();
  const byCaption = [...groups].sort((a, b) => compareFi(a.caption, b.caption));
  const options: BranchGroupOption[] = byCaption.map((group) => {
    const members = branches.filter((branch) => group.branches.includes(branch.Id));
    for (const member of members) grouped.add(member.Id);
    return { id: group.id, caption: group.caption, cities: cityOptions(members) };
  });
  const ungrouped = branches.filter((branch) => !grouped.has(branch.Id));
  if (ungrouped.length > 0) options.push({ id: null, caption: '', cities: cityOptions(ungrouped) });
  return options.filter((option) => option.cities.length > 0);
}

/**
 * The region of the patient's own clinic (their favourite, or the closest) first, the others in
 * their order: a patient in Helsinki does not scroll past Lapland to reach the capital region.
 */
export function ownRegionFirst(
  groups: BranchGroupOption[],
  branchId: number | null,
): BranchGroupOption[] {
  if (branchId === null) return groups;
  const own = groups.findIndex((group) =>
    group.cities.some((city) => city.branches.some((branch) => branch.Id === branchId)),
  );
  const first = groups[own];
  if (own <= 0 || first === undefined) return groups;
  return [first, ...groups.slice(0, own), ...groups.slice(own + 1)];
}

function cityOptions(branches: Branch[]): CityOption[] {
  const byCity = new Map<string, Branch[]>();
  for (const branch of branches) {
    const city = branch.Address.City;
    byCity.set(city, [...(byCity.get(city) ?? []), branch]);
  }
  return [...byCity.entries()]
    .map(([city, members]) => {
      const sorted = [...members].sort((a, b) => compareFi(a.Name, b.Name));
      return { city, branches: sorted, enabledBranches: sorted.filter((branch) => branch.Enabled) };
    })
    .filter((option) => option.enabledBranches.length > 0)
    .sort((a, b) => compareFi(a.city, b.city));
}

/** The city row is shown when grouping is on. */
export function isCityRowVisible(options: { grouping: boolean }): boolean {
  return options.grouping;
}

/**
 * Branches under a city are shown when grouping is off, when the city has more than one enabled
 * branch, or when it has one and that one is already selected.
 */
export function areCityBranchesVisible(
  city: CityOption,
  options: { grouping: boolean; selectedBranchIds: readonly number[] },
): boolean {
  if (!options.grouping) return true;
  const [only, ...others] = city.enabledBranches;
  if (others.length > 0) return true;
  return only !== undefined && options.selectedBranchIds.includes(only.Id);
}

export type BranchPickerRow =
  | { kind: 'closest'; value: typeof CLOSEST_BRANCH_VALUE; labelKey: 'reservation.closestBranch' }
  | { kind: 'group'; caption: string }
  | { kind: 'city'; value: string; city: string }
  | { kind: 'branch'; value: string; branch: Branch; disabled: boolean };

/** The picker value of the 'closest branch' entry. */
export const CLOSEST_BRANCH_VALUE = 'closest';

export interface BranchPickerRowsOptions {
  grouping: boolean;
  selectedBranchIds: readonly number[];
  /** Location use is on (a setting of the page). */
  locationEnabled: boolean;
  /** The browser supports geolocation (`'geolocation' in navigator`). */
  geolocationSupported: boolean;
}

/**
 * The rows of the picker's dropdown, in order: the optional 'closest branch' entry (only when
 * location use is on and geolocation is supported), then per group its caption, its city rows
 * (grouping on) and the visible branches.
 */
export function branchPickerRows(
  groups: BranchGroupOption[],
  options: BranchPickerRowsOptions,
): BranchPickerRow[] {
  const rows: BranchPickerRow[] = [];
  if (options.locationEnabled && options.geolocationSupported) {
    rows.push({
      kind: 'closest',
      value: CLOSEST_BRANCH_VALUE,
      labelKey: 'reservation.closestBranch',
    });
  }
  for (const group of groups) {
    rows.push({ kind: 'group', caption: group.caption });
    for (const city of group.cities) {
      if (isCityRowVisible(options)) rows.push({ kind: 'city', value: city.city, city: city.city });
      if (areCityBranchesVisible(city, options)) {
        for (const branch of city.branches) {
          rows.push({
            kind: 'branch',
            value: String(branch.Id),
            branch,
            disabled: !branch.Enabled,
          });
        }
      }
    }
  }
  return rows;
}

export type BranchPickerPlaceholderKey =
  | 'reservation.chooseReasonFirst'
  | 'reservation.selectFromList';

/**
 * Whether the picker can be used, and its placeholder (spec §2). The picker is disabled until a
 * reason is chosen, unless the reason is optional: `reasonOptional` is true where the page lets a
 * branch be chosen before (or without) a reason, e.g. when the reason on offer has
 * `branchOptional`, or on pages without reasons (feedback, profile). The placeholder asks to
 * choose a reason first exactly while the picker is disabled for want of one.
 */
export function branchPickerState(options: { reasonChosen: boolean; reasonOptional: boolean }): {
  disabled: boolean;
  placeholderKey: BranchPickerPlaceholderKey;
} {
  const disabled = !options.reasonChosen && !options.reasonOptional;
  return {
    disabled,
    placeholderKey: disabled ? 'reservation.chooseReasonFirst' : 'reservation.selectFromList',
  };
}

/** Choosing a city selects all of that city's enabled branches; null when it has none. */
export function selectCity(branches: Branch[], city: string): BranchSelection | null {
  const branchIds = branches
    .filter((branch) => branch.Enabled && branch.Address.City === city)
    .sort((a, b) => compareFi(a.Name, b.Name))
    .map((branch) => branch.Id);
  return branchIds.length > 0 ? { branchIds, city } : null;
}

/** Choosing a branch id selects that branch; null when no such branch exists. */
export function selectBranch(branches: Branch[], branchId: number): BranchSelection | null {
  const branch = branches.find((candidate) => candidate.Id === branchId);
  return branch === undefined ? null : { branchIds: [branch.Id], city: branch.Address.City };
}

/**
 * The selection a picker value stands for: a branch id (digits) selects that branch, anything else
 * is a city. Returns null for an unknown value (and for the 'closest' entry, which the
 * booking machine resolves with the device position).
 */
export function selectionFromValue(branches: Branch[], value: string): BranchSelection | null {
  if (/^\d+$/.test(value)) return selectBranch(branches, Number(value));
  return selectCity(branches, value);
}

/** The picker value follows the selection: one branch gives its id, several give their city. */
export function pickerValue(selection: BranchSelection | null): string {
  if (selection === null || selection.branchIds.length === 0) return '';
  const [only, ...others] = selection.branchIds;
  return others.length === 0 ? String(only) : selection.city;
}
