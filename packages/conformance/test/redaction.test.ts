import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, createSeededState } from '@portal/devserver/http';
import type { CheckResult, Report } from '../src/index.ts';
import { ALL_USERS, cli, TEST_NOW, tokenEnv } from './harness.ts';

// Leaks nothing, replays everything: no credential the server issues during a run (the test
// users' tokens, the QR login's exchanged token, a login's secret and one-time code, a bank
// login's state) is in any file the run writes; each is a shell variable there, and a failed
// flow's reproducer sets them from the answers that issue them, so it replays as written.

/** The fields of an answer that carry a credential, and how long a value must be to count. */
const CREDENTIAL_FIELDS = ['access_token', 'loginSecret', 'code', 'state'];

/** Every file under a folder, recursively. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const run = promisify(execFile);

describe('a run against a server whose logout keeps the token alive', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let out: string;
  let report: Report;
  /** Every credential the server issued during the run, and the path of the answer it was in. */
  const issuedBy = new Map<string, string>();
  const issued = (): string[] => [...issuedBy.keys()];
  let printed: string;

  beforeAll(async () => {
    // A server that answers a logout but keeps the token: the QR login's token stays live, and
    // the flow's last step fails (its reproducer goes into every report).
    app = await buildApp({ webRoot: null, state: createSeededState({ now: TEST_NOW }) });
    {
      app.addHook('preHandler', async (request, reply) => {
        if (request.url === '/api/logout') await reply.code(204).send();
      });
      app.addHook('onSend', async (request, _reply, payload) => {
        if (typeof payload !== 'string' || !payload.startsWith('{')) return payload;
        try {
          const body = JSON.parse(payload) as Record<string, unknown>;
          for (const field of CREDENTIAL_FIELDS) {
            const value = body[field];
            if (typeof value === 'string' && value.length >= 16)
              issuedBy.set(value, request.url.split('?')[0] ?? '');
          }
        } catch {
          // Not JSON after all: nothing issued.
        }
        return payload;
      });
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    baseUrl = `http://127.0.0.1:${address.port}`;
    out = mkdtempSync(join(tmpdir(), 'conformance-leaks-'));
    const logins = ALL_USERS.flatMap((user) => ['--login-as', user]);
    const result = await cli([
      '--base-url',
      baseUrl,
      ...logins,
      '--seed',
      '7',
      '--out',
      out,
      '--baseline-write',
      join(out, 'baseline.yaml'),
    ]);
    printed = result.printed;
    expect(result.code).toBe(1);
    report = JSON.parse(readFileSync(join(out, 'conformance-report.json'), 'utf8')) as Report;
  }, 120_000);

  afterAll(() => app.close());

  /** The failed step of the QR login flow: the exchanged token outlived its logout. */
  function killedToken(): CheckResult {
    const found = report.operations
      .find((o) => o.operationId === 'logout')
      ?.checks.find((c) => c.name === 'kills the token: getMe answers 401 unauthorized afterwards');
    if (!found) throw new Error('the QR flow did not reach its logout step');
    expect(found.outcome).toBe('failed');
    return found;
  }

  test('no credential the server issued is in any file of --out, nor printed', async () => {
    // The four test users' tokens, the exchanged token and the dev sessions of the clock checks;
    // the QR and mobile logins' secrets and one-time codes.
    expect(issuedBy.size).toBeGreaterThan(8);
    const written = files(out);
    expect(written.map((file) => file.slice(out.length + 1)).sort()).toEqual(
      expect.arrayContaining([
        'baseline.yaml',
        'conformance-junit.xml',
        'conformance-report.html',
        'conformance-report.json',
        'conformance-report.md',
        'conformance-summary.md',
      ]),
    );
    const leaks = written.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return issued()
        .filter((value) => text.includes(value))
        .map((value) => `${file}: ${value}`);
    });
    expect(leaks).toEqual([]);
    expect(issued().filter((value) => printed.includes(value))).toEqual([]);
    // Among them the QR login's exchanged token, and tokens the server still accepts (the test
    // users'; the exchanged one idled out when the clock checks moved the dev clock on).
    expect([...issuedBy.values()]).toContain('/api/auth/token');
    const accepted: string[] = [];
    for (const value of issued()) {
      const answer = await fetch(`${baseUrl}/api/me`, {
        headers: { authorization: `Bearer ${value}`, 'x-requested-with': 'XMLHttpRequest' },
      });
      if (answer.status === 200) accepted.push(issuedBy.get(value) ?? '');
    }
    expect(accepted.filter((path) => path === '/api/dev/session').length).toBeGreaterThanOrEqual(
      ALL_USERS.length,
    );
  });

  test("the reports write the exchanged token as a variable, set from the exchange's answer", () => {
    const step = killedToken();
    const markdown = readFileSync(join(out, 'conformance-report.md'), 'utf8');
    const html = readFileSync(join(out, 'conformance-report.html'), 'utf8');
    const variable = /\$(ACCESS_TOKEN_\d+)/.exec(step.exchanges[0]?.curl ?? '')?.[1];
    expect(variable).toBeDefined();
    expect(step.reproduce).toContain(`${variable}=$(value access_token)`);
    expect(markdown).toContain(`${variable}=$(value access_token)`);
    expect(html).toContain(`${variable}=$(value access_token)`);
    expect(step.exchanges[0]?.requestHeaders.authorization).toBe(`Bearer $${variable}`);
  });

  test('the failed step replays as written: the flow obtains its own login and code', async () => {
    const step = killedToken();
    const script = step.reproduce ?? '';
    const expected = [...script.matchAll(/^# \d+\. .*→ (\d{3})$/gm)].map((m) => Number(m[1]));
    // start, pending, approve, a wrong secret, approved with its code, approve again, exchange
    // without the secret, exchange, who is it, …, logout, the token still answering.
    expect(expected.length).toBeGreaterThan(10);
    const cwd = mkdtempSync(join(tmpdir(), 'conformance-replay-'));
    // Asynchronous: the server runs in this process.
    const { stdout } = await run('bash', ['-c', script], { env: await tokenEnv(baseUrl), cwd });
    const statuses = [...stdout.matchAll(/^HTTP\/[\d.]+ (\d{3})/gm)].map((m) => Number(m[1]));
    expect(statuses).toEqual(expected);
    expect(statuses.at(-1)).toBe(200);
  });
});
