import { createHash } from 'node:crypto';
import { securityHeaders } from '@portal/site-rules/security-headers';

/** One check of a deployed web origin: what it looked at and, when it failed, why. */
export interface SmokeCheck {
  name: string;
  ok: boolean;
  detail?: string;
}

export interface SmokeOptions {
  /** The deployed web origin (`https://portal.example`). */
  url: string;
  fetch?: typeof globalThis.fetch;
}

class Failed extends Error {}

function must(condition: unknown, detail: string): asserts condition {
  if (!condition) throw new Failed(detail);
}

const langOf = (html: string) => /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
const apiMetaOf = (html: string) => /<meta name="portal-api" content="([^"]*)"/.exec(html)?.[1];

/** The hashes of a page's inline scripts, as a Content-Security-Policy names them. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

function directive(csp: string, name: string): string[] {
  const found = csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name);
  return found ? found.slice(1) : [];
}

/**
 * Checks a deployed web origin the way the portal needs it served (docs/decisions/012 and 026):
 * the prerendered pages and their language negotiation, the shell, 404s, caching, compression,
 * the security headers and each page's CSP against its own inline scripts, and the API the pages
 * name (proxied on this origin, or another origin that answers CORS for this one). Read-only:
 * it only sends GET, HEAD and OPTIONS.
 */
