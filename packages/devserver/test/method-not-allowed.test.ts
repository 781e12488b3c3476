import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/http/app.ts';
import { createMockServer } from '../src/msw/node.ts';
import { TEST_NOW } from './harness.ts';
import { createSeededState } from '../src/core/seed.ts';

// A path of the contract asked with a method it does not take answers 405 with `Allow` (RFC 9110
// §15.5.6), in both transports; a path the contract does not have stays a 404.

const MOCK_ORIGIN = 'http://mock.test';
let app: FastifyInstance;
let withoutDevMode: FastifyInstance;
let mock: ReturnType<typeof createMockServer>;

beforeAll(async () => {
  app = await buildApp({ webRoot: null, state: createSeededState({ now: TEST_NOW }) });
  withoutDevMode = await buildApp({ webRoot: null, devMode: false });
  mock = createMockServer({ now: TEST_NOW, baseUrl: MOCK_ORIGIN });
  mock.server.listen({ onUnhandledRequest: 'bypass' });
});

afterAll(async () => {
  mock.server.close();
  await app.close();
  await withoutDevMode.close();
});

interface Answer {
  status: number;
  allow: string | undefined;
  body: unknown;
}

const transports: Array<[string, (method: string, url: string) => Promise<Answer>]> = [
  [
    'the dev server',
    async (method, url) => {
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: { 'accept-language': 'fi' },
      });
      return {
        status: response.statusCode,
        allow: response.headers.allow as string | undefined,
        body: response.json() as unknown,
      };
    },
  ],
  [
    'the MSW layer',
    async (method, url) => {
      const response = await fetch(`${MOCK_ORIGIN}${url}`, {
        method,
        headers: { 'accept-language': 'fi' },
      });
      return {
        status: response.status,
        allow: response.headers.get('allow') ?? undefined,
        body: (await response.json()) as unknown,
      };
    },
  ],
];

describe.each(transports)('%s', (_, ask) => {
  test('DELETE on a read-only list: 405, Allow GET, HEAD, a translated Error body', async () => {
    const answer = await ask('DELETE', '/api/branches');
    expect(answer).toEqual({
      status: 405,
      allow: 'GET, HEAD',
      body: {
        UserMessage: 'Tämä osoite ei ota vastaan pyyntöä DELETE; se ottaa vastaan: GET, HEAD.',
        Code: 'bad-request',
      },
    });
  });

  test('a path with parameters lists every method its templates take', async () => {
    const answer = await ask('PATCH', '/api/admin/articles/1');
    expect(answer.status).toBe(405);
    expect(answer.allow).toBe('GET, HEAD, PUT, DELETE');
  });
});

test('the dev server: a path the contract does not have is still a 404', async () => {
  const response = await app.inject({ method: 'PATCH', url: '/api/no-such-thing' });
  expect(response.statusCode).toBe(404);
  expect(response.headers.allow).toBeUndefined();
});

test('a dev control without dev mode is a 404 whatever the method', async () => {
  const response = await withoutDevMode.inject({ method: 'PATCH', url: '/api/dev/clock' });
  expect(response.statusCode).toBe(404);
  expect(response.headers.allow).toBeUndefined();
  const inDevMode = await app.inject({ method: 'PATCH', url: '/api/dev/clock' });
  expect(inDevMode.statusCode).toBe(405);
});
