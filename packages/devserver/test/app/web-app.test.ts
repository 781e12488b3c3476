import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';
import { createSeededState } from '../../src/core/seed.ts';
import { appPerTest } from './app-per-test.ts';

const { start } = appPerTest();

describe('serving the web app', () => {
  test('every page carries security headers and a strict Content-Security-Policy', async () => {
    const server = await start();
    for (const url of ['/docs/', '/api/branches', '/dev/bank-broker?state=x']) {
      const response = await server.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      // Scripts from this origin at most (the broker page allows none at all), never inline.
      expect(csp, url).toMatch(/script-src 'self'|default-src 'none'/);
      expect(csp, url).not.toMatch(/(script-src|default-src)[^;]*unsafe-(inline|eval)/);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['referrer-policy'], url).toMatch(
        /^(strict-origin-when-cross-origin|no-referrer)$/,
      );
      expect(response.headers['permissions-policy'], url).toMatch(/(^|, )geolocation=\(self\)/);
      expect(response.headers['permissions-policy'], url).toContain('camera=()');
      // Plain HTTP: no HSTS (a browser would ignore it anyway).
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  test('over HTTPS (a trusted TLS proxy in front) every answer asks for HTTPS from now on', async () => {
    const server = await start({ trustProxy: true });
    const response = await server.inject({
      method: 'GET',
      url: '/api/branches',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  test('forwarded headers are believed only behind a proxy the server is told of', async () => {
    const startBank = (server: FastifyInstance) =>
      server.inject({
        method: 'POST',
        url: '/api/auth/bank',
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          host: '127.0.0.1:3000',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
        },
        payload: { bankId: 2, returnPath: '/fi/reservation' },
      });
    const direct = await start();
    const plain = await startBank(direct);
    expect(plain.statusCode).toBe(200);
    expect(new URL(plain.json().redirectUrl as string).origin).toBe('http://127.0.0.1:3000');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    await direct.close();
    const proxied = await start({ trustProxy: true });
    const behind = await startBank(proxied);
    expect(new URL(behind.json().redirectUrl as string).origin).toBe('https://evil.example');
  });

  test('personal answers are never stored by a browser or proxy; public ones may be', async () => {
    const server = await start();
    const session = await server.inject({
      method: 'POST',
      url: '/api/dev/session',
      payload: { user: 'patient' },
    });
    // The answer that hands out a token, like every write's answer.
    expect(session.statusCode).toBe(200);
    expect(session.headers['cache-control']).toBe('no-store');
    const authorization = `Bearer ${session.json().access_token as string}`;
    for (const url of ['/api/me', '/api/anamnesis', '/api/reservations?group=future']) {
      const response = await server.inject({ method: 'GET', url, headers: { authorization } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    // Refused personal calls too (a 401 page of someone's data must not be cached either).
    const refused = await server.inject({ method: 'GET', url: '/api/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const admin = await server.inject({
      method: 'POST',
      url: '/api/dev/session',
      payload: { user: 'admin' },
    });
    const patients = await server.inject({
      method: 'GET',
      url: '/api/admin/patients',
      headers: { authorization: `Bearer ${admin.json().access_token as string}` },
    });
    expect(patients.headers['cache-control']).toBe('no-store');
    const branches = await server.inject({ method: 'GET', url: '/api/branches' });
    expect(branches.headers['cache-control']).toBeUndefined();
  });

  test('without a built web app the root leads to the API docs', async () => {
    const server = await start();
    const response = await server.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/docs');
  });

  test('the built app is served with a fallback to index.html for client routes', async () => {
    const root = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Portal</title>');
    writeFileSync(join(root, 'app.js'), 'console.log(1)');
    const server = await start({ webRoot: root });
    for (const url of ['/', '/fi/reservation', '/en/patient/12?tab=x']) {
      const response = await server.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Portal</title>');
    }
    expect((await server.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
    expect((await server.inject({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404);
    expect((await server.inject({ method: 'GET', url: '/api/missing' })).json().Code).toBe(
      'not-found',
    );
  });

  test('without dev mode, source maps and the mock service worker are not served (nor linked)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Portal</title>');
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(root, 'assets', 'app.js.map'), '{"version":3}');
    writeFileSync(join(root, 'mockServiceWorker.js'), '/* msw */');
    const status = async (server: FastifyInstance, url: string) =>
      (await server.inject({ method: 'GET', url })).statusCode;
    const dev = await start({ webRoot: root });
    for (const url of ['/assets/app.js', '/assets/app.js.map', '/mockServiceWorker.js'])
      expect(await status(dev, url), url).toBe(200);
    // The build's scripts name no map (hidden source maps): in dev mode a header links them.
    const script = await dev.inject({ method: 'GET', url: '/assets/app.js' });
    expect(script.headers.sourcemap).toBe('app.js.map');
    await dev.close();
    const off = await start({ webRoot: root, devMode: false });
    expect(await status(off, '/assets/app.js')).toBe(200);
    const hidden = await off.inject({ method: 'GET', url: '/assets/app.js' });
    expect(hidden.headers.sourcemap).toBeUndefined();
    for (const url of ['/assets/app.js.map', '/mockServiceWorker.js'])
      expect(await status(off, url), url).toBe(404);
  });

  test('a prerendered page answers its URL: by prefix, else the cookie, then Accept-Language', async () => {
    const root = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><html lang="fi"><title>Shell</title>');
    mkdirSync(join(root, 'pages', 'sv'), { recursive: true });
    mkdirSync(join(root, 'pages', 'unprefixed', 'sv'), { recursive: true });
    mkdirSync(join(root, 'pages', 'unprefixed', 'en'), { recursive: true });
    const page = (name: string) =>
      `<!doctype html><html lang="sv" data-prerendered><title>${name}</title><script>boot()</script>` +
      `<p>${'text '.repeat(300)}</p>`;
    writeFileSync(join(root, 'pages', 'sv', 'login.html'), page('sv login'));
    writeFileSync(join(root, 'pages', 'unprefixed', 'sv', 'login.html'), page('login in sv'));
    writeFileSync(join(root, 'pages', 'unprefixed', 'en', 'login.html'), page('login in en'));
    const hash = 'sha256-' + createHash('sha256').update('boot()').digest('base64');
    writeFileSync(
      join(root, 'pages', 'manifest.json'),
      JSON.stringify({
        scriptHashes: [hash],
        pages: [
          { url: '/sv/login', language: 'sv', prefixed: true, file: 'pages/sv/login.html' },
          {
            url: '/login',
            language: 'sv',
            prefixed: false,
            file: 'pages/unprefixed/sv/login.html',
          },
          {
            url: '/login',
            language: 'en',
            prefixed: false,
            file: 'pages/unprefixed/en/login.html',
          },
        ],
      }),
    );
    // In dev mode the page starts its app at once (the QA toolbar shows), docs/decisions/015, and
    // says the dev clock, which the app's first render reads.
    const devState = createSeededState({ devMode: true });
    devState.clock.set(new Date('2027-01-04T07:30:00Z'), true);
    const devServer = await start({ webRoot: root, state: devState });
    expect((await devServer.inject({ method: 'GET', url: '/sv/login' })).body).toBe(
      page('sv login').replace(
        '<html ',
        '<html data-dev-mode data-dev-now="2027-01-04T09:30:00+02:00" ',
      ),
    );
    // So does the app's shell (a URL with a query has no prerendered page).
    const shell = (await devServer.inject({ method: 'GET', url: '/sv/login?returnTo=%2Fsv' })).body;
    expect(shell).toMatch(
      /^<!doctype html>\s*<html data-dev-mode data-dev-now="2027-01-04T09:30:00\+02:00"[ >]/i,
    );
    // A page asked from a sandbox (its cookie) says the sandbox's clock.
    await devServer.inject({
      method: 'PUT',
      url: '/api/dev/clock',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'x-dev-sandbox': 'qa' },
      payload: { now: '2027-02-01T12:00:00+02:00', frozen: true },
    });
    for (const url of ['/sv/login', '/sv/login?returnTo=%2Fsv']) {
      const inSandbox = await devServer.inject({
        method: 'GET',
        url,
        headers: { cookie: 'X-Dev-Sandbox=qa' },
      });
      expect(inSandbox.body, url).toContain('data-dev-now="2027-02-01T12:00:00+02:00"');
    }
    await devServer.close();
    const server = await start({ webRoot: root, devMode: false });
    const get = (url: string, headers: Record<string, string> = {}) =>
      server.inject({ method: 'GET', url, headers });
    expect((await get('/sv/login')).body).toBe(page('sv login'));
    // Compressed like every other answer, for a browser that asks.
    const zipped = await get('/sv/login', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(page('sv login'));

    for (const url of ['/sv/login', '/sv/login/']) {
      const response = await get(url, { 'accept-language': 'en' });
      expect(response.body, url).toContain('<title>sv login</title>');
      // Its inline script runs by hash; nothing else inline does.
      expect(response.headers['content-security-policy']).toContain(`script-src 'self' '${hash}'`);
      expect(response.headers.vary).toBe('Cookie, Accept-Language');
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
    expect((await get('/login', { 'accept-language': 'en-GB,en;q=0.8' })).body).toContain(
      'login in en',
    );
    expect(
      (await get('/login', { 'accept-language': 'en', cookie: 'a=1; i18next=sv' })).body,
    ).toContain('login in sv');
    // No language of ours in the request: the unprefixed page in Finnish, which this build lacks.
    expect((await get('/login', { 'accept-language': 'de' })).body).toContain('Shell');
    // A query, or a route that is not prerendered: the SPA shell with the strict policy.
    for (const url of ['/sv/login?returnTo=%2Fsv%2Fchat', '/sv/chat']) {
      const response = await get(url);
      expect(response.body, url).toContain('<title>Shell</title>');
      expect(response.headers['content-security-policy']).toContain("script-src 'self';");
    }
  });
});
