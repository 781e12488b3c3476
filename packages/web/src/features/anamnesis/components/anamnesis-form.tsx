import { isApiError } from '@portal/sdk';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../../shared/use-form.ts';
import {
  Button,
  Checkbox,
  ErrorSummary,
  RadioGroup,
  SelectField,
  TextArea,
} from '../../../ui/index.ts';
import {
  answersFromDraft,
  APPEARANCE_FACTORS,
  BRUSHING_FREQUENCIES,
  CONDITIONS,
  DENTAL_FEARS,
  draftFieldOf,
  EMPTY_DRAFT,
  EATING_PATTERNS,
  ORAL_HEALTH_ISSUES,
  SATISFACTION_SCALE,
  SMOKING,
  validateDraft,
  type AnamnesisDraft,
  type DraftField,
} from '../api/anamnesis-draft.ts';
import type { Anamnesis } from '../api/get-anamnesis.ts';
import { useSubmitAnamnesis } from '../api/submit-anamnesis.ts';
import { CheckGroup } from './check-group.tsx';
import { YesNoQuestion } from './yes-no-question.tsx';

const fieldId = (field: DraftField) => `anamnesis-${field}`;

/** Every field in the order of the form (the draft's own order): the summary's order. */
const SUMMARY_ORDER = Object.keys(EMPTY_DRAFT) as DraftField[];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-5 rounded-lg border border-slate-300 bg-white p-4 md:p-6">
      <legend className="px-1">
        <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      </legend>
      {children}
    </fieldset>
  );
}

export interface AnamnesisFormProps {
  initial: AnamnesisDraft;
  /** Called with the stored answers after a successful save. */
  onSaved: (saved: Anamnesis) => void;
  /** Called when the server says the form was disabled meanwhile (409 anamnesis-disabled). */
  onDisabled: () => void;
}

/**
 * The preliminary health-information form (spec §3 Anamnesis): five sections, required answers
 * checked on submit ('Please fill this field' at each, spec §5); a
 * refused save shows the error summary at the top, with a link to each field, and focuses it.
 */
