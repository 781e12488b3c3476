import { describe, expect, test } from 'vitest';
import { createSeededState } from '../../src/core/seed.ts';
import { contractTools, TEST_NOW } from '../harness.ts';
import { appPerTest } from './app-per-test.ts';

const { start } = appPerTest();

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
      UserMessage: 'A part of the address is too long to name anything.',
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
