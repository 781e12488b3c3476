import {
  CLOSEST_BRANCH_VALUE,
  branchPickerRows,
  closestBranch,
  distanceKm,
  earliestFirstFree,
  branchPickerState,
  groupBranches,
  orderBranchesForEmployee,
  ownRegionFirst,
  pickerValue,
  selectionFromValue,
  type BranchPickerRow,
  type BranchSelection,
  type Coordinates,
  type FirstFree,
} from '@portal/machines';
import type { Schemas } from '@portal/sdk';
import { useTranslation } from 'react-i18next';
import { SelectField, type SelectOption, type SelectOptionGroup } from '../../../ui/index.ts';
import { ClinicMapLink } from './clinic-map-link.tsx';
import { STEP_TEXTS, STEP_TEXTS_OPTIONS } from '../api/step-texts.ts';
import { firstFreeText } from '../api/first-free.ts';
import { useLanguage } from '../../../shared/language.ts';
import { placeName } from '../../../shared/place-names.ts';

export interface BranchPickerProps {
  branches: Schemas['Branch'][];
  groups: Schemas['BranchGroup'][];
  /** The chosen reason; null before one is chosen. */
  reason: Pick<Schemas['BookingReason'], 'branchOptional'> | null;
  selection: BranchSelection | null;
  onSelect: (selection: BranchSelection) => void;
  /** 'Closest branch' chosen: find the nearest of these branches. */
  onLocate: (branches: Schemas['Branch'][]) => void;
  /** Location use is on for this page. */
  locationEnabled?: boolean;
  /** The browser supports geolocation. */
  geolocationSupported: boolean;
  /** Grouping by city on (city rows shown). */
  grouping?: boolean;
  /** While the device position is asked. */
  locating?: boolean;
  error?: string;
  /** A practitioner chosen first: the branches where they work are listed first. */
  employee?: Schemas['Employee'] | null;
  /** First free times: each branch and city option says its own (null: not known yet). */
  firstFree?: FirstFree | null;
  /** The patient's own clinic: its region is listed first. */
  ownBranchId?: number | null;
  /**
   * The device position, once asked ('closest branch'): each clinic says how far it is, and
   * without an own clinic the nearest one's region is listed first.
   */
  position?: Coordinates | null;
}

/**
 * The reservation flow's branch picker (spec §2, §4): a label, a dropdown and a caption. Groups
 * by branch-group caption, then city; which rows show, the placeholder and whether it is
 * disabled come from the machines' picker logic.
 */
