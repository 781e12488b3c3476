/** Where to go after a login (sessionStorage), so that a login returns to the page that required it. */
export const RETURN_TO_KEY = 'returnTo';

/** Only same-origin app paths: one leading slash, no `//`, no backslash, no scheme. */
export function isSafeReturnPath(value: string | null | undefined): value is string {
  return (
    typeof value === 'string' &&
    /^\/([^/\\\s][^\\\s]*)?$/.test(value) &&
    !/^\/(login)(\/|\?|$)/.test(value.replace(/^\/(fi|sv|en)(?=\/|$)/, '') || '/')
  );
}

export function rememberReturnPath(path: string): void {
  if (isSafeReturnPath(path)) sessionStorage.setItem(RETURN_TO_KEY, path);
}

/** The remembered path, if any, left in place (the login page says where it leads). */
export function peekReturnPath(): string | null {
  if (typeof sessionStorage === 'undefined') return null;
  const stored = sessionStorage.getItem(RETURN_TO_KEY);
  return isSafeReturnPath(stored) ? stored : null;
}

/** The remembered path (or `fallback`), forgotten once read. */
export function takeReturnPath(fallback: string, query?: string | null): string {
  const stored = sessionStorage.getItem(RETURN_TO_KEY);
  sessionStorage.removeItem(RETURN_TO_KEY);
  if (isSafeReturnPath(query)) return query;
  if (isSafeReturnPath(stored)) return stored;
  return fallback;
}
