import { useTranslation } from 'react-i18next';
import { RadioGroup } from '../../../ui/index.ts';
import type { YesNo } from '../api/anamnesis-draft.ts';

export interface YesNoQuestionProps {
  id: string;
  label: string;
  value: YesNo;
  onChange: (value: boolean) => void;
  error?: string;
  hint?: string;
}

/** A required yes/no question as two radio buttons side by side. */
export function YesNoQuestion({ id, label, value, onChange, error, hint }: YesNoQuestionProps) {
  const { t } = useTranslation('anamnesis');
  return (
    <RadioGroup
      id={id}
      label={label}
      hint={hint}
      required
      error={error}
      orientation="horizontal"
      value={value === null ? '' : value ? 'yes' : 'no'}
      onValueChange={(next) => onChange(next === 'yes')}
      options={[
        { value: 'yes', label: t('answer.yes') },
        { value: 'no', label: t('answer.no') },
      ]}
    />
  );
}
