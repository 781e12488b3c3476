import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Report } from '../src/index.ts';
import { ERROR, operation } from './checker.ts';
import { cli, start } from './harness.ts';

// Rerunning what failed (--only-failed, --replay) and comparing two servers (--compare-with).

describe('the conformance checker finds a broken server', () => {
  test('--only-failed reruns the operations that failed in the last report', async () => {
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        if (request.url === '/api/config') await reply.code(500).send(ERROR);
      }),
    );
    const out = mkdtempSync(join(tmpdir(), 'conformance-'));
    const first = await cli([
      '--base-url',
      baseUrl,
      '--out',
      out,
      '--operation',
      'getConfig,listBranches',
    ]);
    expect(first.code).toBe(1);
    const html = readFileSync(join(out, 'conformance-report.html'), 'utf8');
    expect(html).toContain('<h2>Most common failures</h2>');
    const rerun = await cli(['--base-url', baseUrl, '--out', out, '--only-failed']);
    expect(rerun.code).toBe(1);
    const report = JSON.parse(readFileSync(join(out, 'conformance-report.json'), 'utf8')) as Report;
    expect(report.operations.map((o) => o.operationId)).toEqual(['getConfig']);
    expect(rerun.printed).toContain('Rerunning the 1 operations that failed: getConfig');
    expect(first.printed + rerun.printed).toContain('Most common failures:');
  }, 30_000);

  test('--only-failed reruns only the failed checks of an operation whose answers were fine', async () => {
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        // An invalid token answers 401 with the wrong code (documented status, valid body).
        if (request.url === '/api/me' && reply.statusCode === 401 && request.headers.authorization)
          return JSON.stringify({ UserMessage: 'No.', Code: 'forbidden' });
        return payload;
      }),
    );
    const out = mkdtempSync(join(tmpdir(), 'conformance-'));
    const first = await cli([
      '--base-url',
      baseUrl,
      '--out',
      out,
      '--login-as',
      'patient',
      '--operation',
      'getMe',
      '--seed',
      '7',
    ]);
    expect(first.code).toBe(1);
    const before = JSON.parse(readFileSync(join(out, 'conformance-report.json'), 'utf8')) as Report;
    const failedNames = operation(before, 'getMe')
      .checks.filter((c) => c.outcome === 'failed')
      .map((c) => c.name);
    expect(failedNames).toContain('answers 401 unauthorized with an invalid token');
    const rerun = await cli([
      '--base-url',
      baseUrl,
      '--out',
      out,
      '--login-as',
      'patient',
      '--only-failed',
    ]);
    expect(rerun.code).toBe(1);
    expect(rerun.printed).toContain(
      `(${failedNames.length} failed checks of 1 operations alone; every check of 0 operations`,
    );
    const after = JSON.parse(readFileSync(join(out, 'conformance-report.json'), 'utf8')) as Report;
    const names = operation(after, 'getMe').checks.map((c) => c.name);
    // The failed checks again (a flow's step with the flow before it), not the ones that passed.
    expect(names).toEqual(expect.arrayContaining(failedNames));
    expect(names).not.toContain('answers 401 unauthorized without a token');
    expect(operation(before, 'getMe').checks.length).toBeGreaterThan(names.length + 2);
  }, 60_000);

  test("--replay reruns a report's failed checks against another server", async () => {
    const broken = await start((app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.url === '/api/me' && reply.statusCode === 401 && request.headers.authorization)
          return JSON.stringify({ UserMessage: 'No.', Code: 'forbidden' });
        return payload;
      }),
    );
    const fixed = await start();
    const out = mkdtempSync(join(tmpdir(), 'conformance-'));
    const argv = ['--login-as', 'patient', '--seed', '7'];
    const first = await cli(['--base-url', broken, '--out', out, '--operation', 'getMe', ...argv]);
    expect(first.code).toBe(1);
    const saved = join(out, 'broken.json');
    writeFileSync(saved, readFileSync(join(out, 'conformance-report.json')));
    const again = join(out, 'again');
    const onFixed = await cli(['--base-url', fixed, '--replay', saved, '--out', again, ...argv]);
    expect(onFixed.printed).toContain(`Replaying the failures of ${broken} against ${fixed}`);
    expect(onFixed.code).toBe(0);
    const onBroken = await cli(['--base-url', broken, '--replay', saved, '--out', again, ...argv]);
    expect(onBroken.code).toBe(1);
    const notAReport = await cli(['--base-url', fixed, '--replay', join(out, 'nothing.json')]);
    expect(notAReport.code).toBe(2);
    expect(notAReport.printed).toContain('--replay needs a report written by this checker');
  }, 60_000);

  test('--compare-with runs the same checks against a second server and lists what differs', async () => {
    const left = await start();
    const same = await start();
    const broken = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        if (request.url === '/api/config')
          await reply.code(418).send({ ...ERROR, Code: 'bad-request' });
      }),
    );
    const out = mkdtempSync(join(tmpdir(), 'conformance-'));
    const argv = [
      '--login-as',
      'patient',
      '--operation',
      'getConfig,listBranches,getMe',
      '--out',
      out,
    ];
    const alike = await cli(['--base-url', left, '--compare-with', same, ...argv]);
    expect(alike.printed).toContain(`0 differences between ${left} and ${same}`);
    expect(alike.code).toBe(0);
    const unlike = await cli(['--base-url', left, '--compare-with', broken, ...argv]);
    expect(unlike.code).toBe(1);
    expect(unlike.printed).toMatch(/[1-9]\d* differences between/);
    expect(unlike.printed).toMatch(
      /getConfig: answers a valid request with 2xx \(status\): a valid request → 200 \| a valid request → 418/,
    );
    const file = readFileSync(join(out, 'conformance-compare.md'), 'utf8');
    expect(file).toContain(`# Comparison: ${left} and ${broken}`);
    expect(file).toContain('| `getConfig` | answers a valid request with 2xx | outcome | passed |');
  }, 60_000);

  test('--compare-with lists by path the two keys a server adds to one answer, and nothing else', async () => {
    const left = await start();
    const right = await start((app) =>
      app.addHook('onSend', async (request, _reply, payload) => {
        if (request.url !== '/api/config' || typeof payload !== 'string') return payload;
        const config = JSON.parse(payload) as Record<string, unknown>;
        return JSON.stringify({ ...config, serverBuild: '2026.11.1', debug: { traceId: 'a1' } });
      }),
    );
    const out = mkdtempSync(join(tmpdir(), 'conformance-'));
    const argv = ['--operation', 'getConfig,listBranches', '--seed', '7', '--out', out];
    const run = await cli(['--base-url', left, '--compare-with', right, ...argv]);
    expect(run.code).toBe(1);
    const file = readFileSync(join(out, 'conformance-compare.md'), 'utf8');
    const shapes = file.split('\n').filter((line) => line.includes('| body shape'));
    expect(shapes).toEqual([
      expect.stringMatching(
        /^\| `getConfig` \| .+ \| body shape `\$\.debug` \| absent \| object \|$/,
      ),
      expect.stringMatching(
        /^\| `getConfig` \| .+ \| body shape `\$\.serverBuild` \| absent \| string \|$/,
      ),
    ]);
    expect(run.printed).toMatch(/getConfig: .+ \(body shape \$\.serverBuild\): absent \| string/);
  }, 60_000);
});
