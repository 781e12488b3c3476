import type { ReactNode } from 'react';
import { Checkbox as RadixCheckbox } from 'radix-ui';
import { cn } from './cn.ts';
import { FieldError, RequiredMark, useFieldIds, type FieldBaseProps } from './field.tsx';
import { CheckIcon, MinusIcon } from './icons.tsx';

/** A checkbox's state: ticked, not ticked, or partly (some of its children ticked). */
export type CheckedState = boolean | 'indeterminate';

export interface CheckboxProps extends FieldBaseProps {
  /** The label beside the box (may hold links, e.g. to the terms). */
  label: ReactNode;
  checked: CheckedState;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Form field name and value (a hidden native input is submitted inside a form). */
  name?: string;
  value?: string;
}

/**
 * A Radix checkbox with its label to the right: checked, unchecked or indeterminate
 * (`aria-checked="mixed"`), Space toggles, the label toggles on click.
 */
export function Checkbox({
  label,
  required,
  hint,
  error,
  id,
  className,
  checked,
  onCheckedChange,
  disabled,
  name,
  value,
}: CheckboxProps) {
  const { controlId, hintId, errorId, control } = useFieldIds({ id, hint, error, required });
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-3">
        <RadixCheckbox.Root
          {...control}
          checked={checked}
          onCheckedChange={(next) => onCheckedChange(next === true)}
          disabled={disabled}
          name={name}
          value={value}
          className={cn(
            'mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded border-2 border-slate-600 bg-white text-white',
            'data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700',
            'data-[state=indeterminate]:border-brand-700 data-[state=indeterminate]:bg-brand-700',
            'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
            'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-700',
          )}
        >
          <RadixCheckbox.Indicator>
            {checked === 'indeterminate' ? (
              <MinusIcon className="size-4" strokeWidth={3} />
            ) : (
              <CheckIcon className="size-4" strokeWidth={3} />
            )}
          </RadixCheckbox.Indicator>
        </RadixCheckbox.Root>
        <div className="min-w-0 text-slate-900">
          <label htmlFor={controlId} className={cn(disabled ? 'opacity-60' : 'cursor-pointer')}>
            {label}
          </label>
          {required && <RequiredMark />}
          {hint && (
            <p id={hintId} className="text-sm text-slate-700">
              {hint}
            </p>
          )}
        </div>
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
