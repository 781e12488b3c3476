import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import { handlers } from '../src/api/handlers/index.ts';
import { createSeededState } from '../src/core/seed.ts';
import { buildApp, loggerOptions, type AppOptions } from '../src/http/app.ts';
import { contractTools, TEST_NOW } from './harness.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(options: AppOptions = {}): Promise<FastifyInstance> {
  app = await buildApp({ webRoot: null, ...options });
  return app;
}

describe('the contract and its docs', () => {
  test('every operation of the contract has a handler', () => {
    const missing = contractTools()
      .index.operations.map((o) => o.operationId)
      .filter((id) => !handlers[id]);
    expect(missing).toEqual([]);
  });

  test('every operation of the contract is routed (no 404 for a documented path)', async () => {
    const server = await start();
    const unrouted: string[] = [];
    for (const operation of contractTools().index.operations) {
      // A wait (the outbox's next message) answers at once.
      const wait = operation.parameters.some((p) => p.name === 'timeoutSeconds');
      const url = `${operation.path.replace(/\{[^}]+\}/g, '1')}${wait ? '?timeoutSeconds=0' : ''}`;
      const response = await server.inject({ method: operation.method, url });
      const body = String(response.headers['content-type']).includes('json') ? response.json() : {};
      if (response.statusCode === 404 && body.Code !== 'not-found')
        unrouted.push(`${operation.method} ${operation.path}`);
      if (response.statusCode === 404 && !operation.responses.some((r) => r.status === '404')) {
        unrouted.push(`${operation.method} ${operation.path} (404 not documented)`);
      }
    }
    expect(unrouted).toEqual([]);
  });

  test('a backend developer reads the whole contract at /docs/json', async () => {
    const server = await start();
    const response = await server.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/patients/']).toHaveProperty('delete');
  });

  test('without dev mode the contract lists no dev path and the bank broker page is gone', async () => {
    const withDev = (await (await start()).inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(withDev.paths).some((path) => path.startsWith('/api/dev/'))).toBe(true);
    await app?.close();

    const server = await start({ devMode: false });
    const document = (await server.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { tags?: string[] }>>;
      tags?: { name: string }[];
    }>();
    expect(Object.keys(document.paths).filter((path) => path.includes('/dev/'))).toEqual([]);
    const tagged = Object.values(document.paths).flatMap((item) =>
      Object.values(item).flatMap((operation) => operation.tags ?? []),
    );
    expect(tagged).not.toContain('dev');
    expect(document.tags?.map((tag) => tag.name)).not.toContain('dev');
    expect(document.paths['/api/auth/bank']).toHaveProperty('post');

    const bank = await server.inject({
      method: 'POST',
      url: '/api/auth/bank',
      headers: { 'accept-language': 'en' },
      payload: { bankId: 1, returnPath: '/' },
    });
    expect(bank.statusCode).toBe(409);
    expect(bank.json()).toEqual({
      UserMessage: 'Bank ID is not available on this server.',
      Code: 'login-rejected',
    });
    const broker = await server.inject({ method: 'GET', url: '/dev/bank-broker?state=st_x' });
    expect(broker.statusCode).toBe(404);
  });

  test('links are made from the forwarded host only when it is a host name (at most 253 characters)', async () => {
    const server = await start({ trustProxy: true });
    const brokerUrl = async (host: string) => {
      const response = await server.inject({
        method: 'POST',
        url: '/api/auth/bank',
        headers: { 'accept-language': 'en', 'x-forwarded-host': host },
        payload: { bankId: 1, returnPath: '/' },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ redirectUrl: string }>().redirectUrl;
    };
    expect(await brokerUrl('portal.example:8443')).toMatch(
      /^http:\/\/portal\.example:8443\/dev\/bank-broker/,
    );
    expect(await brokerUrl(`${'a'.repeat(250)}.example`)).toMatch(
      /^http:\/\/127\.0\.0\.1:3000\/dev\/bank-broker/,
    );
  });

  test('the docs UI is served from the same origin', async () => {
    const server = await start();
    const response = await server.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('HTTP behaviour', () => {
  test('every response says x-dev-mode, true in dev mode and false otherwise', async () => {
    const server = await start();
    for (const url of ['/api/branches', '/docs/json', '/api/nothing-here', '/elsewhere']) {
      expect((await server.inject({ method: 'GET', url })).headers['x-dev-mode']).toBe('true');
    }
    await server.close();
    const off = await start({ devMode: false });
    expect((await off.inject({ method: 'GET', url: '/api/branches' })).headers['x-dev-mode']).toBe(
      'false',
    );
    expect((await off.inject({ method: 'POST', url: '/api/dev/reset' })).statusCode).toBe(404);
  });

  test('in dev mode every API answer carries the dev clock as x-dev-now; outside it none does', async () => {
    const state = createSeededState({ devMode: true });
    state.clock.set(new Date('2027-01-04T07:30:00Z'), true);
    const server = await start({ state });
    for (const url of ['/api/branches', '/api/me', '/api/nothing-here']) {
      const response = await server.inject({ method: 'GET', url });
      expect(response.headers['x-dev-now'], url).toBe('2027-01-04T09:30:00+02:00');
    }
    await server.close();
    const off = await start({ devMode: false });
    expect((await off.inject({ method: 'GET', url: '/api/branches' })).headers).not.toHaveProperty(
      'x-dev-now',
    );
  });

  test('a body that is not JSON answers 400 with the contract error, never 500', async () => {
    const server = await start();
    const response = await server.inject({
      method: 'POST',
      url: '/api/dev/session',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"user": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      Code: 'bad-request',
      UserMessage: 'The request was not valid.',
    });
  });

  test('an invalid body answers 400 with translated field errors', async () => {
    const server = await start();
    const response = await server.inject({
      method: 'POST',
      url: '/api/dev/session',
      headers: { 'accept-language': 'fi' },
      payload: { user: 'nobody' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      UserMessage: 'Tarkista merkityt kentät.',
      Code: 'validation-failed',
      Errors: [{ field: 'user', errorMessage: 'Valitse jokin vaihtoehdoista.' }],
    });
  });

  test('a body with many bad fields answers at most 20 field errors, with bounded field names', async () => {
    const server = await start();
    // Three hundred unknown keys of 300 characters, each holding a control character.
    const payload = Object.fromEntries(
      Array.from({ length: 300 }, (_, i) => [`${'k'.repeat(300)}${i}`, '\u0001']),
    );
    const response = await server.inject({
      method: 'POST',
      url: '/api/dev/session',
      headers: { 'accept-language': 'en' },
      payload: { user: 'patient', ...payload },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ Code: string; Errors: { field: string }[] }>();
    expect(body.Code).toBe('validation-failed');
    expect(body.Errors).toHaveLength(20);
    expect(Math.max(...body.Errors.map((error) => error.field.length))).toBe(100);
    const problems = contractTools().validator.check('/components/schemas/Error', body);
    expect(problems).toEqual([]);
  });

  test('a body over 1 MB answers 413 with the contract error', async () => {
    const server = await start();
    const response = await server.inject({
      method: 'POST',
      url: '/api/dev/session',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ user: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      UserMessage: 'The request is too large (at most 1 MiB).',
      Code: 'payload-too-large',
    });
  });

  test('a bad percent-encoding and an over-long path id answer in the contract body, translated', async () => {
    const server = await start();
    for (const url of ['/api/coupons/%E0%A4%A', '/api/branches%ZZ']) {
      const response = await server.inject({
        method: 'GET',
        url,
        headers: { 'accept-language': 'fi' },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({
        UserMessage: 'Osoite ei kelpaa: tarkista sen prosenttikoodaus.',
        Code: 'bad-request',
      });
    }
    const long = await server.inject({
      method: 'GET',
      url: `/api/auth/qr/${'q'.repeat(300)}`,
      headers: { 'accept-language': 'en' },
    });
    expect(long.statusCode).toBe(404);
    expect(long.json()).toEqual({
      UserMessage: 'The address holds an identifier too long to name anything.',
      Code: 'not-found',
    });
  });

  test('a body of a type the operation does not take answers 415', async () => {
    const server = await start();
    const response = await server.inject({
      method: 'POST',
      url: '/api/dev/session',
      headers: {
        'content-type': 'text/plain',
        'x-requested-with': 'XMLHttpRequest',
        'accept-language': 'en',
      },
      payload: 'user=patient',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      UserMessage:
        'The content type of the request is not accepted. Accepted types: application/json.',
      Code: 'unsupported-media-type',
    });
  });

  test('a cross-site form post cannot change anything: no X-Requested-With, a form type', async () => {
    const server = await start();
    // The clock stands still, so that its reading cannot tick between the two reads below.
    const frozen = await server.inject({
      method: 'PUT',
      url: '/api/dev/clock',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { now: '2026-12-01T09:30:00+02:00', frozen: true },
    });
    expect(frozen.statusCode).toBe(200);
    const before = await server.inject({
      method: 'POST',
      url: '/api/dev/clock/advance',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { seconds: 60 },
    });
    expect(before.statusCode).toBe(200);
    const clock = (await server.inject({ method: 'GET', url: '/api/dev/clock' })).json();
    for (const form of [
      { method: 'POST' as const, url: '/api/dev/reset', headers: {} },
      {
        method: 'POST' as const,
        url: '/api/dev/reset',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'confirm=1',
      },
      {
        method: 'POST' as const,
        url: '/api/dev/clock/advance',
        headers: { 'content-type': 'text/plain' },
        payload: '{"seconds":3600}',
      },
      {
        method: 'POST' as const,
        url: '/api/auth/qr',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'accept-language': 'en' },
        payload: '--x--',
      },
    ]) {
      const response = await server.inject(form);
      expect(response.statusCode, `${form.url} ${JSON.stringify(form.headers)}`).toBe(400);
      expect(response.json().Code).toBe('bad-request');
    }
    const refused = await server.inject({
      method: 'POST',
      url: '/api/dev/reset',
      headers: { 'accept-language': 'en' },
    });
    expect(refused.json().UserMessage).toBe(
      'The request was refused because it did not come from the portal (X-Requested-With: XMLHttpRequest is missing).',
    );
    // Nothing changed: the clock is where the real call left it.
    expect((await server.inject({ method: 'GET', url: '/api/dev/clock' })).json()).toEqual(clock);
  });

  test('an unknown API path answers a JSON 404', async () => {
    const server = await start();
    const response = await server.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().Code).toBe('not-found');
  });

  test('login attempts are rate limited with Retry-After', async () => {
    const server = await start({ loginRateLimit: 2 });
    const attempt = () =>
      server.inject({ method: 'POST', url: '/api/auth/qr', headers: { 'accept-language': 'en' } });
    await attempt();
    await attempt();
    const third = await attempt();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ Code: 'too-many-requests' });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // Reading data is not limited.
    expect((await server.inject({ method: 'GET', url: '/api/branches' })).statusCode).toBe(200);
  });

  test('sandboxes: each has its own login limit; the bank broker finds a login in its sandbox', async () => {
    const server = await start({ loginRateLimit: 2 });
    const attempt = (sandbox?: string) =>
      server.inject({
        method: 'POST',
        url: '/api/auth/qr',
        headers: {
          'accept-language': 'en',
          'x-requested-with': 'XMLHttpRequest',
          ...(sandbox ? { 'x-dev-sandbox': sandbox } : {}),
        },
      });
    expect((await attempt('a')).statusCode).toBe(200);
    expect((await attempt('a')).statusCode).toBe(200);
    expect((await attempt('a')).statusCode).toBe(429);
    expect((await attempt('b')).statusCode).toBe(200);
    expect((await attempt()).statusCode).toBe(200);

    const started = await server.inject({
      method: 'POST',
      url: '/api/auth/bank',
      headers: {
        'accept-language': 'en',
        'x-requested-with': 'XMLHttpRequest',
        'x-dev-sandbox': 'b',
      },
      payload: { bankId: 2, returnPath: '/fi' },
    });
    expect(started.statusCode).toBe(200);
    expect(started.headers['x-dev-sandbox']).toBe('b');
    const url = new URL(started.json().redirectUrl as string);
    const page = (headers: Record<string, string>) =>
      server.inject({ method: 'GET', url: url.pathname + url.search, headers });
    expect((await page({ cookie: 'X-Dev-Sandbox=b' })).statusCode).toBe(200);
    expect((await page({ 'x-dev-sandbox': 'b' })).statusCode).toBe(200);
    expect((await page({})).statusCode).toBe(404);
    expect((await page({ 'x-dev-sandbox': 'a' })).statusCode).toBe(404);
  });

  test('campaign-code and voucher checks are rate limited against guessing', async () => {
    const server = await start({ codeCheckRateLimit: 3 });
    const check = (url: string, payload: object) =>
      server.inject({
        method: 'POST',
        url,
        headers: { 'accept-language': 'en', 'x-requested-with': 'XMLHttpRequest' },
        payload,
      });
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(
        (await check('/api/campaign-codes/check', { code: `GUESS${attempt}` })).statusCode,
      ).toBe(400);
    }
    const limited = await check('/api/campaign-codes/check', { code: 'GUESS9' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ Code: 'too-many-requests' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const voucher = await check('/api/vouchers/check', { voucherNumber: 'X', customerType: 'x' });
    expect(voucher.statusCode).not.toBe(429);
  });

  test('20 concurrent holds of one time over HTTP give one hold; holds are rate limited', async () => {
    const server = await start({ holdRateLimit: 21, state: createSeededState({ now: TEST_NOW }) });
    const headers = { 'accept-language': 'en', 'x-requested-with': 'XMLHttpRequest' };
    const day = await server.inject({
      method: 'GET',
      url: '/api/availability/day?branchIds=1&reasonId=1&customerType=private&date=2026-12-14',
    });
    const [slot, other] = day.json().slots as { key: string }[];
    const hold = (slotKey: string) =>
      server.inject({ method: 'POST', url: '/api/slot-holds', headers, payload: { slotKey } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => hold(slot!.key)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      201,
      ...Array<number>(19).fill(409),
    ]);
    expect((await hold(other!.key)).statusCode).toBe(201);
    const limited = await hold(other!.key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ Code: 'too-many-requests' });
  });

  test('employee portraits are served as SVG', async () => {
    const server = await start();
    const response = await server.inject({ method: 'GET', url: '/images/employees/1.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(
      (await server.inject({ method: 'GET', url: '/images/employees/9999.svg' })).statusCode,
    ).toBe(404);
  });
});

describe('answers kept between writes', () => {
  const headers = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
  const NOW = '2026-11-24T10:00:00+02:00';

  async function signIn(server: FastifyInstance, user: string): Promise<string> {
    const response = await server.inject({
      method: 'POST',
      url: '/api/dev/session',
      headers,
      payload: { user },
    });
    return (response.json() as { access_token: string }).access_token;
  }

  const monthUrl = (month: string) =>
    `/api/availability/month?branchIds=1&reasonId=1&customerType=private&month=${month}`;

  async function freeSlots(server: FastifyInstance, month: string, date: string) {
    const response = await server.inject({ method: 'GET', url: monthUrl(month) });
    expect(response.statusCode).toBe(200);
    const { days } = response.json() as { days: { date: string; freeSlots: number }[] };
    return days.find((day) => day.date === date)?.freeSlots;
  }

  test('month availability is served again until a booking changes it', async () => {
    const server = await start({ state: createSeededState({ now: new Date(NOW) }) });
    const date = '2026-11-26';
    const before = await freeSlots(server, '2026-11', date);
    expect(before).toBeGreaterThan(0);
    expect(await freeSlots(server, '2026-11', date)).toBe(before);

    const day = await server.inject({
      method: 'GET',
      url: `/api/availability/day?branchIds=1&reasonId=1&customerType=private&date=${date}`,
    });
    const slotKey = (day.json() as { slots: { key: string }[] }).slots[0]?.key;
    const booked = await server.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { ...headers, authorization: `Bearer ${await signIn(server, 'patient')}` },
      payload: {
        slotKey,
        customerType: 'private',
        // Maija has a check-up a week ahead; this test is about the month's cache.
        allowDuplicate: true,
        customer: {
          firstName: 'Maija',
          lastName: 'Meikäläinen',
          email: 'maija@example.fi',
          phone: '040 123 4567',
          street: 'Kauppakatu 1',
          postalCode: '00100',
          city: 'Helsinki',
        },
      },
    });
    expect(booked.statusCode).toBe(201);
    expect(await freeSlots(server, '2026-11', date)).toBe((before ?? 0) - 1);
  });

  test('month availability follows the dev clock and maintenance', async () => {
    const server = await start({ state: createSeededState({ now: new Date(NOW) }) });
    const date = '2026-11-26';
    expect(await freeSlots(server, '2026-11', date)).toBeGreaterThan(0);
    // Two days on, that day is past: no free slots.
    const moved = await server.inject({
      method: 'PUT',
      url: '/api/dev/clock',
      headers,
      payload: { now: '2026-11-27T10:00:00+02:00', frozen: true },
    });
    expect(moved.statusCode).toBe(200);
    expect(await freeSlots(server, '2026-11', date)).toBe(0);
    // Maintenance blocks it at once, cached answer or not.
    await server.inject({
      method: 'PUT',
      url: '/api/dev/maintenance',
      headers,
      payload: { active: true },
    });
    const blocked = await server.inject({ method: 'GET', url: monthUrl('2026-11') });
    expect(blocked.statusCode).toBe(503);
  });

  test("the signed-in user's answer changes with a write of theirs, and only theirs", async () => {
    const server = await start({ state: createSeededState({ now: new Date(NOW) }) });
    const token = await signIn(server, 'patient');
    const auth = { authorization: `Bearer ${token}` };
    const me = async () =>
      (await server.inject({ method: 'GET', url: '/api/me', headers: auth })).json() as {
        Id: number;
        AreasOfInterests: string[];
        Person: { PhoneNumber: string | null };
      };
    const before = await me();
    expect(await me()).toEqual(before);
    const saved = await server.inject({
      method: 'POST',
      url: '/api/user/accept/new-marketing-terms',
      headers: { ...headers, ...auth },
    });
    expect(saved.statusCode).toBeLessThan(300);
    const profile = await server.inject({
      method: 'PUT',
      url: `/api/patients/${before.Id}/profile`,
      headers: { ...headers, ...auth },
      payload: {
        email: 'maija@example.fi',
        phone: '040 765 4321',
        smsMarketingEnabled: false,
        emailMarketingEnabled: false,
        privacyPolicyAccepted: true,
        termsAccepted: true,
        branchId: null,
        employeeId: null,
        orthodontics: true,
        membraneOrthodontics: false,
        implantCare: false,
        dentalHygienistServices: false,
        estheticDentalCare: false,
        dentalWhitening: false,
        genericDentalHealth: false,
      },
    });
    expect(profile.statusCode).toBe(200);
    const after = await me();
    expect(after.Person.PhoneNumber).toBe('040 765 4321');
    expect(after.AreasOfInterests).toEqual(['orthodontics']);
  });

  test('a token stops working at logout, at the reset and when it expires', async () => {
    const server = await start({ state: createSeededState({ now: new Date(NOW) }) });
    const me = (token: string) =>
      server.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${token}` },
      });

    const first = await signIn(server, 'patient');
    expect((await me(first)).statusCode).toBe(200);
    await server.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { ...headers, authorization: `Bearer ${first}` },
    });
    expect((await me(first)).statusCode).toBe(401);

    const second = await signIn(server, 'patient');
    expect((await me(second)).statusCode).toBe(200);
    await server.inject({ method: 'POST', url: '/api/dev/reset', headers });
    expect((await me(second)).statusCode).toBe(401);

    const third = await signIn(server, 'admin');
    expect((await me(third)).statusCode).toBe(200);
    await server.inject({
      method: 'PUT',
      url: '/api/dev/clock',
      headers,
      payload: { now: '2030-01-01T00:00:00+02:00', frozen: true, expireSessions: true },
    });
    expect((await me(third)).statusCode).toBe(401);
  });

  test('a token unused for 30 minutes expires; a clock move carries sessions unless told otherwise', async () => {
    const server = await start({ state: createSeededState({ now: new Date(NOW) }) });
    const me = async (token: string) =>
      (
        await server.inject({
          method: 'GET',
          url: '/api/me',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode;
    const advance = (seconds: number, expireSessions?: boolean) =>
      server.inject({
        method: 'POST',
        url: '/api/dev/clock/advance',
        headers,
        payload: { seconds, ...(expireSessions === undefined ? {} : { expireSessions }) },
      });

    // Idle for 31 minutes of the dev clock: 401. The plain moves of 2 days and back leave it be.
    const idle = await signIn(server, 'patient');
    expect((await advance(2 * 86_400)).statusCode).toBe(200);
    expect(await me(idle)).toBe(200);
    const back = await server.inject({
      method: 'PUT',
      url: '/api/dev/clock',
      headers,
      payload: { now: NOW },
    });
    expect(back.statusCode).toBe(200);
    expect(await me(idle)).toBe(200);
    await advance(31 * 60, true);
    expect(await me(idle)).toBe(401);

    // Each use starts the 30 minutes again, until 8 hours have passed since the login; moves
    // that carry sessions do not count (16 × 29 minutes pass, with 3 carried hours among them).
    const busy = await signIn(server, 'admin');
    for (let use = 1; use <= 16; use++) {
      await advance(29 * 60, true);
      if (use === 8) await advance(3 * 3600);
      expect(await me(busy), `use ${use}`).toBe(200);
    }
    // 17 × 29 minutes = 8 h 13 min: past the absolute limit, although used 29 minutes ago.
    await advance(29 * 60, true);
    expect(await me(busy)).toBe(401);
  });
});

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

describe('logs', () => {
  test('no token, code, login id or national id reaches a log line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const server = await start({ logger: { ...loggerOptions('info'), stream } });
    const session = await server.inject({
      method: 'POST',
      url: '/api/dev/session',
      payload: { user: 'admin' },
    });
    const token = session.json().access_token as string;
    await server.inject({
      method: 'GET',
      url: '/api/admin/patients?search=150385-914H',
      headers: { authorization: `Bearer ${token}` },
    });
    await server.inject({
      method: 'GET',
      url: `/api/chat/conversations/1/events?access_token=${token}`,
    });
    // QR and mobile login ids (the QR id is in a code anyone can photograph) and their secrets.
    const qr = (
      await server.inject({
        method: 'POST',
        url: '/api/auth/qr',
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      })
    ).json();
    await server.inject({
      method: 'GET',
      url: `/api/auth/qr/${qr.qrId as string}`,
      headers: { 'x-login-secret': qr.loginSecret as string },
    });
    const mobile = (
      await server.inject({
        method: 'POST',
        url: '/api/auth/mobile',
        payload: { phoneNumber: '040 100 0001' },
      })
    ).json();
    await server.inject({
      method: 'GET',
      url: `/api/auth/mobile/${mobile.transactionId as string}`,
      headers: { 'x-login-secret': mobile.loginSecret as string },
    });
    const log = lines.join('\n');
    expect(log).toContain('/api/auth/qr/qr_[redacted]');
    expect(log).toContain('/api/auth/mobile/mTx_[redacted]');
    for (const secret of [qr.qrId, qr.loginSecret, mobile.transactionId, mobile.loginSecret])
      expect(log).not.toContain(secret);
    expect(log).toContain('/api/admin/patients');
    expect(log).not.toContain(token);
    expect(log).not.toContain('150385-914H');
    expect(log).not.toContain('914H');
  });
});
