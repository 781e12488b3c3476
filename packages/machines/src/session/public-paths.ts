import { isReservationPage, splitLanguagePrefix } from '../shared/paths.ts';

/**
 * Paths where a 401 does not send the user to /login (spec §8). The spec lists them without a
 * language prefix; routes are served with and without one (spec §2), so `/fi/reservation`,
 * `/sv/login`, `/en` (the front page in English)… count as the same pages, and so does every step
 * of the booking wizard (`/fi/reservation/confirm`): a token that expires at the final booking
 * call leaves the patient on the booking page, which asks them to log in with the choices kept.
 */
export const PUBLIC_PATHS = ['/', '/reservation', '/login', '/maintenance'] as const;

export function isPublicPath(path: string): boolean {
  const { rest } = splitLanguagePrefix(path);
  return (PUBLIC_PATHS as readonly string[]).includes(rest) || isReservationPage(path);
}
