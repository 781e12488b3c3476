import { isApiError } from '@portal/sdk';

/**
 * The server's field errors (a 400's `Errors` list, spec §5) for the named fields of a form, by
 * field, and the first of those fields that has one (to move the focus there). Fields the form
 * does not show are left out: the form then shows its general failure instead.
 */
export function serverFieldErrors<Name extends string>(
  error: unknown,
  names: readonly Name[],
): { errors: Partial<Record<Name, string>>; first: Name | undefined } {
  const errors: Partial<Record<Name, string>> = {};
  if (isApiError(error)) {
    for (const name of names) {
      const message = error.fieldError(name);
      if (message !== undefined) errors[name] = message;
    }
  }
  return { errors, first: names.find((name) => errors[name] !== undefined) };
}
