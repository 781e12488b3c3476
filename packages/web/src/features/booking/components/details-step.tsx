import { useActingPerson } from '../../../shared/acting-person.ts';
import type { BookingDetails, DetailsField } from '@portal/machines';
import { formatHelsinki } from '../../../shared/time.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  ErrorSummary,
  NotificationBox,
  TextArea,
  TextField,
  type ErrorSummaryItem,
} from '../../../ui/index.ts';
import { NationalId } from '../../../shared/national-id.tsx';
import { usePreviousAddress } from '../api/own-reservations.ts';
import { SavePhoneChoice, TypedContactOffer } from './contact-choices.tsx';
import { SlotHoldNotice } from './slot-hold-notice.tsx';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './wizard-types.ts';
import { STEP_TEXTS, STEP_TEXTS_OPTIONS } from '../api/step-texts.ts';

const FIELDS: ReadonlyArray<{
  field: Exclude<DetailsField, 'descriptionForStaff'>;
  type?: string;
  inputMode?: 'numeric' | 'email' | 'tel';
  autoComplete: string;
  required: boolean;
}> = [
  { field: 'firstName', autoComplete: 'given-name', required: true },
  { field: 'lastName', autoComplete: 'family-name', required: true },
  { field: 'email', type: 'email', autoComplete: 'email', required: true },
  { field: 'phone', type: 'tel', autoComplete: 'tel', required: true },
  { field: 'ssn', autoComplete: 'off', required: false },
  { field: 'street', autoComplete: 'street-address', required: true },
  { field: 'postalCode', inputMode: 'numeric', autoComplete: 'postal-code', required: true },
  { field: 'city', autoComplete: 'address-level2', required: true },
];

/** The id of a field's control: the error summary links to it. */
const fieldId = (field: DetailsField) => `booking-${field}`;

/** The fields a strong identity gives: shown read-only to a signed-in patient. */
const IDENTITY_FIELDS: ReadonlySet<DetailsField> = new Set(['firstName', 'lastName', 'ssn']);

/**
 * Step 6: the customer's details, validated per spec §5. A visitor is offered the strong login
 * first (the identity then gives the name and identity code); a signed-in patient sees those
 * read-only, the code masked as in the profile, and types only what the profile and the previous
 * booking cannot give.
 */
export function DetailsStep({ state, send }: StepProps) {
  const { t } = useTranslation(STEP_TEXTS, STEP_TEXTS_OPTIONS);
  const { details, fieldErrors, reason, profile, signedIn, identityReplaced } = state.context;
  // Booking for another person (issue 55): the name and identity code are theirs.
  const acting = useActingPerson();
  const fromIdentity = signedIn && profile !== null;
  // A family booking (issue 55): each person's identity is theirs; the contact is the user's.
  const { familyIds, familySlots, family } = state.context;
  const forFamily = state.context.familyIds.length >= 2;
  const members = familyIds.flatMap((id) => family.filter((person) => person.id === id));
  // A returning patient's address comes from their previous booking: empty fields only.
  const previousAddress = usePreviousAddress(signedIn);
  // Once per visit to the step: the lists' answer is a new object on every render.
  const addressSent = useRef(false);
  useEffect(() => {
    if (!previousAddress || addressSent.current) return;
    addressSent.current = true;
    send({ type: 'details.previousAddress', address: previousAddress });
  }, [previousAddress, send]);
  const change = (patch: Partial<BookingDetails>) =>
    send({ type: 'details.change', details: patch });
  const errorOf = (field: DetailsField): string | undefined => {
    const key = fieldErrors[field];
    return key === undefined ? undefined : t(key);
  };
  // Each refused Next brings the focus to the summary of what to correct (GOV.UK's pattern).
  const [submits, setSubmits] = useState(0);
  const summary: ErrorSummaryItem[] = [
    ...FIELDS.map(({ field }) => field),
    'descriptionForStaff' as const,
  ]
    .filter((field) => fieldErrors[field] !== undefined)
    .map((field) => ({
      target: fieldId(field),
      label: t(`details.${field}`),
      message: errorOf(field),
    }));

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'wizard.next' });
        setSubmits((count) => count + 1);
      }}
    >
      <SlotHoldNotice state={state} send={send} />
      <ErrorSummary items={summary} focusKey={submits} />
      {!signedIn && (
        <NotificationBox variant="informative" title={t('details.loginTitle')}>
          <p>{t('details.loginText')}</p>
          <Button className="mt-3" onClick={() => send({ type: 'auth.login' })}>
            {t('loginRequired.login')}
          </Button>
        </NotificationBox>
      )}
      {identityReplaced && (
        <NotificationBox variant="warning" role="status">
          {t('details.identityReplaced')}
        </NotificationBox>
      )}
      {forFamily && (
        <section aria-labelledby="details-family" className="flex flex-col gap-2">
          <h3 id="details-family" className="text-base font-semibold text-slate-900">
            {t('details.familyTitle')}
          </h3>
          <ul className="flex flex-col gap-1">
            {members.map((member, index) => (
              <li key={member.id}>
                <span className="font-medium">
                  {member.firstName} {member.lastName}
                </span>
                {familySlots[index] && `, ${formatHelsinki(familySlots[index].startTime, 'time')}`}
              </li>
            ))}
          </ul>
          <p className="text-sm text-slate-700">{t('details.familyContact')}</p>
        </section>
      )}
      {fromIdentity && !forFamily && (
        <section aria-labelledby="details-identity" className="flex flex-col gap-2">
          <h3 id="details-identity" className="text-base font-semibold text-slate-900">
            {t(acting === null ? 'details.identityTitle' : 'details.personTitle')}
          </h3>
          <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium text-slate-700">{t('details.name')}</dt>
            <dd className="mb-2 sm:mb-0">
              {details.firstName} {details.lastName}
            </dd>
            <dt className="font-medium text-slate-700">{t('details.ssn')}</dt>
            <dd>
              <NationalId
                ssn={details.ssn}
                hiddenLabel={t('details.ssnHidden')}
                showLabel={t('details.showSsn')}
              />
            </dd>
          </dl>
        </section>
      )}
      <TypedContactOffer state={state} send={send} />
      <div className="grid gap-4 md:grid-cols-2">
        {FIELDS.filter(({ field }) => !fromIdentity || !IDENTITY_FIELDS.has(field)).map(
          ({ field, type, inputMode, autoComplete, required }) => (
            <TextField
              key={field}
              id={fieldId(field)}
              label={t(`details.${field}`)}
              hint={field === 'phone' ? t('details.phoneHint') : undefined}
              type={type}
              inputMode={inputMode}
              autoComplete={autoComplete}
              required={required}
              value={details[field]}
              error={errorOf(field)}
              onChange={(event) => change({ [field]: event.target.value })}
            />
          ),
        )}
      </div>
      <SavePhoneChoice state={state} send={send} id="booking-save-phone" />
      {!forFamily && (
        <TextArea
          id={fieldId('descriptionForStaff')}
          label={t('details.descriptionForStaff')}
          hint={t('details.descriptionHint')}
          required={reason?.requiresStaffDescription ?? false}
          value={details.descriptionForStaff}
          error={errorOf('descriptionForStaff')}
          onChange={(event) => change({ descriptionForStaff: event.target.value })}
        />
      )}
      <StepActions onBack={() => send({ type: 'wizard.back' })} onNext={() => undefined} submit />
    </form>
  );
}
