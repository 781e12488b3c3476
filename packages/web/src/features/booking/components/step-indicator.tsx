import { BOOKING_STEPS, type BookingStep } from '@portal/machines';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../ui/index.ts';

/** The progress line's id: the step's heading is described by it ("Vaihe 5/7: Aika"). */
export const STEP_PROGRESS_ID = 'booking-step-progress';

/**
 * The wizard's progress: an ordered list of the steps, the current one `aria-current="step"`,
 * and a line naming the current one. The line shows on phones only, but describes the step's
 * heading everywhere: a screen reader, which lands on the heading at each step, says where the
 * patient is.
 */
export function StepIndicator({ current }: { current: BookingStep }) {
  const { t } = useTranslation('booking');
  const currentIndex = BOOKING_STEPS.indexOf(current);
  return (
    <nav aria-label={t('steps.label')} className="mb-6">
      <p id={STEP_PROGRESS_ID} className="mb-2 text-sm text-slate-700 md:hidden">
        {t('steps.progress', {
          current: currentIndex + 1,
          total: BOOKING_STEPS.length,
          name: t(`steps.${current}`),
        })}
      </p>
      <ol className="flex flex-wrap gap-x-0.5 gap-y-2 text-sm md:gap-x-1">
        {BOOKING_STEPS.map((step, index) => {
          const isCurrent = step === current;
          const isDone = index < currentIndex;
          return (
            <li
              key={step}
              aria-current={isCurrent ? 'step' : undefined}
              className={cn(
                'flex items-center gap-1.5 rounded-full px-2 py-1',
                isCurrent && 'bg-brand-700 font-semibold text-white',
                !isCurrent && isDone && 'text-brand-800',
                !isCurrent && !isDone && 'text-slate-700',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'inline-flex size-6 items-center justify-center rounded-full border text-xs',
                  isCurrent ? 'border-white' : 'border-current',
                )}
              >
                {index + 1}
              </span>
              {/* On phones the names stay for screen readers; the line above names the current one. */}
              <span className="sr-only md:not-sr-only">
                {t(`steps.${step}`)}
                {isDone && <span className="sr-only"> ({t('steps.done')})</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
