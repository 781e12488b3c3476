import { describe, expect, test } from 'vitest';
import { handlers } from '../../src/api/handlers/index.ts';
import { contractTools } from '../harness.ts';
import { appPerTest } from './app-per-test.ts';

const { start, close } = appPerTest();

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
    await close();

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
