import type { ComponentPropsWithRef } from 'react';
import { cn } from './cn.ts';
import { Field, inputClasses, type FieldBaseProps } from './field.tsx';
import { formatCalendarDay } from './calendar-day.ts';

export interface DateFieldProps
  extends
    FieldBaseProps,
    Omit<
      ComponentPropsWithRef<'input'>,
      'id' | 'required' | 'className' | 'type' | 'value' | 'onChange' | 'min' | 'max'
    > {
  /** The date as `yyyy-MM-dd` (the native input's format), or '' for none. */
  value: string;
  /** Called with the new `yyyy-MM-dd` value ('' when cleared). */
  onChange: (value: string) => void;
  /** Earliest and latest allowed dates, `yyyy-MM-dd`. */
  min?: string;
  max?: string;
  /** Show the chosen date as `d.M.yyyy` under the input (the native input follows the browser). */
  showFormatted?: boolean;
}

/**
 * A labelled native date input: the phone's own date picker, keyboard operable everywhere.
 * Values travel as `yyyy-MM-dd`; `showFormatted` prints the spec's `d.M.yyyy` beneath.
 */
export function DateField({
  label,
  required,
  hint,
  error,
  id,
  className,
  value,
  onChange,
  showFormatted = false,
  ...props
}: DateFieldProps) {
  // d.M.yyyy is numeric: the same in every language.
  const formatted = showFormatted ? formatCalendarDay(value) : '';
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
        <>
          <input
            type="date"
            className={cn(inputClasses, 'sm:max-w-60')}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            {...control}
            {...props}
          />
          {formatted && (
            <p className="text-sm text-slate-700" data-testid="date-field-formatted">
              {formatted}
            </p>
          )}
        </>
      )}
    </Field>
  );
}
