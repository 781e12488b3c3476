import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/http/app.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('dev server skeleton', () => {
  test('a backend developer reads the whole contract at /docs/json', async () => {
    app = await buildApp();
    const response = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/patients/']).toHaveProperty('delete');
    expect(Object.keys(document.paths).length).toBeGreaterThanOrEqual(45);
  });

  test('the docs UI is served from the same origin', async () => {
    app = await buildApp();
    const response = await app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  test('every response says x-dev-mode: true in dev mode', async () => {
    app = await buildApp();
    const responses = await Promise.all(
      ['/docs/json', '/no-such-page'].map((url) => app!.inject({ method: 'GET', url })),
    );
    for (const response of responses) expect(response.headers['x-dev-mode']).toBe('true');
  });

  test('x-dev-mode is false when dev mode is off', async () => {
    app = await buildApp({ devMode: false });
    const response = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.headers['x-dev-mode']).toBe('false');
  });

  test('the root leads to the API docs until the web app is served', async () => {
    app = await buildApp();
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/docs');
  });
});
