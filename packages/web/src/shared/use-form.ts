import { isApiError } from '@portal/sdk';
import { useState, type FormEvent } from 'react';
import type { ErrorSummaryItem } from '../ui/index.ts';

/** A message per refused field of a form, by the form's own key for the field. */
export type FieldErrors<Key extends string> = Partial<Record<Key, string>>;

/** A field as the error summary names it: the form's key, its control's id and its label. */
export interface FormField<Key extends string> {
  key: Key;
  /** The id of the field's control: the summary's link leads there. */
  id: string;
  label: string;
}

export interface FormOptions<Draft, Key extends string> {
  /** What the form starts with (a function: computed once). */
  initial: Draft | (() => Draft);
  /** The form's own checks before anything is sent: a (translated) message per refused field. */
  validate?: (draft: Draft) => FieldErrors<Key>;
  /** The form's key for a field the server names in a 400's errors; null: not one of its fields. */
  fieldOf: (serverField: string) => Key | null;
  /** A changed field loses its message at once (the others keep theirs until the next submit). */
  forgetErrorOnChange?: boolean;
  /**
   * Once a submit was refused, the form's own checks follow every change, until a save succeeds
   * (the health form: an answer given loses its message at once, a cleared one gets it back).
   */
  liveChecks?: boolean;
}

export interface SubmitOptions<Draft> {
  /** A check of no field besides `validate` (an image still refused): false refuses the submit. */
  ready?: (draft: Draft) => boolean;
  /**
   * A failure that is not a field's: by default `describe` words it for the summary, which takes
   * the focus; `onFailure` instead leaves it to the form (a notice of its own).
   */
  describe?: (error: unknown) => string;
  onFailure?: (error: unknown) => void;
}

/** The server's field errors of a refused save, under the form's keys. */
export function serverFieldErrorsOf<Key extends string>(
  error: unknown,
  fieldOf: (serverField: string) => Key | null,
): FieldErrors<Key> {
  const errors: FieldErrors<Key> = {};
  if (!isApiError(error)) return errors;
  for (const { field, errorMessage } of error.fieldErrors) {
    const key = fieldOf(field);
    if (key !== null && errors[key] === undefined) errors[key] = errorMessage;
  }
  return errors;
}

/**
 * A form's state as every form of the portal keeps it (GOV.UK's pattern, spec §5): the draft, a
 * message per refused field (its own checks first, then the server's), a failure of no field, and
 * the number of refused submits, which the error summary follows with the focus (`focusKey`).
 * What was typed is kept whatever happens.
 */
export function useForm<Draft extends object, Key extends string>(
  options: FormOptions<Draft, Key>,
) {
  const [draft, setDraft] = useState<Draft>(options.initial);
  // With liveChecks, only the server's messages are kept here; the form's own are computed.
  const [kept, setErrors] = useState<FieldErrors<Key>>({});
  // A submit was tried and no save has succeeded since.
  const [checked, setChecked] = useState(false);
  const errors: FieldErrors<Key> =
    options.liveChecks && checked ? { ...kept, ...options.validate?.(draft) } : kept;
  const [failure, setFailure] = useState<string | null>(null);
  const [refusals, setRefusals] = useState(0);
  const refuse = () => setRefusals((count) => count + 1);

  /** Changes fields of the draft (and, with `forgetErrorOnChange`, forgets their messages). */
  const change = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    if (options.forgetErrorOnChange) {
      setErrors(
        (current) =>
          Object.fromEntries(
            Object.entries(current).filter(([field]) => !(field in patch)),
          ) as FieldErrors<Key>,
      );
    }
  };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    change({ [key]: value } as unknown as Partial<Draft>);
  };

  /**
   * Submits the form (call it from its onSubmit): the form's own checks (a refusal: messages at the fields, the
   * focus to the summary), then `save`; a 400's errors of the form's fields land at them, any
   * other failure is the form's failure.
   */
  const submit = async (
    event: FormEvent<HTMLFormElement>,
    save: (draft: Draft) => Promise<void>,
    submitOptions: SubmitOptions<Draft> = {},
  ): Promise<void> => {
    event.preventDefault();
    setFailure(null);
    setChecked(true);
    const found = options.validate?.(draft) ?? {};
    setErrors(options.liveChecks ? {} : found);
    if (Object.keys(found).length > 0 || submitOptions.ready?.(draft) === false) {
      refuse();
      return;
    }
    try {
      await save(draft);
      setChecked(false);
    } catch (error) {
      const fields = serverFieldErrorsOf(error, options.fieldOf);
      setErrors(fields);
      if (Object.keys(fields).length > 0) {
        refuse();
      } else if (submitOptions.onFailure) {
        submitOptions.onFailure(error);
      } else {
        setFailure(submitOptions.describe?.(error) ?? '');
        refuse();
      }
    }
  };

  /** The summary's items: the refused fields, in the order given (the form's). */
  const summary = (fields: readonly FormField<Key>[]): ErrorSummaryItem[] =>
    fields.flatMap(({ key, id, label }) => {
      const message = errors[key];
      return message === undefined ? [] : [{ target: id, label, message }];
    });

  return {
    draft,
    checked,
    setDraft,
    change,
    set,
    errors,
    failure,
    setFailure,
    refusals,
    refuse,
    submit,
    summary,
  };
}
