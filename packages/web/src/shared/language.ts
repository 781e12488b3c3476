import { useTranslation } from 'react-i18next';

/** The interface languages; the optional first path segment (spec §2). */
export const LANGUAGES = ['fi', 'sv', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The header toggle offers only these two (spec §1). */
export const HEADER_LANGUAGES = ['fi', 'en'] as const satisfies readonly Language[];
export const DEFAULT_LANGUAGE: Language = 'fi';
/** The cookie that keeps the chosen language for the server (docs/decisions/012). */
export const LANGUAGE_COOKIE = 'i18next';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A supported language from any i18next code (`en-US` → `en`), the default otherwise. */
export function toLanguage(code: string | undefined): Language {
  const short = code?.slice(0, 2).toLowerCase();
  return isLanguage(short) ? short : DEFAULT_LANGUAGE;
}

/**
 * Splits the optional language prefix off a pathname: `/sv/login` → `{ language: 'sv', rest: '/login' }`,
 * `/fi` → `{ language: 'fi', rest: '/' }`, `/login` → `{ language: null, rest: '/login' }`.
 */
export function splitLanguagePrefix(pathname: string): { language: Language | null; rest: string } {
  const match = /^\/([^/?#]+)(\/[^?#]*)?/.exec(pathname);
  const first = match?.[1];
  if (first !== undefined && isLanguage(first)) {
    return { language: first, rest: match?.[2] || '/' };
  }
  return { language: null, rest: pathname === '' ? '/' : pathname };
}

/** The same page in another language: only the prefix changes (spec §2). */
export function switchLanguagePath(pathname: string, language: Language): string {
  const { rest } = splitLanguagePrefix(pathname);
  return rest === '/' ? `/${language}` : `/${language}${rest}`;
}

/** An app path with the current prefix kept, for absolute navigation outside the router. */
export function withLanguagePrefix(path: string, pathname: string): string {
  const { language } = splitLanguagePrefix(pathname);
  if (language === null) return path;
  return path === '/' ? `/${language}` : `/${language}${path}`;
}

/** The current interface language. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}
