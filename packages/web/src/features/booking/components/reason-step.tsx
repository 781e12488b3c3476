import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useReasons } from '../../../shared/resources.ts';
import { cn, FieldError, NotificationBox, RequiredMark, Spinner } from '../../../ui/index.ts';
import { formatPrice } from '../../../shared/money.ts';
import { useLanguage } from '../../../shared/language.ts';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './wizard-types.ts';

/**
 * Step 2: the reason for the visit (the service), offered to the chosen customer type. Each
 * service is a button: one tap chooses it and goes on to the location, as the line above the list
 * says (and each button's description, WCAG 3.2.2); Next stays for a service chosen before (back
 * from a later step), whose button is pressed.
 */
export function ReasonStep({ state, send }: StepProps) {
  const { t } = useTranslation('booking');
  const { customerType, reason, fieldErrors } = state.context;
  const reasons = useReasons(customerType?.id ?? null);
  const language = useLanguage();
  const ids = useId();
  const error = fieldErrors.reason && t(fieldErrors.reason);

  if (reasons.isPending) return <Spinner label={t('loading')} />;
  if (reasons.isError) {
    return (
      <NotificationBox variant="danger" role="alert">
        {t('loadFailed')}
      </NotificationBox>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      {reasons.data.length === 0 ? (
        <NotificationBox variant="informative">{t('reason.none')}</NotificationBox>
      ) : (
        <div
          role="group"
          aria-labelledby={`${ids}-label`}
          aria-describedby={error ? `${ids}-error` : undefined}
          className="flex flex-col gap-2"
        >
          <div className="font-medium text-slate-900">
            <span id={`${ids}-label`}>{t('reason.label')}</span>
            <RequiredMark />
          </div>
          <p id={`${ids}-continues`} className="text-sm text-slate-700">
            {t('reason.continues')}
          </p>
          <ul className="flex flex-col gap-2">
            {reasons.data.map((option) => {
              const chosen = reason?.id === option.id;
              const descriptionId = `${ids}-${option.id}`;
              return (
                <li key={option.id}>
                  <button
                    type="button"
                    aria-pressed={chosen}
                    aria-labelledby={`${descriptionId}-name`}
                    aria-describedby={cn(option.description && descriptionId, `${ids}-continues`)}
                    onClick={() => send({ type: 'reason.choose', reason: option })}
                    className={cn(
                      'flex min-h-input w-full flex-col items-start rounded-md border bg-white px-4 py-3 text-left text-slate-900 hover:border-brand-700 hover:bg-brand-50',
                      'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                      chosen ? 'border-2 border-brand-700 bg-brand-50' : 'border-slate-500',
                      error && !chosen && 'border-red-700',
                    )}
                  >
                    <span id={`${descriptionId}-name`} className="font-semibold">
                      {option.name} – {formatPrice(option.price, language)}
                    </span>
                    {option.description && (
                      <span id={descriptionId} className="text-sm text-slate-700">
                        {option.description}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
          {error && <FieldError id={`${ids}-error`}>{error}</FieldError>}
        </div>
      )}
      <StepActions
        onBack={() => send({ type: 'wizard.back' })}
        // A tap on a service goes on: Next only for one chosen before (issue 54: no
        // dead Next while nothing is chosen).
        onNext={reason === null ? undefined : () => send({ type: 'wizard.next' })}
      />
    </div>
  );
}
