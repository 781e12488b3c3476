import { earliestFirstFree, type BranchSelection, type FirstFree } from '@portal/machines';
import type { Schemas } from '@portal/sdk';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/language.ts';
import { placeName } from '../../../shared/place-names.ts';
import { helsinkiDay } from '../../../shared/time.ts';
import { ChevronRightIcon, cn } from '../../../ui/index.ts';
import { firstFreeWhen } from '../api/first-free.ts';
import { STEP_TEXTS, STEP_TEXTS_OPTIONS } from '../api/step-texts.ts';

export interface FirstAvailableProps {
  /** The chosen clinic, or the chosen city's clinics. */
  selection: BranchSelection;
  branches: Schemas['Branch'][];
  firstFree: FirstFree;
  /** A practitioner chosen first: the times are theirs. */
  employee: Schemas['Employee'] | null;
  onChoose: (choice: { branchIds: number[]; city: string; date: string }) => void;
}

/**
 * "First available time – Helsinki Kamppi": one tap takes the patient to the earliest time of
 * the chosen clinic, or of the chosen city's open clinics (the practitioner chosen first, or
 * anyone), skipping the practitioner step. A button that looks like one and says where it goes
 * (WCAG 3.2.2); nothing when the choice has no time.
 */
export function FirstAvailable({
  selection,
  branches,
  firstFree,
  employee,
  onChoose,
}: FirstAvailableProps) {
  const { t } = useTranslation(STEP_TEXTS, STEP_TEXTS_OPTIONS);
  const language = useLanguage();
  const id = useId();
  const chosen = branches.filter(
    (branch) => branch.Enabled && selection.branchIds.includes(branch.Id),
  );
  const branchIds = chosen.map((branch) => branch.Id);
  const first = earliestFirstFree(firstFree, branchIds);
  if (first === null) return null;
  const [only] = chosen;
  const place =
    chosen.length === 1 && only !== undefined ? only.Name : placeName(selection.city, language);
  const who = employee === null ? t('firstFree.anyone') : employee.Name;
  return (
    <button
      type="button"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-detail`}
      onClick={() => onChoose({ branchIds, city: selection.city, date: helsinkiDay(first) })}
      className={cn(
        'flex min-h-input w-full items-center gap-3 rounded-md border-2 border-brand-700 bg-white px-4 py-3 text-left text-slate-900 shadow-sm hover:bg-brand-50 active:bg-brand-100',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
      )}
    >
      <span className="min-w-0 flex-1">
        <span id={`${id}-title`} className="block font-semibold text-brand-800">
          {t('firstFree.shortcut', { place })}: {firstFreeWhen(first, language)}
        </span>
        <span id={`${id}-detail`} className="block text-sm text-slate-700">
          {t('firstFree.shortcutDetail', { who })}
        </span>
      </span>
      <ChevronRightIcon className="size-6 shrink-0 text-brand-700" />
    </button>
  );
}
