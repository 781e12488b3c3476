/**
 * Where the API is for this deployment: `<meta name="portal-api" content="…">`, written at deploy
 * time into every page of one build (`pnpm deploy:nginx --api URL`, docs/decisions/026). Empty or
 * missing, the app calls its own origin (a same-origin deployment, the dev server, mock mode).
 */
export const API_META_NAME = 'portal-api';

/**
 * The API base the page names: an http(s) origin, with a path prefix if it has one, without a
 * trailing slash; '' for this page's own origin. A value that is no such URL is a deployment
 * error: it is reported on the console and the page's own origin is used.
 */
export function readApiBase(doc: Document = document): string {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${API_META_NAME}"]`)?.content;
  return parseApiBase(content ?? '');
}

/** See `readApiBase`: the value of the meta tag as a base URL, or '' (same origin). */
export function parseApiBase(content: string): string {
  const value = content.trim();
  if (value === '') return '';
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    console.error(`<meta name="${API_META_NAME}"> is not an http(s) URL: "${value}"`);
    return '';
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * A root-relative URL from the API (`/images/employees/3.svg`) as served by the API at `base`;
 * absolute URLs and data or blob URLs stay as they are.
 */
export function resolveApiUrl(base: string, url: string): string {
  return base !== '' && url.startsWith('/') && !url.startsWith('//') ? `${base}${url}` : url;
}