export async function smokeCheck(options: SmokeOptions): Promise<SmokeCheck[]> {
  const origin = new URL(options.url).origin;
  const http = options.fetch ?? globalThis.fetch;
  const get = (path: string, headers: Record<string, string> = {}) =>
    http(new URL(path, origin), { headers, redirect: 'manual' });
  const checks: SmokeCheck[] = [];
  const check = async (name: string, run: () => Promise<void>) => {
    try {
      await run();
      checks.push({ name, ok: true });
    } catch (error) {
      const detail = error instanceof Failed ? error.message : String(error);
      checks.push({ name, ok: false, detail });
    }
  };
  const expected = securityHeaders();
  let apiBase: string | undefined;

  await check(
    '/fi is the prerendered Finnish page, with its CSP allowing its inline scripts',
    async () => {
      const response = await get('/fi');
      must(response.status === 200, `status ${response.status}`);
      must(response.headers.get('content-type')?.startsWith('text/html'), 'not text/html');
      const page = await response.text();
      // Read first: the API's check needs it whatever fails here.
      apiBase = apiMetaOf(page);
      must(langOf(page) === 'fi', `<html lang="${langOf(page)}">`);
      must(page.includes('data-prerendered'), 'not a prerendered page (data-prerendered)');
      const csp = response.headers.get('content-security-policy') ?? '';
      const scripts = directive(csp, 'script-src');
      must(!scripts.includes("'unsafe-inline'"), "script-src allows 'unsafe-inline'");
      for (const hash of inlineScriptHashes(page)) {
        must(
          scripts.includes(hash),
          `script-src lacks ${hash} (an inline script would be blocked)`,
        );
      }
      must(response.headers.get('cache-control') === 'no-cache', 'cache-control is not no-cache');
      must(apiBase !== undefined, 'no <meta name="portal-api"> (a build from before deployment?)');
    },
  );

  await check('every security header the dev server sends', async () => {
    const response = await get('/en/reservations');
    const missing = Object.entries(expected)
      .filter(([name]) => name !== 'content-security-policy')
      .filter(([name, value]) => response.headers.get(name) !== value)
      .map(([name, value]) => `${name}: ${response.headers.get(name) ?? '(none)'}, not ${value}`);
    must(missing.length === 0, missing.join('; '));
    if (origin.startsWith('https:')) {
      must(response.headers.get('strict-transport-security'), 'no strict-transport-security');
    }
  });

  await check('/sv/reservation is the Swedish page', async () => {
    const response = await get('/sv/reservation');
    must(response.status === 200, `status ${response.status}`);
    must(langOf(await response.text()) === 'sv', 'not lang="sv"');
  });

  await check(
    '/reservation follows the i18next cookie, then Accept-Language, then Finnish',
    async () => {
      const cases: [Record<string, string>, string][] = [
        [{ 'accept-language': 'de-DE,sv;q=0.8,en;q=0.5' }, 'sv'],
        [{ 'accept-language': 'sv', cookie: 'i18next=en' }, 'en'],
        [{ 'accept-language': 'de-DE' }, 'fi'],
      ];
      for (const [headers, language] of cases) {
        const response = await get('/reservation', headers);
        const got = langOf(await response.text());
        must(
          got === language,
          `${JSON.stringify(headers)} answered lang="${got}", not ${language}`,
        );
        must(
          /accept-language/i.test(response.headers.get('vary') ?? ''),
          'no Vary: Accept-Language',
        );
      }
    },
  );

  await check('a query or an app route answers the shell; a missing file a 404', async () => {
    for (const path of ['/fi/reservation?customerType=private', '/en/reservations']) {
      const response = await get(path);
      const html = await response.text();
      must(response.status === 200, `${path}: status ${response.status}`);
      must(html.includes('<div id="root"></div>'), `${path}: not the app's shell`);
    }
    for (const path of ['/assets/smoke-check-missing.js', '/smoke-check-missing.png']) {
      const status = (await get(path)).status;
      must(status === 404, `${path}: status ${status}, not 404`);
    }
  });

  await check('hashed assets are immutable and come precompressed', async () => {
    const shell = await (await get('/en/reservations')).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(shell)?.[1];
    must(asset, 'the shell names no /assets/ script');
    const response = await get(asset, { 'accept-encoding': 'br, gzip' });
    must(response.status === 200, `${asset}: status ${response.status}`);
    const cache = response.headers.get('cache-control') ?? '';
    must(/immutable/.test(cache) && /max-age=31536000/.test(cache), `cache-control: ${cache}`);
    const encoding = response.headers.get('content-encoding');
    must(encoding === 'br' || encoding === 'gzip', `content-encoding: ${encoding ?? '(none)'}`);
  });

  await check('the API the pages name answers them', async () => {
    must(apiBase !== undefined, 'unknown: /fi failed');
    if (apiBase === '') {
      const response = await get('/api/config', { 'x-requested-with': 'XMLHttpRequest' });
      must(response.status === 200, `/api/config on this origin: status ${response.status}`);
      must(response.headers.get('content-type')?.includes('json'), '/api/config is not JSON');
      return;
    }
    const api = new URL(apiBase).origin;
    const csp = (await get('/fi')).headers.get('content-security-policy') ?? '';
    must(directive(csp, 'connect-src').includes(api), `connect-src does not allow ${api}`);
    const preflight = await http(new URL('/api/config', api), {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'accept-language,authorization,x-requested-with',
      },
    });
    must(
      preflight.headers.get('access-control-allow-origin') === origin,
      `${api} does not allow ${origin} (CORS preflight; the dev server: WEB_ORIGINS)`,
    );
    const response = await http(new URL('/api/config', api), {
      headers: { origin, 'x-requested-with': 'XMLHttpRequest' },
    });
    must(response.status === 200, `${api}/api/config: status ${response.status}`);
    must(response.headers.get('access-control-allow-origin') === origin, 'no CORS on the answer');
  });
  return checks;
}

/** The checks as lines for a terminal. */
export function formatChecks(url: string, checks: readonly SmokeCheck[]): string {
  const failed = checks.filter((c) => !c.ok).length;
  return [
    `Smoke check of ${url}:`,
    ...checks.map((c) => `  ${c.ok ? '✓' : '✗'} ${c.name}${c.detail ? `\n      ${c.detail}` : ''}`),
    failed === 0
      ? `All ${checks.length} checks passed.`
      : `${failed} of ${checks.length} checks failed.`,
  ].join('\n');
}
