/** The interface languages; the language is the optional first path segment (spec §2). */
export const LANGUAGES = ['fi', 'sv', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * A pathname without query, hash and trailing slashes; an empty path is `/`.
 * `/fi/reservation/` → `/fi/reservation`.
 */
export function normalizePath(path: string): string {
  const [pathname = ''] = path.split(/[?#]/, 1);
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Splits the optional language prefix off a path: `/sv/login` → `{ language: 'sv', rest: '/login' }`,
 * `/fi` → `{ language: 'fi', rest: '/' }`, `/login` → `{ language: null, rest: '/login' }`.
 */
export function splitLanguagePrefix(path: string): { language: Language | null; rest: string } {
  const normalized = normalizePath(path);
  const match = /^\/([^/]+)(\/.*)?$/.exec(normalized);
  const first = match?.[1];
  if (first !== undefined && isLanguage(first)) {
    return { language: first, rest: match?.[2] ?? '/' };
  }
  return { language: null, rest: normalized };
}

/**
 * The reservation page (spec §4, §8 name `/reservation` and its language forms): the wizard shows
 * each step at `/reservation/<step>`, and every step is the same page. `/reservations` (the list)
 * is not.
 */
export function isReservationPage(path: string): boolean {
  const { rest } = splitLanguagePrefix(path);
  return rest === '/reservation' || rest.startsWith('/reservation/');
}
