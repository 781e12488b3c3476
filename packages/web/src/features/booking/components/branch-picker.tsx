import {
  CLOSEST_BRANCH_VALUE,
  branchPickerState,
  clinicListSections,
  distanceKm,
  earliestFirstFree,
  pickerValue,
  selectionFromValue,
  type BranchSelection,
  type ClinicEntry,
  type ClinicSection,
  type Coordinates,
  type FirstFree,
} from '@portal/machines';
import type { Schemas } from '@portal/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComboboxField, type ComboboxGroup, type ComboboxOption } from '../../../ui/index.ts';
import { ClinicMapLink } from './clinic-map-link.tsx';
import { STEP_TEXTS, STEP_TEXTS_OPTIONS } from '../api/step-texts.ts';
import { firstFreeWhen } from '../api/first-free.ts';
import { LANGUAGES, useLanguage, type Language } from '../../../shared/language.ts';
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
  /** While the device position is asked. */
  locating?: boolean;
  error?: string;
  /** A practitioner chosen first: the branches where they work are listed first. */
  employee?: Schemas['Employee'] | null;
  /** First free times: each branch and city row says its own (null: not known yet). */
  firstFree?: FirstFree | null;
  /** The patient's own clinic: listed first, and its region first. */
  ownBranchId?: number | null;
  /**
   * The device position, once asked ('closest branch'): each clinic says how far it is, the
   * nearest ones are listed first and the regions and cities come nearest first.
   */
  position?: Coordinates | null;
}

/** "2,3 km" or "400 m" from the device (never "0 km"). */
export function formatDistance(km: number, language: Language): string {
  if (km < 1) {
    return new Intl.NumberFormat(language, { style: 'unit', unit: 'meter' }).format(
      Math.max(100, Math.round((km * 1000) / 100) * 100),
    );
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'kilometer',
    maximumFractionDigits: km < 10 ? 1 : 0,
  }).format(km);
}

