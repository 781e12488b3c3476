import { groupBranches } from '@portal/machines';
import type { Schemas } from '@portal/sdk';
import { useTranslation } from 'react-i18next';
import { SelectField, type SelectOption, type SelectOptionGroup } from '../../../ui/index.ts';
import { useLanguage } from '../../../shared/language.ts';
import { placeName } from '../../../shared/place-names.ts';

export interface FavouriteBranchFieldProps {
  branches: Schemas['Branch'][];
  groups: Schemas['BranchGroup'][];
  value: number | null;
  onChange: (branchId: number | null) => void;
  error?: string;
  /** The select's id (the error summary links to it). */
  id?: string;
}

/**
 * The favourite branch: a native select grouped by branch-group caption (the machines' picker
 * grouping: captions, then cities, enabled branches sorted by name), with a "no favourite" entry.
 */
export function FavouriteBranchField({
  branches,
  groups,
  value,
  onChange,
  error,
  id,
}: FavouriteBranchFieldProps) {
  const { t } = useTranslation('profile');
  const language = useLanguage();
  const options: Array<SelectOption | SelectOptionGroup> = [
    { value: '', label: t('favourites.noBranch') },
  ];
  const listed = new Set<number>();
  for (const group of groupBranches(branches, groups)) {
    const entries = group.cities.flatMap((city) =>
      city.enabledBranches.map((branch) => {
        listed.add(branch.Id);
        return {
          value: String(branch.Id),
          label: t('favourites.branchOption', {
            name: branch.Name,
            city: placeName(city.city, language),
          }),
        };
      }),
    );
    options.push({
      label: group.caption === '' ? t('favourites.otherBranches') : group.caption,
      options: entries,
    });
  }
  // A favourite that no longer takes patients stays visible (and selected) until changed.
  const current = branches.find((branch) => branch.Id === value);
  if (current !== undefined && !listed.has(current.Id)) {
    options.push({
      value: String(current.Id),
      label: t('favourites.branchOption', {
        name: current.Name,
        city: placeName(current.Address.City, language),
      }),
    });
  }

  return (
    <SelectField
      id={id}
      label={t('favourites.branch')}
      hint={t('favourites.branchHint')}
      placeholder={false}
      options={options}
      value={value === null ? '' : String(value)}
      onChange={(next) => onChange(next === '' ? null : Number(next))}
      error={error}
    />
  );
}
