import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssetUrl } from './asset-url.tsx';
import { cn } from './cn.ts';
import { CheckIcon, UserIcon } from './icons.tsx';

/** An employee's job title per language (the contract's `JobTitles`). */
export type JobTitles = Partial<Record<'fi' | 'sv' | 'en', string>>;

/** The employee fields the card shows (structurally the contract's `Employee`). */
export interface EmployeeCardEmployee {
  Name: string;
  Image?: string | null;
  JobTitles?: JobTitles | null;
}

export interface EmployeeCardProps {
  employee: EmployeeCardEmployee;
  /** Names of the clinics where the employee works, listed under the title. */
  branches?: string[];
  /** When given, the card is a toggle button (for pickers) that reports a press. */
  onSelect?: () => void;
  /** With `onSelect`: whether this employee is the chosen one (`aria-pressed`). */
  selected?: boolean;
  /**
   * Extra content at the end (e.g. a link to the employee's times). Not rendered in picker mode
   * (`onSelect`), where the whole card is one button and may hold no other control.
   */
  children?: ReactNode;
  /** A line of text under the name, title and clinics (e.g. the first free time); also in picker mode. */
  detail?: ReactNode;
  className?: string;
}

/**
 * The job title in the given language; falls back to Finnish (the spec's default), then to any
 * title present.
 */
export function jobTitleFor(titles: JobTitles | null | undefined, language: string): string {
  if (!titles) return '';
  const lang = language.slice(0, 2) as keyof JobTitles;
  return titles[lang] || titles.fi || titles.en || titles.sv || '';
}

/**
 * An employee's photo, name and job title in the current language (it follows language changes),
 * optionally their clinics; as a picker entry it is a pressed/unpressed button named by the
 * employee's name and described by the rest.
 */
export function EmployeeCard({
  employee,
  branches,
  onSelect,
  selected = false,
  children,
  detail,
  className,
}: EmployeeCardProps) {
  const { t, i18n } = useTranslation('ui');
  const assetUrl = useAssetUrl();
  const title = jobTitleFor(employee.JobTitles, i18n.resolvedLanguage ?? i18n.language ?? 'fi');
  const ids = useId();
  const body = (
    <>
      {employee.Image ? (
        <img
          src={assetUrl(employee.Image)}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          className="size-16 shrink-0 rounded-full bg-slate-100 object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="inline-flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800"
        >
          <UserIcon className="size-8" />
        </span>
      )}
      <span className="flex min-w-0 flex-1 flex-col text-left">
        <span id={`${ids}-name`} className="font-semibold text-slate-900">
          {employee.Name}
        </span>
        <span id={`${ids}-details`} className="flex flex-col">
          {title && <span className="text-slate-700">{title}</span>}
          {branches && branches.length > 0 && (
            <span className="mt-1 text-sm text-slate-700">
              {t('employee.branches')}: {branches.join(', ')}
            </span>
          )}
          {detail}
        </span>
      </span>
      {onSelect && selected && <CheckIcon className="size-6 shrink-0 text-brand-700" />}
    </>
  );
  const frame = cn(
    'flex w-full items-center gap-4 rounded-lg border bg-white p-3',
    selected ? 'border-2 border-brand-700 bg-brand-50' : 'border-slate-300',
    className,
  );

  if (onSelect) {
    return (
      // Named by the person, described by the rest: a screen reader pauses between them instead
      // of reading name, profession, clinics and first free time as one phrase.
      <button
        type="button"
        aria-labelledby={`${ids}-name`}
        aria-describedby={`${ids}-details`}
        aria-pressed={selected}
        onClick={onSelect}
        className={cn(
          frame,
          'cursor-pointer hover:border-brand-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
        )}
      >
        {body}
      </button>
    );
  }
  return (
    <div className={frame}>
      {body}
      {children}
    </div>
  );
}
