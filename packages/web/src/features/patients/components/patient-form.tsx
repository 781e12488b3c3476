import { isApiError } from '@portal/sdk';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Checkbox,
  ErrorSummary,
  NotificationBox,
  SelectField,
  TextField,
} from '../../../ui/index.ts';
import { useForm } from '../../../shared/use-form.ts';
import type { AdminPatient } from '../api/get-patients.ts';
import { useUpdatePatient, type AdminPatientUpdate } from '../api/patient-actions.ts';
import { ROLES, roleLabel, type AdminPatientRole } from './role-label.ts';

type TextKey = 'firstname' | 'lastname' | 'email' | 'phone' | 'street' | 'postalCode' | 'city';
type Draft = Record<TextKey, string> & {
  role: AdminPatientRole;
  smsMarketing: boolean;
  emailMarketing: boolean;
  messagingConsent: boolean;
};

function draftOf(patient: AdminPatient): Draft {
  return {
    firstname: patient.firstname,
    lastname: patient.lastname,
    email: patient.email ?? '',
    phone: patient.phone ?? '',
    street: patient.street ?? '',
    postalCode: patient.postalCode ?? '',
    city: patient.city ?? '',
    role: patient.role,
    smsMarketing: patient.smsMarketing,
    emailMarketing: patient.emailMarketing,
    messagingConsent: patient.messagingConsent,
  };
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

function bodyOf(draft: Draft): AdminPatientUpdate {
  return {
    firstname: draft.firstname.trim(),
    lastname: draft.lastname.trim(),
    email: orNull(draft.email),
    phone: orNull(draft.phone),
    role: draft.role,
    smsMarketing: draft.smsMarketing,
    emailMarketing: draft.emailMarketing,
    messagingConsent: draft.messagingConsent,
    street: orNull(draft.street),
    postalCode: orNull(draft.postalCode),
    city: orNull(draft.city),
  };
}

const REQUIRED: readonly TextKey[] = ['firstname', 'lastname'];

/** The text fields in the order of the form (the error summary's order). */
const TEXT_KEYS: readonly TextKey[] = [
  'firstname',
  'lastname',
  'email',
  'phone',
  'street',
  'postalCode',
  'city',
];

/** A text field's control id: the error summary links to it. */
const fieldId = (key: TextKey) => `patient-${key}`;

/**
 * The patient's editable details (spec §2 "patient detail"). The national id is shown read-only.
 * Server field errors appear under their fields; any other failure says "Failed to save patient
 * details." with the server's reason. What was typed is kept in every case.
 */
export function PatientForm({ patient }: { patient: AdminPatient }) {
  const { t } = useTranslation('patients');
  const form = useForm<Draft, TextKey>({
    initial: () => draftOf(patient),
    validate: (draft) =>
      Object.fromEntries(
        REQUIRED.filter((key) => draft[key].trim() === '').map((key) => [key, t('required')]),
      ),
    fieldOf: (field) => TEXT_KEYS.find((key) => key === field) ?? null,
  });
  const { draft, errors, failure, refusals } = form;
  const [saved, setSaved] = useState(false);
  const update = useUpdatePatient(patient.id);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    form.set(key, value);
    setSaved(false);
  };

  const text = (key: TextKey, options: { type?: string; autoComplete?: string } = {}) => (
    <TextField
      id={fieldId(key)}
      label={t(`field.${key}`)}
      required={REQUIRED.includes(key)}
      value={draft[key]}
      error={errors[key]}
      type={options.type ?? 'text'}
      autoComplete={options.autoComplete ?? 'off'}
      onChange={(event) => set(key, event.target.value)}
    />
  );

  // Each refused save brings the focus to the error summary at the top of the form.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setSaved(false);
    return form.submit(
      event,
      async (current) => {
        const result = await update.mutateAsync(bodyOf(current));
        form.setDraft(draftOf(result));
        setSaved(true);
      },
      { describe: (error) => (isApiError(error) ? error.userMessage : undefined) ?? '' },
    );
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      <ErrorSummary
        items={form.summary(
          TEXT_KEYS.map((key) => ({ key, id: fieldId(key), label: t(`field.${key}`) })),
        )}
        focusKey={refusals}
      >
        {failure !== null && (
          <>
            <p className="font-semibold">{t('saveFailed')}</p>
            {failure && <p>{failure}</p>}
          </>
        )}
      </ErrorSummary>
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-slate-900">{t('section.person')}</legend>
        {text('firstname', { autoComplete: 'off' })}
        {text('lastname', { autoComplete: 'off' })}
        {text('email', { type: 'email' })}
        {text('phone', { type: 'tel' })}
        <TextField label={t('field.ssn')} value={patient.ssn} readOnly hint={t('ssnReadOnly')} />
        <SelectField
          label={t('field.role')}
          value={draft.role}
          placeholder={false}
          options={ROLES.map((role) => ({ value: role, label: roleLabel(t, role) }))}
          onChange={(value) => {
            const role = ROLES.find((candidate) => candidate === value);
            if (role) set('role', role);
          }}
        />
      </fieldset>
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-slate-900">
          {t('section.address')}
        </legend>
        <div className="md:col-span-2">{text('street')}</div>
        {text('postalCode')}
        {text('city')}
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-lg font-semibold text-slate-900">
          {t('section.consents')}
        </legend>
        <Checkbox
          label={t('field.smsMarketing')}
          checked={draft.smsMarketing}
          onCheckedChange={(checked) => set('smsMarketing', checked)}
        />
        <Checkbox
          label={t('field.emailMarketing')}
          checked={draft.emailMarketing}
          onCheckedChange={(checked) => set('emailMarketing', checked)}
        />
        <Checkbox
          label={t('field.messagingConsent')}
          checked={draft.messagingConsent}
          onCheckedChange={(checked) => set('messagingConsent', checked)}
        />
      </fieldset>
      {saved && <NotificationBox variant="success">{t('saved')}</NotificationBox>}
      <div>
        <Button type="submit" loading={update.isPending}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
