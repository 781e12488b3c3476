import { useLocation, useSearch } from 'wouter';
import { switchLanguagePath, type Language } from './language.ts';

/**
 * Links to this page in another language (spec §2: only the prefix changes, the query stays), for
 * wouter's `Link`: `~` leaves the language router for the absolute path.
 */
export function useLanguageHref(): (language: Language) => string {
  // The path inside the language router (no prefix): the same on a prerendered page and in the browser.
  const [pathname] = useLocation();
  const search = useSearch();
  return (language) => `~${switchLanguagePath(pathname, language)}${search ? `?${search}` : ''}`;
}