/**
 * The reservation flow's clinic picker (spec §2, §4; issue 54): a label, a field that opens a
 * searchable list, and a caption. The list puts the practitioner's clinics, the own clinic and the
 * nearest ones first, then the regions grouped by caption and city (`clinicListSections`); each row
 * says its first free time, a closed clinic why it takes no booking, and, once the position is
 * known, how far it is. Typing "Kamp" or "Tampere" (or "Helsingfors") narrows the list.
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
  locating = false,
  error,
  employee = null,
  firstFree = null,
  ownBranchId = null,
  position = null,
}: BranchPickerProps) {
  const { t } = useTranslation(STEP_TEXTS, STEP_TEXTS_OPTIONS);
  const language = useLanguage();
  const [query, setQuery] = useState('');
  const { disabled, placeholderKey } = branchPickerState({
    reasonChosen: reason !== null,
    reasonOptional: reason?.branchOptional ?? false,
  });
  const sections = clinicListSections({
    branches,
    groups,
    selectedBranchIds: selection?.branchIds ?? [],
    query,
    ownBranchId,
    position,
    employee,
    canLocate: locationEnabled && geolocationSupported,
    cityNames: (city) => LANGUAGES.map((lang) => placeName(city, lang)),
  });

  /** The row's second line: when it is first free, once the times are in. */
  const firstFreeDetail = (branchIds: readonly number[]): string | undefined =>
    firstFree === null ? undefined : firstFreeRow(earliestFirstFree(firstFree, branchIds));
  /** "First available: Mon 30.11.2026 08:00": one line on a phone. */
  const firstFreeRow = (time: string | null): string =>
    time === null
      ? t('firstFree.cardNone')
      : t('firstFree.row', { when: firstFreeWhen(time, language) });
  const cityOf = (branch: Schemas['Branch']) => placeName(branch.Address.City, language);
  /** A clinic outside its city's rows says its city, unless its name does already. */
  const withCity = (branch: Schemas['Branch']): string =>
    branch.Name.includes(cityOf(branch)) || branch.Name.includes(branch.Address.City)
      ? branch.Name
      : t('branch.option', { name: branch.Name, city: cityOf(branch) });
  const clinicOption = (
    branch: Schemas['Branch'],
    label: string,
    km: number | null,
    inset = false,
  ): ComboboxOption => ({
    value: String(branch.Id),
    label,
    detail: branch.Enabled
      ? firstFreeDetail([branch.Id])
      : // The server's reason when it gives one ("Closed during renovation").
        (firstFree?.closedReasons.get(branch.Id) ?? t('branch.closed')),
    aside: km === null ? undefined : formatDistance(km, language),
    disabled: !branch.Enabled,
    inset,
  });
  const kmOf = (branch: Schemas['Branch']): number | null =>
    position === null
      ? null
      : distanceKm(position, { latitude: branch.Latitude, longitude: branch.Longitude });
  const openIn = (city: string) =>
    branches.filter((branch) => branch.Enabled && branch.Address.City === city);
  /** A city row; a city with one open clinic names it instead of "all clinics". */
  const cityLabel = (city: string): string => {
    const open = openIn(city);
    const only = open.length === 1 ? open[0] : undefined;
    return only === undefined
      ? t('branch.allInCity', { city: placeName(city, language) })
      : t('branch.onlyInCity', { city: placeName(city, language), name: only.Name });
  };
  const shortcut = (key: string, heading: string, clinics: ClinicEntry[]): ComboboxGroup => ({
    key,
    heading,
    options: clinics.map(({ branch, km }) => clinicOption(branch, withCity(branch), km)),
  });
  const groupOf = (section: ClinicSection, index: number): ComboboxGroup => {
    switch (section.kind) {
      case 'closest':
        return {
          key: 'closest',
          options: [{ value: CLOSEST_BRANCH_VALUE, label: t('reservation.closestBranch') }],
        };
      case 'employee':
        return shortcut(
          'employee',
          t('branch.employeeBranches', { name: section.employee.Name }),
          section.clinics,
        );
      case 'own':
        return shortcut('own', t('branch.ownClinic'), section.clinics);
      case 'nearest':
        return shortcut('nearest', t('branch.nearest'), section.clinics);
      case 'region':
        return {
          key: `region-${index}`,
          heading: section.caption === '' ? t('branch.otherBranches') : section.caption,
          options: section.rows.map((row) =>
            row.kind === 'city'
              ? {
                  value: row.value,
                  label: cityLabel(row.city),
                  detail: firstFreeDetail(openIn(row.city).map((branch) => branch.Id)),
                }
              : // Under its city's row: the name alone.
                clinicOption(row.branch, row.branch.Name, kmOf(row.branch), true),
          ),
        };
    }
  };

  const value = pickerValue(selection);
  const chosen =
    selection !== null && selection.branchIds.length === 1
      ? branches.find((branch) => branch.Id === selection.branchIds[0])
      : undefined;
  const valueText =
    chosen !== undefined ? withCity(chosen) : selection === null ? '' : cityLabel(selection.city);

  return (
    <div>
      <ComboboxField
        label={t('branch.label')}
        required
        hint={t('branch.caption')}
        placeholder={t(placeholderKey)}
        disabled={disabled || locating}
        busy={locating}
        groups={sections.map(groupOf)}
        value={value}
        valueText={valueText}
        query={query}
        onQueryChange={setQuery}
        searchLabel={t('branch.search')}
        searchPlaceholder={t('branch.searchExample')}
        listLabel={t('branch.list')}
        emptyText={t('branch.searchEmpty', { query: query.trim() })}
        error={error}
        onSelect={(chosenValue) => {
          if (chosenValue === CLOSEST_BRANCH_VALUE) {
            onLocate(branches);
            return;
          }
          const next = selectionFromValue(branches, chosenValue);
          if (next !== null) onSelect(next);
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
