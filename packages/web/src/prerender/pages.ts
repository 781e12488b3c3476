import { LANGUAGES, type Language } from '../shared/language.ts';

/**
 * The public pages prerendered at build time (issue 15, spec §2): each in fi, sv and en under its
 * prefix, and once per language without one (the server picks which, docs/decisions/012).
 * `description` is the key of its `<meta name="description">` in the `app` namespace.
 */
export const PRERENDERED_PAGES = [
  { path: '/', description: 'meta.home' },
  { path: '/reservation', description: 'meta.reservation' },
  { path: '/login', description: 'meta.login' },
  { path: '/about', description: 'meta.about' },
  { path: '/service-voucher', description: 'meta.serviceVoucher' },
  { path: '/change-reservation', description: 'meta.reservationChange' },
  { path: '/terms', description: 'meta.terms' },
  { path: '/maintenance', description: 'meta.maintenance' },
  { path: '/app', description: 'meta.appOpen' },
] as const;

export interface PrerenderTarget {
  /** The URL path the page answers (`/sv/reservation`, `/login`). */
  url: string;
  /** The route path without language prefix. */
  path: string;
  language: Language;
  /** Whether the URL carries the language prefix. */
  prefixed: boolean;
  description: string;
  /** Where the page is written under dist/pages. */
  file: string;
}

function prefixed(path: string, language: Language): string {
  return path === '/' ? `/${language}` : `/${language}${path}`;
}

/** Every page to write: 9 pages × 3 languages × (prefixed, unprefixed). */
export function prerenderTargets(): PrerenderTarget[] {
  return PRERENDERED_PAGES.flatMap((page) =>
    LANGUAGES.flatMap((language) =>
      [true, false].map((withPrefix) => {
        const url = withPrefix ? prefixed(page.path, language) : page.path;
        const name = page.path === '/' ? 'index' : page.path.slice(1);
        return {
          url,
          path: page.path,
          language,
          prefixed: withPrefix,
          description: page.description,
          file: `${withPrefix ? language : `unprefixed/${language}`}/${name}.html`,
        };
      }),
    ),
  );
}
