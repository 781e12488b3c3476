import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { securityHeaders, STRICT_TRANSPORT_SECURITY } from '@portal/site-rules/security-headers';

export type Language = 'fi' | 'sv' | 'en';

/** A prerendered page: which URL (in which language, when unprefixed) the file answers. */
export interface PageRule {
  url: string;
  language: Language;
  prefixed: boolean;
  /** Relative to the web root. */
  file: string;
}

/** dist/pages/manifest.json, written by the web build (packages/web/scripts/prerender.ts). */
interface PageManifest {
  scriptHashes: string[];
  pages: PageRule[];
}

/**
 * Everything a web server or CDN must do to serve the portal as the dev server does
 * (docs/decisions/012 and 026), derived from one build: `nginx.ts` writes it as nginx's
 * configuration, `describeRules` as the list for a CDN.
 */
export interface SiteRules {
  /** The API: its base URL, and whether this origin proxies the API's paths to it. */
  api: { url: string; sameOrigin: boolean; proxiedPaths: readonly string[] };
  /** Headers of every answer that is not a prerendered page (the shell, assets). */
  headers: Record<string, string>;
  /** Headers of a prerendered page: its Content-Security-Policy allows its inline scripts. */
  pageHeaders: Record<string, string>;
  /** Sent over HTTPS only (a browser ignores it over HTTP). */
  strictTransportSecurity: string;
  pages: readonly PageRule[];
  /** The SPA shell: every other route of the app (a path without a file extension). */
  shell: string;
  /** Served for a year as immutable: the build's hashed file names never change content. */
  immutablePrefix: string;
  /** Revalidated on every use: pages, the shell and unhashed files. */
  revalidate: string;
  immutable: string;
  /** Files of the build that are never served outside dev mode (the app's source, MSW). */
  devOnlyFiles: RegExp;
  /** The language cookie that an unprefixed URL follows first (then Accept-Language, then fi). */
  languageCookie: string;
  languages: readonly Language[];
  defaultLanguage: Language;
}

/**
 * The paths the web app reaches on the API's host: the contract's calls, the images the API hands
 * out (`/images/employees/…`), the dev mode's pages (the stand-in bank-ID broker) and the docs.
 * With `--same-origin` the web server proxies exactly these (the Vite dev server does the same).
 */
export const API_PATHS = ['/api/', '/images/', '/dev/', '/docs'] as const;

/** The build's files that only dev mode serves (the dev server's `DEV_ONLY_ASSET`). */
export const DEV_ONLY_FILES = /\.map$|(^|\/)mockServiceWorker\.js$/;

/** The web build's page manifest, or an error that says what to run first. */
export function readPageManifest(webRoot: string): PageManifest {
  const file = join(webRoot, 'pages', 'manifest.json');
  if (!existsSync(join(webRoot, 'index.html')) || !existsSync(file)) {
    throw new Error(
      `${webRoot} holds no built web app with prerendered pages: run pnpm --filter @portal/web build`,
    );
  }
  return JSON.parse(readFileSync(file, 'utf8')) as PageManifest;
}

/** The API option as a URL: http(s), no query; its origin is what the pages may call. */
export function parseApiUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`--api is not a URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`--api must be http or https: ${value}`);
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`--api is the API's origin, without a path, query or fragment: ${value}`);
  }
  return url;
}

/** The rules for one build and one API: cross-origin unless `sameOrigin`. */
export function siteRules(
  manifest: PageManifest,
  options: { api: string; sameOrigin: boolean },
): SiteRules {
  const api = parseApiUrl(options.api);
  // Same origin: the pages call this origin (proxied), exactly as under the dev server.
  const apiOrigin = options.sameOrigin ? undefined : api.origin;
  return {
    api: {
      url: api.href.replace(/\/+$/, ''),
      sameOrigin: options.sameOrigin,
      proxiedPaths: options.sameOrigin ? API_PATHS : [],
    },
    headers: securityHeaders({ apiOrigin }),
    pageHeaders: {
      ...securityHeaders({ apiOrigin, scriptHashes: manifest.scriptHashes }),
      vary: 'Cookie, Accept-Language',
    },
    strictTransportSecurity: STRICT_TRANSPORT_SECURITY,
    pages: manifest.pages,
    shell: 'index.html',
    immutablePrefix: '/assets/',
    immutable: 'public, max-age=31536000, immutable',
    revalidate: 'no-cache',
    devOnlyFiles: DEV_ONLY_FILES,
    languageCookie: 'i18next',
    languages: ['fi', 'sv', 'en'],
    defaultLanguage: 'fi',
  };
}
