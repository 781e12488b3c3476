import type { ComponentPropsWithRef } from 'react';
import { cn } from './cn.ts';
import { Field, inputClasses, type FieldBaseProps } from './field.tsx';

export interface TextFieldProps
  extends FieldBaseProps, Omit<ComponentPropsWithRef<'input'>, 'id' | 'required' | 'className'> {
  /** Classes for the input itself (the wrapper takes `className`). */
  inputClassName?: string;
}

/** A labelled single-line input (text, email, tel, number…) with hint, required mark and error. */
export function TextField({
  label,
  required,
  hint,
  error,
  id,
  className,
  inputClassName,
  type = 'text',
  ...props
}: TextFieldProps) {
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
        <input type={type} className={cn(inputClasses, inputClassName)} {...control} {...props} />
      )}
    </Field>
  );
}
