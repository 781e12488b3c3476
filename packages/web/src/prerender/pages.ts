import { LANGUAGES, type Language } from '../shared/language.ts';
import type { PageStart } from './boot-script.ts';

/**
 * The public pages prerendered at build time (issue 15, spec §2): each in fi, sv and en under its
 * prefix, and once per language without one (the server picks which, docs/decisions/012).
 * `description` is the key of its `<meta name="description">` in the `app` namespace. `start`
 * says when its app starts (boot-script.ts): `intent` for a page that needs no data, complete as
 * HTML; `paint` for one that shows a loading state until its data comes (the booking start's
 * customer types, the login's banks, the terms and maintenance texts, the change window of
 * GET /api/config). The build refuses an `intent` page that renders a loading state.
 */
export const PRERENDERED_PAGES: readonly {
  path: string;
  description: string;
  start: PageStart;
}[] = [
  { path: '/', description: 'meta.home', start: 'intent' },
  { path: '/reservation', description: 'meta.reservation', start: 'paint' },
  { path: '/login', description: 'meta.login', start: 'paint' },
  { path: '/about', description: 'meta.about', start: 'intent' },
  { path: '/service-voucher', description: 'meta.serviceVoucher', start: 'intent' },
  { path: '/change-reservation', description: 'meta.reservationChange', start: 'paint' },
  { path: '/terms', description: 'meta.terms', start: 'paint' },
  { path: '/maintenance', description: 'meta.maintenance', start: 'paint' },
  { path: '/app', description: 'meta.appOpen', start: 'intent' },
];

export interface PrerenderTarget {
  /** The URL path the page answers (`/sv/reservation`, `/login`). */
  url: string;
  /** The route path without language prefix. */
  path: string;
  language: Language;
  /** Whether the URL carries the language prefix. */
  prefixed: boolean;
  description: string;
  start: PageStart;
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
          start: page.start,
          file: `${withPrefix ? language : `unprefixed/${language}`}/${name}.html`,
        };
      }),
    ),
  );
}
