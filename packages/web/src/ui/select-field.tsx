import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';
import { Field, inputClasses, type FieldBaseProps } from './field.tsx';

/** The spec's select option: a value and a label pair. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** A labelled group of options (`<optgroup>`), e.g. branches under a city. */
export interface SelectOptionGroup {
  label: string;
  options: SelectOption[];
}

export interface SelectFieldProps
  extends
    FieldBaseProps,
    Omit<ComponentPropsWithRef<'select'>, 'id' | 'required' | 'className' | 'onChange' | 'value'> {
  /** Options, or groups of options. */
  options: Array<SelectOption | SelectOptionGroup>;
  /** The selected value; '' selects the placeholder. */
  value: string;
  /** Called with the chosen option's value. */
  onChange: (value: string) => void;
  /**
   * First, unselectable entry shown while nothing is chosen; defaults to the translated "Select
   * from the list". Pass `false` to have none.
   */
  placeholder?: string | false;
}

function isGroup(option: SelectOption | SelectOptionGroup): option is SelectOptionGroup {
  return 'options' in option;
}

/** A labelled native select: reliable with phones' own pickers and with screen readers. */
export function SelectField({
  label,
  required,
  hint,
  error,
  id,
  className,
  options,
  value,
  onChange,
  placeholder,
  ...props
}: SelectFieldProps) {
  const { t } = useTranslation('ui');
  const placeholderText = placeholder === undefined ? t('select.placeholder') : placeholder;
  return (
    <Field
      label={label}
      required={required}
      hint={hint}
      error={error}
      id={id}
      className={className}
    >
      {(control) => (
        <select
          className={cn(inputClasses, 'pr-8')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...control}
          {...props}
        >
          {placeholderText !== false && (
            <option value="" disabled>
              {placeholderText}
            </option>
          )}
          {options.map((option) =>
            isGroup(option) ? (
              <optgroup key={`group-${option.label}`} label={option.label}>
                {option.options.map((item) => (
                  <option key={item.value} value={item.value} disabled={item.disabled}>
                    {item.label}
                  </option>
                ))}
              </optgroup>
            ) : (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ),
          )}
        </select>
      )}
    </Field>
  );
}
