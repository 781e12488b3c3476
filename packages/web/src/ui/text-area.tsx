import type { ComponentPropsWithRef } from 'react';
import { cn } from './cn.ts';
import { Field, inputClasses, type FieldBaseProps } from './field.tsx';

export interface TextAreaProps
  extends FieldBaseProps, Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'required' | 'className'> {
  /** Classes for the textarea itself. */
  inputClassName?: string;
}

/** A labelled multi-line input (4 rows by default, resizable vertically). */
export function TextArea({
  label,
  required,
  hint,
  error,
  id,
  className,
  inputClassName,
  rows = 4,
  ...props
}: TextAreaProps) {
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
        <textarea
          rows={rows}
          className={cn(inputClasses, 'resize-y py-2', inputClassName)}
          {...control}
          {...props}
        />
      )}
    </Field>
  );
}
