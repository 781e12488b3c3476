import { isApiError } from '@portal/sdk';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RadioGroup, TextArea, toast } from '../../../ui/index.ts';
import { ActionError } from '../../../shared/error-views.tsx';
import type { Rule, RuleInput, RuleStatus } from '../api/get-rules.ts';
import { useSaveRule } from '../api/rule-actions.ts';

export const STATUSES: readonly RuleStatus[] = ['active', 'inactive'];

export function isStatus(value: string): value is RuleStatus {
  return (STATUSES as readonly string[]).includes(value);
}

/**
 * A rule's description and status, inside a modal; the modal's submit button targets the form by
 * `formId`. A blank description is 'Fill the field'; the server's field errors land beneath it.
 */
export function RuleForm({
  rule,
  formId,
  onSaved,
  onPendingChange,
}: {
  rule?: Rule;
  formId: string;
  onSaved: () => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const { t } = useTranslation('rules');
  const save = useSaveRule();
  const descriptionId = useId();
  const [values, setValues] = useState<RuleInput>({
    description: rule?.description ?? '',
    status: rule?.status ?? 'active',
  });
  const [error, setError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<unknown>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (values.description.trim() === '') {
      setError(t('validation.fill'));
      document.getElementById(descriptionId)?.focus();
      return;
    }
    onPendingChange(true);
    try {
      await save.mutateAsync({ id: rule?.id, input: values });
      toast.success(rule === undefined ? t('done.created') : t('done.saved'));
      onSaved();
    } catch (failed) {
      const message = isApiError(failed) ? failed.fieldError('description') : undefined;
      if (message !== undefined) {
        setError(message);
        document.getElementById(descriptionId)?.focus();
      } else {
        setFailure(failed);
      }
    } finally {
      onPendingChange(false);
    }
  };

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-5"
    >
      {failure !== null && <ActionError title={t('errors.save')} error={failure} />}
      <TextArea
        id={descriptionId}
        label={t('fields.description')}
        required
        rows={5}
        maxLength={2000}
        value={values.description}
        error={error}
        onChange={(event) => {
          setValues((current) => ({ ...current, description: event.target.value }));
          setError(undefined);
        }}
      />
      <RadioGroup
        label={t('fields.status')}
        orientation="horizontal"
        options={STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        value={values.status}
        onValueChange={(value) => {
          if (isStatus(value)) setValues((current) => ({ ...current, status: value }));
        }}
      />
    </form>
  );
}
