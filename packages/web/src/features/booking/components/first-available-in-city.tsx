import { earliestFirstFree, type FirstFree } from '@portal/machines';
import type { Schemas } from '@portal/sdk';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/language.ts';
import { placeName } from '../../../shared/place-names.ts';
import { helsinkiDay } from '../../../shared/time.ts';
import { cn } from '../../../ui/index.ts';
import { firstFreeWhen } from '../api/first-free.ts';
import { STEP_TEXTS, STEP_TEXTS_OPTIONS } from '../api/step-texts.ts';

export interface FirstAvailableInCityProps {
  /** The city of the chosen clinic or city. */
  city: string;
  branches: Schemas['Branch'][];
  firstFree: FirstFree;
  /** A practitioner chosen first: the times are theirs. */
  employee: Schemas['Employee'] | null;
  onChoose: (choice: { branchIds: number[]; city: string; date: string }) => void;
}

/**
 * "First available time – Helsinki": one tap takes the patient to the earliest time across the
 * city's open clinics (the practitioner chosen first, or anyone), skipping the practitioner step.
 * A button that says where it goes (WCAG 3.2.2); nothing when the city has no time.
 */
export function FirstAvailableInCity({
  city,
  branches,
  firstFree,
  employee,
  onChoose,
}: FirstAvailableInCityProps) {
  const { t } = useTranslation(STEP_TEXTS, STEP_TEXTS_OPTIONS);
  const language = useLanguage();
  const id = useId();
  const open = branches.filter((branch) => branch.Enabled && branch.Address.City === city);
  const branchIds = open.map((branch) => branch.Id);
  const first = earliestFirstFree(firstFree, branchIds);
  if (first === null) return null;
  const where = open.length === 1 ? (open[0]?.Name ?? '') : t('firstFree.allClinics');
  const who = employee === null ? t('firstFree.anyone') : employee.Name;
  return (
    <button
      type="button"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-detail`}
      onClick={() => onChoose({ branchIds, city, date: helsinkiDay(first) })}
      className={cn(
        'flex min-h-input w-full flex-col items-start rounded-md border border-brand-700 bg-brand-50 px-4 py-3 text-left text-slate-900 hover:bg-brand-100',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
      )}
    >
      <span id={`${id}-title`} className="font-semibold text-brand-800">
        {t('firstFree.inCity', { city: placeName(city, language) })}:{' '}
        {firstFreeWhen(first, language)}
      </span>
      <span id={`${id}-detail`} className="text-sm text-slate-700">
        {t('firstFree.inCityDetail', { where, who })}
      </span>
    </button>
  );
}
