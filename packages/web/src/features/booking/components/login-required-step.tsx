import { useTranslation } from 'react-i18next';
import { Button, NotificationBox } from '../../../ui/index.ts';
import { SlotHoldNotice } from './slot-hold-notice.tsx';
import type { StepProps } from './wizard-types.ts';
import { STEP_TEXTS, STEP_TEXTS_OPTIONS } from '../api/step-texts.ts';

/** Shown to a visitor who is not signed in: log in, then come back with every choice kept. */
export function LoginRequiredStep({ state, send }: StepProps) {
  const { t } = useTranslation(STEP_TEXTS, STEP_TEXTS_OPTIONS);
  return (
    <div className="flex flex-col gap-5">
      <SlotHoldNotice state={state} send={send} />
      <NotificationBox variant="informative" role="status" title={t('loginRequired.title')}>
        {t('loginRequired.text')}
      </NotificationBox>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={() => send({ type: 'wizard.back' })}>
          {t('actions.back')}
        </Button>
        <Button onClick={() => send({ type: 'auth.login' })}>{t('loginRequired.login')}</Button>
      </div>
    </div>
  );
}
