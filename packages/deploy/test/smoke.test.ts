import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { securityHeaders } from '@portal/site-rules/security-headers';
import { formatChecks, smokeCheck } from '../src/smoke.ts';

const SITE = 'https://portal.klinikka.example';
const API = 'https://api.klinikka.example';
const BOOT = 'document.documentElement.dataset.boot = "1";';
const hash = `sha256-${createHash('sha256').update(BOOT).digest('base64')}`;

interface FakeSite {
  pageCsp?: string;
  apiMeta?: string;
  corsOrigin?: string | null;
}

/** A deployed site as the rules want it (cross-origin), answering like fetch; parts can be broken. */
function fakeSite(site: FakeSite = {}): typeof fetch {
  const apiMeta = site.apiMeta ?? API;
  const page = (lang: string) =>
    `<!doctype html><html lang="${lang}" data-prerendered><head><meta name="portal-api" content="${apiMeta}" /><script>${BOOT}</script></head><body><div id="root"><h1>x</h1></div></body></html>`;
  const shell = `<!doctype html><html lang="fi"><head><meta name="portal-api" content="${apiMeta}" /><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;
  const headers = {
    ...securityHeaders({ apiOrigin: API }),
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
  };
  const pageCsp =
    site.pageCsp ??
    securityHeaders({ apiOrigin: API, scriptHashes: [hash] })['content-security-policy'];
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const ask = new Headers(init?.headers);
    const html = (body: string, extra: Record<string, string> = {}) =>
      new Response(body, {
        headers: {
          ...headers,
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-cache',
          ...extra,
        },
      });
    if (url.origin === API) {
      const allow: Record<string, string> =
        site.corsOrigin === null ? {} : { 'access-control-allow-origin': site.corsOrigin ?? SITE };
      if (init?.method === 'OPTIONS') return new Response(null, { status: 204, headers: allow });
      return new Response('{}', { headers: { 'content-type': 'application/json', ...allow } });
    }
    const pageHeaders = {
      'content-security-policy': pageCsp ?? '',
      vary: 'Cookie, Accept-Language',
    };
    if (url.search !== '') return html(shell);
    if (url.pathname === '/fi') return html(page('fi'), pageHeaders);
    if (url.pathname === '/sv/reservation') return html(page('sv'), pageHeaders);
    if (url.pathname === '/reservation') {
      const cookie = /i18next=(\w\w)/.exec(ask.get('cookie') ?? '')?.[1];
      const accepted = /(?:^|,)\s*(fi|sv|en)/.exec(ask.get('accept-language') ?? '')?.[1];
      return html(page(cookie ?? accepted ?? 'fi'), pageHeaders);
    }
    if (url.pathname === '/assets/index-abc.js') {
      return new Response('x', {
        headers: {
          ...headers,
          'cache-control': 'public, max-age=31536000, immutable',
          'content-encoding': 'br',
        },
      });
    }
    if (/\.\w+$/.test(url.pathname)) return new Response('Not found', { status: 404 });
    return html(shell);
  };
}

describe('the smoke check of a deployed web origin', () => {
  test('a site served by the rules passes every check', async () => {
    const checks = await smokeCheck({ url: SITE, fetch: fakeSite() });
    expect(checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`)).toEqual([]);
    expect(checks).toHaveLength(7);
    expect(formatChecks(SITE, checks)).toContain('All 7 checks passed.');
  });

  test('a CSP that does not allow the page’s inline script fails, saying which hash', async () => {
    const pageCsp = securityHeaders({ apiOrigin: API })['content-security-policy'];
    const checks = await smokeCheck({ url: SITE, fetch: fakeSite({ pageCsp }) });
    const failed = checks.filter((c) => !c.ok);
    expect(failed.map((c) => c.name)).toEqual([expect.stringMatching(/^\/fi is the prerendered/)]);
    expect(failed[0]?.detail).toContain(`script-src lacks '${hash}'`);
    expect(formatChecks(SITE, checks)).toContain('1 of 7 checks failed.');
  });

  test('an API that does not allow the site’s origin fails, naming WEB_ORIGINS', async () => {
    const checks = await smokeCheck({ url: SITE, fetch: fakeSite({ corsOrigin: null }) });
    const failed = checks.filter((c) => !c.ok);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.detail).toContain('WEB_ORIGINS');
  });
});
