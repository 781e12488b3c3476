import { splitLanguagePrefix } from '../shared/paths.ts';

/**
 * Paths where a 401 does not send the user to /login (spec §8). The spec lists them without a
 * language prefix; routes are served with and without one (spec §2), so `/fi/reservation`,
 * `/sv/login`, `/en` (the front page in English)… count as the same pages.
 */
export const PUBLIC_PATHS = ['/', '/reservation', '/login', '/maintenance'] as const;

export function isPublicPath(path: string): boolean {
  const { rest } = splitLanguagePrefix(path);
  return (PUBLIC_PATHS as readonly string[]).includes(rest);
}
