import { useTranslation } from 'react-i18next';
import { useReasons } from '../../../shared/resources.ts';
import { NotificationBox, RadioGroup, Spinner } from '../../../ui/index.ts';
import { formatPrice } from '../../../shared/money.ts';
import { useLanguage } from '../../../shared/language.ts';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './wizard-types.ts';

/** Step 2: the reason for the visit (the service), offered to the chosen customer type. */
export function ReasonStep({ state, send }: StepProps) {
  const { t } = useTranslation('booking');
  const { customerType, reason, fieldErrors } = state.context;
  const reasons = useReasons(customerType?.id ?? null);
  const language = useLanguage();

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
        <RadioGroup
          label={t('reason.label')}
          required
          error={fieldErrors.reason && t(fieldErrors.reason)}
          options={reasons.data.map((option) => ({
            value: String(option.id),
            label: `${option.name} – ${formatPrice(option.price, language)}`,
            description: option.description,
          }))}
          value={reason === null ? undefined : String(reason.id)}
          onValueChange={(value) => {
            const chosen = reasons.data.find((option) => String(option.id) === value);
            if (chosen) send({ type: 'reason.select', reason: chosen });
          }}
        />
      )}
      <StepActions
        onBack={() => send({ type: 'wizard.back' })}
        nextDisabled={reason === null}
        onNext={() => send({ type: 'wizard.next' })}
      />
    </div>
  );
}
