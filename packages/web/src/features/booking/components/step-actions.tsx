import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/index.ts';

/** Back and next (or another primary action) at the bottom of a step; full width on phones. */
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
    <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
      {onBack ? (
        <Button variant="secondary" onClick={onBack}>
          {t('actions.back')}
        </Button>
      ) : (
        <span />
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        {extra}
        {onNext && (
          <Button
            type={submit ? 'submit' : 'button'}
            onClick={submit ? undefined : onNext}
            loading={nextLoading}
            disabled={nextDisabled}
          >
            {nextLabel ?? t('actions.next')}
          </Button>
        )}
      </div>
    </div>
  );
}
