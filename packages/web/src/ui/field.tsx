import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';
import { DangerIcon } from './icons.tsx';
import { VisuallyHidden } from './visually-hidden.tsx';

/** The attributes {@link Field} hands to its control so that label, hint and error are linked. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

/** The props every field component shares. */
export interface FieldBaseProps {
  /** Visible label (the control's accessible name). */
  label: ReactNode;
  /** Shows a red asterisk (and a screen-reader "required") and sets `aria-required`. */
  required?: boolean;
  /** Help text under the label, linked with `aria-describedby`. */
  hint?: ReactNode;
  /**
   * The already translated error message. When set, the control gets `aria-invalid` and the
   * message is shown beneath it, linked with `aria-describedby` (spec §5: a visual invalid state
   * and a message beneath the field; no browser validation bubbles).
   */
  error?: ReactNode;
  /** Id for the control; generated when left out. */
  id?: string;
  /** Classes for the wrapper. */
  className?: string;
}

export interface FieldProps extends FieldBaseProps {
  /** Render the control with the given props spread on it. */
  children: (control: FieldControlProps) => ReactNode;
  /** Use a `<span>` label linked by `aria-labelledby` instead of `<label for>` (Radix controls). */
  labelId?: string;
}

/** Red asterisk for a required field: hidden from screen readers, which hear "required". */
export function RequiredMark() {
  const { t } = useTranslation('ui');
  return (
    <>
      <span aria-hidden="true" className="ml-0.5 font-bold text-red-700">
        *
      </span>
      <VisuallyHidden>({t('required')})</VisuallyHidden>
    </>
  );
}

/** The inline error beneath a field: red text with an icon and a hidden "Error:" prefix. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  const { t } = useTranslation('ui');
  return (
    <p id={id} className="mt-1 flex items-start gap-1 text-sm font-medium text-red-700">
      <DangerIcon className="mt-0.5 size-4 shrink-0" />
      <span>
        <VisuallyHidden>{`${t('error')}:`}</VisuallyHidden> {children}
      </span>
    </p>
  );
}

/**
 * A field's label with its required mark, and its hint beneath: a `<label for>` the control's id,
 * or (`labelId`, for a group or a Radix control that names itself by `aria-labelledby`) a span.
 */
export function FieldLabel({
  label,
  required,
  hint,
  hintId,
  for: htmlFor,
  labelId,
}: Pick<FieldBaseProps, 'label' | 'required' | 'hint'> & {
  hintId: string;
  for?: string;
  labelId?: string;
}) {
  return (
    <>
      <div className="font-medium text-slate-900">
        {htmlFor === undefined ? (
          <span id={labelId}>{label}</span>
        ) : (
          <label htmlFor={htmlFor}>{label}</label>
        )}
        {required && <RequiredMark />}
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
    </>
  );
}

/** Ids and aria attributes for a control with an optional hint and error. */
export function useFieldIds(
  { id, hint, error, required }: Pick<FieldBaseProps, 'id' | 'hint' | 'error' | 'required'>,
  extraDescribedBy?: string,
) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy =
    [hint ? hintId : null, extraDescribedBy ?? null, error ? errorId : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const control: FieldControlProps = {
    id: controlId,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required ? true : undefined,
  };
  return { controlId, hintId, errorId, control };
}

/**
 * A labelled form field: label with an optional required asterisk, hint, the control and an inline
 * error beneath it. The asterisk sits outside the `<label>` so the accessible name stays the plain
 * label text; `aria-required` tells screen readers that the field is required.
 */
export function Field({ label, required, hint, error, id, className, children }: FieldProps) {
  const { controlId, hintId, errorId, control } = useFieldIds({ id, hint, error, required });
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <FieldLabel label={label} required={required} hint={hint} hintId={hintId} for={controlId} />
      {children(control)}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/** Shared look of text-like controls: 40 px high, visible focus, red border when invalid. */
export const inputClasses =
  'block w-full min-h-input rounded-md border border-slate-500 bg-white px-3 text-base text-slate-900 placeholder:text-slate-600 focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 read-only:bg-slate-50 aria-invalid:border-2 aria-invalid:border-red-700';