export function AnamnesisForm({ initial, onSaved, onDisabled }: AnamnesisFormProps) {
  const { t } = useTranslation('anamnesis');
  // Once refused, the required answers are checked at every change; a server message goes when
  // its field changes. Each refused save brings the focus to the summary (GOV.UK's pattern).
  const form = useForm<AnamnesisDraft, DraftField>({
    initial,
    validate: (current) =>
      Object.fromEntries(
        Object.entries(validateDraft(current)).map(([field, problem]) => [field, t(problem)]),
      ),
    fieldOf: (field) => draftFieldOf(field) ?? null,
    forgetErrorOnChange: true,
    liveChecks: true,
  });
  const { draft, refusals, set } = form;
  const submit = useSubmitAnamnesis();

  const hasProblems = form.checked && Object.keys(validateDraft(draft)).length > 0;
  const errorOf = (field: DraftField): string | undefined => form.errors[field];

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.submit(
      event,
      async (current) => {
        const answers = answersFromDraft(current);
        if (answers !== null) onSaved(await submit.mutateAsync(answers));
      },
      {
        // Every answer checked, yet not one the contract takes: refused as the checks would be.
        ready: (current) => answersFromDraft(current) !== null,
        onFailure: (error) => {
          if (
            isApiError(error) &&
            error.kind === 'conflict' &&
            error.code === 'anamnesis-disabled'
          ) {
            onDisabled();
            return;
          }
          form.setFailure(t('errors.saveFailed'));
          form.refuse();
        },
      },
    );

  const summary = form.summary(
    SUMMARY_ORDER.map((field) => ({ key: field, id: fieldId(field), label: t(`fields.${field}`) })),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
      <ErrorSummary
        items={summary}
        title={t('errors.checkFields')}
        description={hasProblems ? t('errors.fillRequired') : undefined}
        focusKey={refusals}
      >
        {form.failure}
      </ErrorSummary>
      <p className="text-slate-700">{t('requiredNote')}</p>

      <Section title={t('sections.healthState')}>
        <TextArea
          id={fieldId('generalHealth')}
          label={t('fields.generalHealth')}
          hint={t('hints.generalHealth')}
          required
          maxLength={2000}
          value={draft.generalHealth}
          onChange={(event) => set('generalHealth', event.target.value)}
          error={errorOf('generalHealth')}
        />
        <CheckGroup
          id={fieldId('conditions')}
          legend={t('fields.conditions')}
          hint={t('hints.tickAll')}
          options={CONDITIONS}
          labelOf={(value) => t(`conditions.${value}`)}
          value={draft.conditions}
          onChange={(value) => set('conditions', value)}
        />
        <YesNoQuestion
          id={fieldId('medications')}
          label={t('fields.medications')}
          value={draft.medications}
          onChange={(value) => set('medications', value)}
          error={errorOf('medications')}
        />
        {draft.medications === true && (
          <TextArea
            id={fieldId('medicationsDetails')}
            label={t('fields.medicationsDetails')}
            rows={2}
            maxLength={2000}
            value={draft.medicationsDetails}
            onChange={(event) => set('medicationsDetails', event.target.value)}
            error={errorOf('medicationsDetails')}
          />
        )}
        <YesNoQuestion
          id={fieldId('anticoagulants')}
          label={t('fields.anticoagulants')}
          value={draft.anticoagulants}
          onChange={(value) => set('anticoagulants', value)}
          error={errorOf('anticoagulants')}
        />
        {draft.anticoagulants === true && (
          <TextArea
            id={fieldId('anticoagulantsDetails')}
            label={t('fields.anticoagulantsDetails')}
            rows={2}
            maxLength={2000}
            value={draft.anticoagulantsDetails}
            onChange={(event) => set('anticoagulantsDetails', event.target.value)}
            error={errorOf('anticoagulantsDetails')}
          />
        )}
        <YesNoQuestion
          id={fieldId('occupationalCareContract')}
          label={t('fields.occupationalCareContract')}
          value={draft.occupationalCareContract}
          onChange={(value) => set('occupationalCareContract', value)}
          error={errorOf('occupationalCareContract')}
        />
      </Section>

      <Section title={t('sections.oralHealth')}>
        <YesNoQuestion
          id={fieldId('missingTeeth')}
          label={t('fields.missingTeeth')}
          value={draft.missingTeeth}
          onChange={(value) => set('missingTeeth', value)}
          error={errorOf('missingTeeth')}
        />
        {draft.missingTeeth === true && (
          <TextArea
            id={fieldId('missingTeethDetails')}
            label={t('fields.missingTeethDetails')}
            rows={2}
            maxLength={2000}
            value={draft.missingTeethDetails}
            onChange={(event) => set('missingTeethDetails', event.target.value)}
            error={errorOf('missingTeethDetails')}
          />
        )}
        <CheckGroup
          id={fieldId('issues')}
          legend={t('fields.issues')}
          hint={t('hints.tickAll')}
          options={ORAL_HEALTH_ISSUES}
          labelOf={(value) => t(`issues.${value}`)}
          value={draft.issues}
          onChange={(value) => set('issues', value)}
        />
        <TextArea
          id={fieldId('additionalInfo')}
          label={t('fields.additionalInfo')}
          rows={3}
          maxLength={2000}
          value={draft.additionalInfo}
          onChange={(event) => set('additionalInfo', event.target.value)}
          error={errorOf('additionalInfo')}
        />
        <SelectField
          id={fieldId('satisfaction')}
          label={t('fields.satisfaction')}
          hint={t('hints.satisfaction')}
          required
          className="max-w-xs"
          placeholder={t('choose')}
          options={SATISFACTION_SCALE.map((score) => ({
            value: String(score),
            label: String(score),
          }))}
          value={draft.satisfaction === null ? '' : String(draft.satisfaction)}
          onChange={(value) => set('satisfaction', value === '' ? null : Number(value))}
          error={errorOf('satisfaction')}
        />
        <YesNoQuestion
          id={fieldId('appearanceBothers')}
          label={t('fields.appearanceBothers')}
          value={draft.appearanceBothers}
          onChange={(value) => set('appearanceBothers', value)}
          error={errorOf('appearanceBothers')}
        />
        {draft.appearanceBothers === true && (
          <CheckGroup
            id={fieldId('appearanceFactors')}
            legend={t('fields.appearanceFactors')}
            hint={t('hints.tickAll')}
            options={APPEARANCE_FACTORS}
            labelOf={(value) => t(`appearance.${value}`)}
            value={draft.appearanceFactors}
            onChange={(value) => set('appearanceFactors', value)}
          />
        )}
      </Section>

      <Section title={t('sections.habits')}>
        <RadioGroup
          id={fieldId('brushingFrequency')}
          label={t('fields.brushingFrequency')}
          required
          value={draft.brushingFrequency ?? ''}
          onValueChange={(value) =>
            set(
              'brushingFrequency',
              BRUSHING_FREQUENCIES.find((option) => option === value) ?? null,
            )
          }
          options={BRUSHING_FREQUENCIES.map((value) => ({
            value,
            label: t(`brushing.${value}`),
          }))}
          error={errorOf('brushingFrequency')}
        />
        <RadioGroup
          id={fieldId('smoking')}
          label={t('fields.smoking')}
          required
          value={draft.smoking ?? ''}
          onValueChange={(value) =>
            set('smoking', SMOKING.find((option) => option === value) ?? null)
          }
          options={SMOKING.map((value) => ({ value, label: t(`smoking.${value}`) }))}
          error={errorOf('smoking')}
        />
        <TextArea
          id={fieldId('dietaryHabits')}
          label={t('fields.dietaryHabits')}
          hint={t('hints.dietaryHabits')}
          rows={2}
          maxLength={2000}
          value={draft.dietaryHabits}
          onChange={(event) => set('dietaryHabits', event.target.value)}
          error={errorOf('dietaryHabits')}
        />
        <RadioGroup
          id={fieldId('eatingHabits')}
          label={t('fields.eatingHabits')}
          required
          value={draft.eatingHabits ?? ''}
          onValueChange={(value) =>
            set('eatingHabits', EATING_PATTERNS.find((option) => option === value) ?? null)
          }
          options={EATING_PATTERNS.map((value) => ({ value, label: t(`eating.${value}`) }))}
          error={errorOf('eatingHabits')}
        />
      </Section>

      <Section title={t('sections.fears')}>
        <RadioGroup
          id={fieldId('dentalFear')}
          label={t('fields.dentalFear')}
          required
          value={draft.dentalFear ?? ''}
          onValueChange={(value) =>
            set('dentalFear', DENTAL_FEARS.find((option) => option === value) ?? null)
          }
          options={DENTAL_FEARS.map((value) => ({ value, label: t(`fear.${value}`) }))}
          error={errorOf('dentalFear')}
        />
      </Section>

      <Section title={t('sections.consents')}>
        <p className="text-slate-700">{t('consentsIntro')}</p>
        <Checkbox
          id={fieldId('customerRegisterAccepted')}
          label={t('fields.customerRegisterAccepted')}
          required
          checked={draft.customerRegisterAccepted}
          onCheckedChange={(checked) => set('customerRegisterAccepted', checked)}
          error={errorOf('customerRegisterAccepted')}
        />
        <Checkbox
          id={fieldId('patientRegisterAccepted')}
          label={t('fields.patientRegisterAccepted')}
          required
          checked={draft.patientRegisterAccepted}
          onCheckedChange={(checked) => set('patientRegisterAccepted', checked)}
          error={errorOf('patientRegisterAccepted')}
        />
        <Checkbox
          id={fieldId('disclosureToOtherProfessionals')}
          label={t('fields.disclosureToOtherProfessionals')}
          checked={draft.disclosureToOtherProfessionals}
          onCheckedChange={(checked) => set('disclosureToOtherProfessionals', checked)}
        />
      </Section>

      <div>
        <Button type="submit" size="lg" loading={submit.isPending} className="w-full sm:w-auto">
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
