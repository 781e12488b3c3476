import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { languageOf } from '../core/messages.ts';

type Language = 'fi' | 'sv' | 'en';

/** dist/pages/manifest.json, written by packages/web/scripts/prerender.ts. */
interface Manifest {
  scriptHashes: string[];
  pages: { url: string; language: Language; prefixed: boolean; file: string }[];
}

export interface PrerenderedPages {
  /** The hashes of the pages' inline script, for their Content-Security-Policy. */
  scriptHashes: readonly string[];
  /** The file (relative to the web root) that answers a page request, or null for the SPA shell. */
  pick: (request: {
    path: string;
    query: string;
    cookie?: string;
    acceptLanguage?: string;
  }) => string | null;
  /**
   * The page in `file` as sent: in dev mode marked `data-dev-mode`, so that it starts its app at
   * once (the QA toolbar shows) instead of waiting for the visitor (docs/decisions/015), and
   * `data-dev-now` (devNow: the dev clock), so that its first render reads the dev clock.
   */
  html: (file: string, options: { devMode: boolean; devNow?: string }) => Promise<string>;
}

const LANGUAGE_COOKIE = /(?:^|;\s*)i18next=([a-z]{2})/;

/**
 * A page in dev mode: `<html data-dev-mode data-dev-now="…">`. The web app reads the dev clock
 * there before it renders anything (its answers then carry it as `x-dev-now`).
 */
export function markDevMode(html: string, devNow?: string): string {
  const now = devNow === undefined ? '' : ` data-dev-now="${devNow}"`;
  return html.replace(/<html(\s|>)/, `<html data-dev-mode${now}$1`);
}

/**
 * The prerendered public pages of a built web app, if it has them. A prefixed URL (`/sv/login`)
 * gets its language's page; an unprefixed one the language the browser would detect as far as a
 * server can see it: the language cookie, then Accept-Language, then Finnish (spec §9 order,
 * docs/decisions/012). A URL with a query gets the SPA shell: the prerendered page is the page
 * without one (the booking wizard reads `?customerType=`, login its return path).
 */
export function loadPrerenderedPages(webRoot: string): PrerenderedPages | null {
  const file = join(webRoot, 'pages', 'manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const prefixed = new Map<string, string>();
  const unprefixed = new Map<string, string>();
  for (const page of manifest.pages) {
    if (page.prefixed) prefixed.set(page.url, page.file);
    else unprefixed.set(`${page.language}|${page.url}`, page.file);
  }
  return {
    scriptHashes: manifest.scriptHashes,
    // Read on every request: a new build under a running server changes the assets it names.
    html: async (file, { devMode, devNow }) => {
      const html = await readFile(join(webRoot, file), 'utf8');
      return devMode ? markDevMode(html, devNow) : html;
    },
    pick: ({ path, query, cookie, acceptLanguage }) => {
      if (query !== '') return null;
      const url = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
      const exact = prefixed.get(url);
      if (exact !== undefined) return exact;
      const stored = LANGUAGE_COOKIE.exec(cookie ?? '')?.[1];
      const language =
        stored === 'fi' || stored === 'sv' || stored === 'en' ? stored : languageOf(acceptLanguage);
      return unprefixed.get(`${language}|${url}`) ?? null;
    },
  };
}
