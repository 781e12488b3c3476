import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/index.ts';

/**
 * Back and next (or another primary action) at the bottom of a step. On a phone they stay in
 * view at the bottom of the screen while the step scrolls (issue 36: no step needs a scroll to
 * reach its main action), Next taking the row's width beside a compact Back; the page keeps a
 * scroll padding of the bar's height so that a focused field is never hidden under it (WCAG
 * 2.4.11, styles.css). From the `sm` width on they sit below the step as before.
 */
export function StepActions({
  onBack,
  onNext,
  nextLabel,
  nextLoading = false,
  nextDisabled = false,
  extra,
  submit = false,
}: {
  onBack?: () => void;
  onNext?: () => void;
  nextLabel?: string;
  nextLoading?: boolean;
  /** Next is shown but cannot be used yet (nothing chosen). */
  nextDisabled?: boolean;
  extra?: ReactNode;
  /** The next button submits the surrounding form (and `onNext` is not called). */
  submit?: boolean;
}) {
  const { t } = useTranslation('booking');
  return (
    <div data-step-actions="" className="step-actions">
      {onBack ? (
        <Button variant="secondary" onClick={onBack}>
          {t('actions.back')}
        </Button>
      ) : (
        <span className="hidden md:block" />
      )}
      {extra && (
        // On a phone a second choice goes above the row, full width; beside Next from md on.
        <div className="col-span-2 -order-1 flex flex-col gap-2 md:order-none md:ms-auto md:flex-row">
          {extra}
        </div>
      )}
      {onNext && (
        <Button
          className={onBack ? undefined : 'col-span-2'}
          type={submit ? 'submit' : 'button'}
          onClick={submit ? undefined : onNext}
          loading={nextLoading}
          disabled={nextDisabled}
        >
          {nextLabel ?? t('actions.next')}
        </Button>
      )}
    </div>
  );
}
