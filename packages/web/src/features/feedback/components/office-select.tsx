import { groupBranches } from '@portal/machines';
import type { Schemas } from '@portal/sdk';
import { useTranslation } from 'react-i18next';
import { SelectField, type SelectOption, type SelectOptionGroup } from '../../../ui/index.ts';
import { useLanguage } from '../../../shared/language.ts';
import { placeName } from '../../../shared/place-names.ts';

export interface OfficeSelectProps {
  branches: Schemas['Branch'][];
  groups: Schemas['BranchGroup'][];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  id?: string;
}

/** The office the feedback is about: enabled branches grouped by caption (machines' grouping). */
export function OfficeSelect({ branches, groups, value, onChange, error, id }: OfficeSelectProps) {
  const { t } = useTranslation('feedback');
  const language = useLanguage();
  const options: SelectOptionGroup[] = groupBranches(branches, groups).map((group) => ({
    label: group.caption === '' ? t('otherOffices') : group.caption,
    options: group.cities.flatMap((city) =>
      city.enabledBranches.map((branch): SelectOption => ({
        value: String(branch.Id),
        label: t('officeOption', { name: branch.Name, city: placeName(city.city, language) }),
      })),
    ),
  }));
  return (
    <SelectField
      id={id}
      label={t('office')}
      required
      placeholder={t('officePlaceholder')}
      options={options}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
