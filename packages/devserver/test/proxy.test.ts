import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { buildApp, type AppOptions } from '../src/http/app.ts';
import { TEST_NOW } from './harness.ts';
import { createSeededState } from '../src/core/seed.ts';

/**
 * One bucket per client behind a proxy (issue 52 item 2): told its proxies' addresses, the API
 * keys its limits on the client's address that the proxy forwards, and believes no forwarded
 * header from anyone else.
 */

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(options: AppOptions = {}): Promise<FastifyInstance> {
  app = await buildApp({ webRoot: null, loginRateLimit: 2, ...options });
  return app;
}

/** A bank login's start, as the page sends it, from a peer with a forwarded client address. */
function bankStart(server: FastifyInstance, peer: string, client?: string) {
  return server.inject({
    method: 'POST',
    url: '/api/auth/bank',
    remoteAddress: peer,
    headers: {
      'accept-language': 'en',
      'x-requested-with': 'XMLHttpRequest',
      ...(client ? { 'x-forwarded-for': client } : {}),
    },
    payload: { bankId: 1, returnPath: '/' },
  });
}

describe('behind a proxy the API is told of', () => {
  test("client B's first login start is 200 after client A's 429, both through the proxy", async () => {
    const server = await start({ trustProxy: ['127.0.0.1'] });
    for (let i = 0; i < 2; i++)
      expect((await bankStart(server, '127.0.0.1', '198.51.100.1')).statusCode).toBe(200);
    const refused = await bankStart(server, '127.0.0.1', '198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().Code).toBe('too-many-requests');
    expect((await bankStart(server, '127.0.0.1', '198.51.100.2')).statusCode).toBe(200);
  });

  test('the client is the address the proxy set: a client cannot add its own in front', async () => {
    const server = await start({ trustProxy: ['127.0.0.1'] });
    for (let i = 0; i < 2; i++)
      await bankStart(server, '127.0.0.1', `203.0.113.${i}, 198.51.100.1`);
    // The proxy appended the real client last: the invented first addresses change nothing.
    expect((await bankStart(server, '127.0.0.1', '203.0.113.9, 198.51.100.1')).statusCode).toBe(
      429,
    );
  });

  test('from any other peer, forwarded headers are dropped: its own address is its bucket, and it cannot name the server', async () => {
    const server = await start({ trustProxy: ['127.0.0.1'] });
    for (let i = 0; i < 2; i++)
      expect((await bankStart(server, '203.0.113.5', `198.51.100.${i}`)).statusCode).toBe(200);
    expect((await bankStart(server, '203.0.113.5', '198.51.100.7')).statusCode).toBe(429);
    const named = await server.inject({
      method: 'POST',
      url: '/api/auth/bank',
      remoteAddress: '203.0.113.6',
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        host: '127.0.0.1:3000',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
      payload: { bankId: 2, returnPath: '/' },
    });
    expect(new URL(named.json().redirectUrl as string).origin).toBe('http://127.0.0.1:3000');
    expect(named.headers['strict-transport-security']).toBeUndefined();
    // From the proxy itself, they count.
    const proxied = await server.inject({
      method: 'POST',
      url: '/api/auth/bank',
      remoteAddress: '127.0.0.1',
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        host: '127.0.0.1:3000',
        'x-forwarded-host': 'portal.example',
        'x-forwarded-proto': 'https',
      },
      payload: { bankId: 2, returnPath: '/' },
    });
    expect(new URL(proxied.json().redirectUrl as string).origin).toBe('https://portal.example');
  });

  test('without the proxies named, every client behind one shares its bucket (as before)', async () => {
    const server = await start({ trustProxy: true });
    for (let i = 0; i < 2; i++) await bankStart(server, '127.0.0.1', `198.51.100.${i}`);
    expect((await bankStart(server, '127.0.0.1', '198.51.100.9')).statusCode).toBe(429);
  });

  test("the hold limit per address counts the client's address, not the proxy's", async () => {
    const state = createSeededState({ now: TEST_NOW });
    const server = await start({ state, trustProxy: ['127.0.0.1'] });
    const day = await server.inject({
      method: 'GET',
      url: '/api/availability/day?branchIds=1&branchIds=2&branchIds=3&branchIds=4&reasonId=1&customerType=private&date=2026-12-01',
    });
    const slots = day.json().slots as { key: string }[];
    const holdFrom = (client: string, slot: { key: string }) =>
      server.inject({
        method: 'POST',
        url: '/api/slot-holds',
        remoteAddress: '127.0.0.1',
        headers: { 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': client },
        payload: { slotKey: slot.key },
      });
    for (let i = 0; i < 3; i++)
      expect((await holdFrom('198.51.100.1', slots[i]!)).statusCode).toBe(201);
    expect((await holdFrom('198.51.100.1', slots[3]!)).statusCode).toBe(429);
    expect((await holdFrom('198.51.100.2', slots[3]!)).statusCode).toBe(201);
  });
});