export function BranchPicker({
  branches,
  groups,
  reason,
  selection,
  onSelect,
  onLocate,
  locationEnabled = true,
  geolocationSupported,
  grouping = true,
  locating = false,
  error,
  employee = null,
  firstFree = null,
  ownBranchId = null,
  position = null,
}: BranchPickerProps) {
  const { t } = useTranslation(STEP_TEXTS, STEP_TEXTS_OPTIONS);
  const language = useLanguage();
  const { disabled, placeholderKey } = branchPickerState({
    reasonChosen: reason !== null,
    reasonOptional: reason?.branchOptional ?? false,
  });
  const regionBranchId =
    ownBranchId ?? (position === null ? null : (closestBranch(branches, position)?.Id ?? null));
  const rows = branchPickerRows(ownRegionFirst(groupBranches(branches, groups), regionBranchId), {
    grouping,
    selectedBranchIds: selection?.branchIds ?? [],
    locationEnabled,
    geolocationSupported,
  });

  /** An option's label with the first free time of its branches, once the times are in. */
  const withFirstFree = (label: string, branchIds: readonly number[]): string =>
    firstFree === null
      ? label
      : t('firstFree.option', {
          choice: label,
          first: firstFreeText(t, earliestFirstFree(firstFree, branchIds), language),
        });
  const cityBranchIds = (city: string): number[] =>
    branches
      .filter((branch) => branch.Enabled && branch.Address.City === city)
      .map((branch) => branch.Id);
  /** "2,3 km" from the device, once its position is known. */
  const distance = (branch: Schemas['Branch']): string => {
    if (position === null) return '';
    const km = distanceKm(position, { latitude: branch.Latitude, longitude: branch.Longitude });
    return new Intl.NumberFormat(language, {
      style: 'unit',
      unit: 'kilometer',
      maximumFractionDigits: km < 10 ? 1 : 0,
    }).format(km);
  };
  const branchLabel = (branch: Schemas['Branch']): string => {
    const name = t('branch.option', {
      name: branch.Name,
      city: placeName(branch.Address.City, language),
    });
    const label =
      position === null ? name : t('branch.distance', { choice: name, distance: distance(branch) });
    return branch.Enabled
      ? withFirstFree(label, [branch.Id])
      : t('firstFree.option', {
          choice: label,
          // The server's reason when it gives one ("Closed during renovation").
          first: firstFree?.closedReasons.get(branch.Id) ?? t('branch.closed'),
        });
  };
  /** A city row; a city with one open clinic names it instead of "all clinics". */
  const cityLabel = (city: string): string => {
    const open = branches.filter((branch) => branch.Enabled && branch.Address.City === city);
    const only = open.length === 1 ? open[0] : undefined;
    return only === undefined
      ? t('branch.allInCity', { city: placeName(city, language) })
      : t('branch.onlyInCity', { city: placeName(city, language), name: only.Name });
  };
  const chosen =
    selection !== null && selection.branchIds.length === 1
      ? branches.find((branch) => branch.Id === selection.branchIds[0])
      : undefined;

  const options: Array<SelectOption | SelectOptionGroup> = [];
  if (employee !== null) {
    // The picker logic's order (their branches first), cut after their branches.
    const theirs = orderBranchesForEmployee(branches, employee)
      .slice(0, branches.filter((branch) => employee.Branches.includes(branch.Id)).length)
      .filter((branch) => branch.Enabled);
    if (theirs.length > 0) {
      options.push({
        label: t('branch.employeeBranches', { name: employee.Name }),
        options: theirs.map((branch) => ({
          value: String(branch.Id),
          label: branchLabel(branch),
        })),
      });
    }
  }
  let group: SelectOptionGroup | null = null;
  const optionOf = (row: BranchPickerRow): SelectOption | null => {
    switch (row.kind) {
      case 'city':
        return {
          value: row.value,
          label: withFirstFree(cityLabel(row.city), cityBranchIds(row.city)),
        };
      case 'branch':
        return {
          value: row.value,
          label: branchLabel(row.branch),
          disabled: row.disabled,
        };
      case 'closest':
        return { value: row.value, label: t(row.labelKey) };
      case 'group':
        return null;
    }
  };
  for (const row of rows) {
    if (row.kind === 'group') {
      group = { label: row.caption === '' ? t('branch.otherBranches') : row.caption, options: [] };
      options.push(group);
      continue;
    }
    const option = optionOf(row);
    if (option === null) continue;
    if (group === null || row.kind === 'closest') options.push(option);
    else group.options.push(option);
  }

  return (
    <div>
      <SelectField
        label={t('branch.label')}
        required
        hint={t('branch.caption')}
        placeholder={t(placeholderKey)}
        disabled={disabled || locating}
        aria-busy={locating || undefined}
        options={options}
        value={pickerValue(selection)}
        error={error}
        onChange={(value) => {
          if (value === CLOSEST_BRANCH_VALUE) {
            onLocate(branches);
            return;
          }
          const chosen = selectionFromValue(branches, value);
          if (chosen !== null) onSelect(chosen);
        }}
      />
      {chosen !== undefined && (
        <p className="mt-2 text-sm text-slate-700">
          {chosen.Address.Street}, {chosen.Address.PostalCode}{' '}
          {placeName(chosen.Address.City, language)}{' '}
          <ClinicMapLink
            clinic={{
              name: chosen.Name,
              street: chosen.Address.Street,
              postalCode: chosen.Address.PostalCode,
              city: chosen.Address.City,
            }}
            label={t('branch.map')}
          />
        </p>
      )}
      {locating && (
        <p role="status" className="mt-2 text-sm text-slate-700">
          {t('branch.locating')}
        </p>
      )}
    </div>
  );
}
