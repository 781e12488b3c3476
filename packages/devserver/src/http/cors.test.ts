import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { indexContract } from '@portal/sdk/contract';
import { buildApp } from './app.ts';
import { corsPolicy, PREFLIGHT_MAX_AGE_SECONDS } from './cors.ts';

const PORTAL = 'https://portal.klinikka.example';
const OTHER = 'https://evil.example';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(webOrigins?: string[]): Promise<FastifyInstance> {
  app = await buildApp({ webRoot: null, webOrigins });
  return app;
}

async function tokenOf(server: FastifyInstance, user: string): Promise<string> {
  const response = await server.inject({
    method: 'POST',
    url: '/api/dev/session',
    headers: { 'content-type': 'application/json' },
    payload: { user },
  });
  return response.json<{ access_token: string }>().access_token;
}

describe('the API for a web app on another origin (WEB_ORIGINS)', () => {
  test('the policy is the contract’s: its methods, header parameters and response headers', () => {
    const policy = corsPolicy(indexContract());
    expect(policy.methods).toEqual(['DELETE', 'GET', 'POST', 'PUT']);
    expect(policy.allowedHeaders).toEqual(
      expect.arrayContaining([
        'Authorization',
        'Content-Type',
        'Accept-Language',
        'X-Requested-With',
        'Last-Event-ID',
        'X-Dev-Sandbox',
      ]),
    );
    expect(policy.exposedHeaders).toEqual(
      expect.arrayContaining([
        'x-dev-mode',
        'x-dev-now',
        'x-dev-sandbox',
        'retry-after',
        'content-disposition',
      ]),
    );
  });

  test('a preflight from a configured origin is allowed and cached; from any other, not', async () => {
    const server = await start([PORTAL]);
    const preflight = (origin: string) =>
      server.inject({
        method: 'OPTIONS',
        url: '/api/reservations',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization,x-requested-with,accept-language',
        },
      });
    const allowed = await preflight(PORTAL);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(PORTAL);
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('Authorization');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('Last-Event-ID');
    expect(allowed.headers['access-control-allow-methods']).toBe('DELETE, GET, POST, PUT');
    expect(allowed.headers['access-control-max-age']).toBe(String(PREFLIGHT_MAX_AGE_SECONDS));
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(allowed.headers.vary)).toMatch(/Origin/i);

    const refused = await preflight(OTHER);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('an answer tells the configured origin, and lets it read the contract’s headers', async () => {
    const server = await start([PORTAL]);
    const response = await server.inject({
      method: 'GET',
      url: '/api/config',
      headers: { origin: PORTAL },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(PORTAL);
    expect(String(response.headers['access-control-expose-headers'])).toContain('x-dev-now');
    const other = await server.inject({
      method: 'GET',
      url: '/api/config',
      headers: { origin: OTHER },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('the chat’s event stream carries the CORS and security headers too', async () => {
    const server = await start([PORTAL]);
    const token = await tokenOf(server, 'patient');
    // Conversation 1 is archived: its stream sends the one status event and ends.
    const response = await server.inject({
      method: 'GET',
      url: '/api/chat/conversations/1/events',
      headers: {
        origin: PORTAL,
        authorization: `Bearer ${token}`,
        'x-requested-with': 'XMLHttpRequest',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    expect(response.headers['access-control-allow-origin']).toBe(PORTAL);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toContain('archived');
  });

  test('images the API hands out may be shown by the other origin’s pages', async () => {
    const server = await start([PORTAL]);
    const portrait = await server.inject({ method: 'GET', url: '/images/employees/1.svg' });
    expect(portrait.statusCode).toBe(200);
    expect(portrait.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const json = await server.inject({ method: 'GET', url: '/api/config' });
    expect(json.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  test('without WEB_ORIGINS no page elsewhere is allowed, nor are images shared', async () => {
    const server = await start();
    const response = await server.inject({
      method: 'OPTIONS',
      url: '/api/reservations',
      headers: { origin: PORTAL, 'access-control-request-method': 'GET' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const portrait = await server.inject({ method: 'GET', url: '/images/employees/1.svg' });
    expect(portrait.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
