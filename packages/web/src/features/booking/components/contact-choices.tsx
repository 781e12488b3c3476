import { CONTACT_FIELDS, contactOffer, isPhoneNew } from '@portal/machines';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, NotificationBox } from '../../../ui/index.ts';
import { STEP_TEXTS, STEP_TEXTS_OPTIONS } from '../api/step-texts.ts';
import type { StepProps } from './wizard-types.ts';

/**
 * After a login in the middle of the booking the profile's contact details are on it; what the
 * patient typed before the login is offered here, to use instead (issue 54: the profile wins
 * unless the patient chooses). Nothing shows when what was typed is what the booking has.
 */
export function TypedContactOffer({ state, send }: StepProps) {
  const { t } = useTranslation(STEP_TEXTS, STEP_TEXTS_OPTIONS);
  const { typedContact, details } = state.context;
  const offer = contactOffer(typedContact, details);
  const fields = CONTACT_FIELDS.filter((field) => offer[field] !== undefined);
  if (fields.length === 0) return null;
  return (
    <NotificationBox
      variant="informative"
      role="none"
      title={t('details.typedTitle')}
      actions={
        <Button variant="secondary" onClick={() => send({ type: 'details.useTyped' })}>
          {t('details.useTyped')}
        </Button>
      }
    >
      <p>{t('details.typedText')}</p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {fields.map((field) => (
          <div key={field} className="contents">
            <dt className="font-medium">{t(`details.${field}`)}</dt>
            <dd className="mb-1 break-words sm:mb-0">{offer[field] || '–'}</dd>
          </div>
        ))}
      </dl>
    </NotificationBox>
  );
}

/**
 * "Also save this number to my profile": offered, unticked, when the booking's phone differs
 * from the profile's; a booking never changes the profile unasked.
 */
export function SavePhoneChoice({ state, send, id }: StepProps & { id: string }) {
  const { t } = useTranslation(STEP_TEXTS, STEP_TEXTS_OPTIONS);
  if (!isPhoneNew(state.context)) return null;
  return (
    <Checkbox
      id={id}
      label={t('details.savePhone', { phone: state.context.details.phone.trim() })}
      checked={state.context.savePhoneToProfile}
      onCheckedChange={(save) => send({ type: 'details.savePhone', save })}
    />
  );
}
