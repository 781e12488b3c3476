import type { Language } from '../shared/paths.ts';
import { isLanguage, isReservationPage, normalizePath } from '../shared/paths.ts';

/** Spec §4 Profile save: after the redirect or a skip, these paths are returned to as they are. */
export const PROFILE_RETURN_PATHS = [
  '/',
  '/reservation',
  '/fi/reservation',
  '/en/reservation',
  '/sv/reservation',
  '/login',
  '/maintenance',
] as const;

export interface CurrentLocation {
  /** `location.pathname`. */
  pathname: string;
  /** `location.search`, with or without its `?`; '' when none. */
  search: string;
  /** The current interface language. */
  language: Language;
}

function withQuery(path: string, search: string): string {
  if (search === '' || search === '?') return path;
  return search.startsWith('?') ? `${path}${search}` : `${path}?${search}`;
}

/**
 * Where the profile dialog sends the user after its redirect or skip (spec §4 Profile save):
 * - one of PROFILE_RETURN_PATHS (a trailing slash ignored) → that path plus its query;
 * - a step of the booking wizard (`/fi/reservation/confirm`, the same reservation page) → that
 *   step plus its query: the wizard keeps its choices;
 * - the front page in a language (`/fi`, `/sv`, `/en`: the index route, i.e. the reservation
 *   start page, with a language prefix) → the reservation page in the current language,
 *   `/{language}/reservation` (the spec's "or else to the reservation page in the current
 *   language");
 * - any other path → /login.
 */
export function profileRedirectTarget(location: CurrentLocation): string {
  const path = normalizePath(location.pathname);
  if ((PROFILE_RETURN_PATHS as readonly string[]).includes(path) || isReservationPage(path)) {
    return withQuery(path, location.search);
  }
  if (isLanguage(path.slice(1))) return `/${location.language}/reservation`;
  return '/login';
}
