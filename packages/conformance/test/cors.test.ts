import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';
import { FOREIGN_ORIGIN } from '../src/cors.ts';
import type { Report } from '../src/index.ts';
import { check, operation } from './checker.ts';
import { start } from './harness.ts';

// The CORS checks: a server with no CORS passes (the dev server without WEB_ORIGINS), and so does
// one that grants only its own origin and says Vary: Origin; each slip fails its own check.

const TRUSTED = 'https://portal.example';

/** The outcome of each CORS check of getConfig, by id. */
function corsOutcomes(report: Report): Record<string, string> {
  const checks = operation(report, 'getConfig').checks.filter((c) => c.id.startsWith('cors_'));
  return Object.fromEntries(checks.map((c) => [c.id, c.outcome]));
}

/** A server that answers every request with these CORS headers, and preflights with `status`. */
function withCors(headers: Record<string, string>, status = 204) {
  return (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method === 'OPTIONS' && request.headers.origin !== undefined)
        await reply.code(status).headers(headers).send();
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.headers(headers);
      return payload;
    });
  };
}

const run = async (breakIt?: (app: FastifyInstance) => void) =>
  corsOutcomes(await check(await start(breakIt), { operations: ['getConfig'], loginAs: [] }));

const PASSED = {
  cors_no_reflected_foreign_origin: 'passed',
  cors_no_wildcard_with_credentials: 'passed',
  cors_vary_origin: 'passed',
  cors_preflight_answers: 'passed',
};

describe('the CORS checks', () => {
  test('a server with no CORS at all passes them', async () => {
    expect(await run()).toEqual(PASSED);
  });

  test('a server that grants only its own origin, with Vary: Origin and GET, passes them', async () => {
    const grant = {
      'access-control-allow-origin': TRUSTED,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, POST',
      vary: 'Origin',
    };
    expect(await run(withCors(grant))).toEqual(PASSED);
  });

  test('any origin with credentials fails cors_no_wildcard_with_credentials', async () => {
    const grant = {
      'access-control-allow-origin': '*',
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET',
    };
    expect(await run(withCors(grant))).toEqual({
      ...PASSED,
      cors_no_wildcard_with_credentials: 'failed',
    });
  });

  test('a named origin without Vary: Origin fails cors_vary_origin', async () => {
    const grant = { 'access-control-allow-origin': TRUSTED, 'access-control-allow-methods': 'GET' };
    expect(await run(withCors(grant))).toEqual({ ...PASSED, cors_vary_origin: 'failed' });
  });

  test('a preflight answered 500, or granted without GET, fails cors_preflight_answers', async () => {
    expect(await run(withCors({}, 500))).toEqual({ ...PASSED, cors_preflight_answers: 'failed' });
    const noGet = {
      'access-control-allow-origin': TRUSTED,
      'access-control-allow-methods': 'POST',
      vary: 'Origin',
    };
    expect(await run(withCors(noGet))).toEqual({ ...PASSED, cors_preflight_answers: 'failed' });
  });

  test('a reflected foreign origin fails cors_no_reflected_foreign_origin, saying so', async () => {
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        reply.header('access-control-allow-origin', request.headers.origin ?? TRUSTED);
        reply.header('vary', 'Origin');
        return payload;
      }),
    );
    const report = await check(baseUrl, { operations: ['getConfig'], loginAs: [] });
    const reflected = operation(report, 'getConfig').checks.find(
      (c) => c.id === 'cors_no_reflected_foreign_origin',
    );
    expect(reflected?.outcome).toBe('failed');
    expect(reflected?.message).toContain(`GET grants the foreign origin: GET /api/config → 200`);
    expect(reflected?.message).toContain(`access-control-allow-origin: ${FOREIGN_ORIGIN}`);
    expect(reflected?.exchanges.map((e) => e.method)).toEqual(['GET', 'OPTIONS']);
  });
});
