import { type ReactNode } from 'react';
import { cn } from './cn.ts';
import { FieldError, FieldLabel, useFieldIds, type FieldBaseProps } from './field.tsx';

export interface RadioOption {
  value: string;
  label: ReactNode;
  /** A line of help under the option's label. */
  description?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps extends FieldBaseProps {
  /** The question (the group's accessible name). */
  label: ReactNode;
  options: RadioOption[];
  /** The chosen value; '' or undefined for none. */
  value: string | undefined;
  onValueChange: (value: string) => void;
  /** Lay the options out in a row (from 400 px) or a column. */
  orientation?: 'vertical' | 'horizontal';
  name?: string;
  disabled?: boolean;
}

/**
 * A radio group of native radio inputs: one tab stop, arrow keys move and choose (the browser's
 * own behaviour), labelled by its question, with the shared hint, required mark and error.
 * Native inputs rather than Radix keep it out of the first booking step's JavaScript budget.
 */
export function RadioGroup({
  label,
  required,
  hint,
  error,
  id,
  className,
  options,
  value,
  onValueChange,
  orientation = 'vertical',
  name,
  disabled,
}: RadioGroupProps) {
  const { controlId, hintId, errorId, control } = useFieldIds({ id, hint, error, required });
  const labelId = `${controlId}-label`;
  const groupName = name ?? controlId;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <FieldLabel label={label} required={required} hint={hint} hintId={hintId} labelId={labelId} />
      <div
        {...control}
        role="radiogroup"
        aria-labelledby={labelId}
        aria-disabled={disabled || undefined}
        aria-orientation={orientation}
        className={cn(
          'flex gap-2',
          orientation === 'horizontal' ? 'flex-col sm:flex-row sm:flex-wrap sm:gap-6' : 'flex-col',
        )}
      >
        {options.map((option) => {
          const optionId = `${controlId}-${option.value}`;
          return (
            <div key={option.value} className="flex min-h-input items-start gap-3 py-1">
              <input
                type="radio"
                id={optionId}
                name={groupName}
                value={option.value}
                checked={value === option.value}
                onChange={() => onValueChange(option.value)}
                disabled={disabled || option.disabled}
                aria-describedby={option.description ? `${optionId}-description` : undefined}
                className={cn(
                  'mt-0.5 size-6 shrink-0 cursor-pointer appearance-none rounded-full border-2 border-slate-600 bg-white',
                  'checked:border-brand-700 checked:bg-brand-700 checked:shadow-[inset_0_0_0_4px_white]',
                  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                  'disabled:cursor-not-allowed disabled:opacity-60',
                  Boolean(error) && 'border-red-700',
                )}
              />
              <div className="min-w-0">
                <label htmlFor={optionId} className="cursor-pointer text-slate-900">
                  {option.label}
                </label>
                {option.description && (
                  <p id={`${optionId}-description`} className="text-sm text-slate-700">
                    {option.description}
                  </p>
                )}
              </div>
            </div>
          );
        })}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
