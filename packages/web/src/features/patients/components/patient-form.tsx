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
  const [draft, setDraft] = useState<Draft>(() => draftOf(patient));
  const [errors, setErrors] = useState<Partial<Record<TextKey, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // Each refused save brings the focus to the error summary at the top of the form.
  const [refusals, setRefusals] = useState(0);
  const refuse = () => setRefusals((count) => count + 1);
  const update = useUpdatePatient(patient.id);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
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

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setSaved(false);
    const missing = Object.fromEntries(
      REQUIRED.filter((key) => draft[key].trim() === '').map((key) => [key, t('required')]),
    );
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      refuse();
      return;
    }
    try {
      const result = await update.mutateAsync(bodyOf(draft));
      setDraft(draftOf(result));
      setSaved(true);
    } catch (error) {
      const fieldErrors: Partial<Record<TextKey, string>> = {};
      if (isApiError(error)) {
        for (const { field, errorMessage } of error.fieldErrors) {
          if (field in draft) fieldErrors[field as TextKey] = errorMessage;
        }
      }
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) {
        setFailure((isApiError(error) ? error.userMessage : undefined) ?? '');
      }
      refuse();
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      <ErrorSummary
        items={TEXT_KEYS.flatMap((key) => {
          const message = errors[key];
          return message === undefined
            ? []
            : [{ target: fieldId(key), label: t(`field.${key}`), message }];
        })}
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
