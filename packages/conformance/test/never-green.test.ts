import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { formatTable, runConformance, tokenVariable } from '../src/index.ts';
import { check } from './checker.ts';
import { cli, listen, start, tokenEnv } from './harness.ts';
import { buildApp } from '@portal/devserver/http';

// What stops a run or fails it rather than pass by accident: rejected or wrong tokens, dev-mode
// options without dev mode, skipped checks.

describe('the checker is never green by accident', () => {
  test('a token the server rejects stops the run before any check, naming the user', async () => {
    const baseUrl = await start();
    await expect(
      runConformance({ baseUrl, tokens: { admin: 'expired-or-foreign' }, operations: ['getMe'] }),
    ).rejects.toThrow(/stopped before checking[\s\S]*the token for admin is rejected \(401\)/);
    const out = mkdtempSync(join(tmpdir(), 'conformance-'));
    const run = await cli(['--base-url', baseUrl, '--token', 'admin=expired', '--out', out]);
    expect(run.code).toBe(2);
    expect(run.printed).toContain('the token for admin is rejected (401)');
  });

  test('a token of another kind of user stops it too (a patient given as admin, first-login who accepted)', async () => {
    const baseUrl = await start();
    const env = await tokenEnv(baseUrl);
    const patient = env[tokenVariable('patient')] ?? '';
    const error = await runConformance({
      baseUrl,
      tokens: { admin: patient, 'first-login': patient },
      operations: ['getMe'],
    }).catch((caught: unknown) => caught as Error);
    expect(String(error)).toContain(
      'the token for admin belongs to a user whose WebRole is "patient", not admin',
    );
    expect(String(error)).toContain('the token for first-login belongs to a user who has accepted');
  });

  test('--login-as or --reset against a server without dev mode says so and exits 2', async () => {
    const app = await buildApp({ webRoot: null, devMode: false });
    const baseUrl = await listen(app);
    const run = await cli(['--base-url', baseUrl, '--login-as', 'patient', '--reset']);
    expect(run.code).toBe(2);
    expect(run.printed).toContain(
      `--login-as and --reset need a dev server in dev mode, and ${baseUrl} is not one (x-dev-mode: false)`,
    );
  });

  test('skipped checks are always counted, and fail the run with --fail-on-skipped', async () => {
    const baseUrl = await start();
    const options = { baseUrl, operations: ['getMe', 'getConfig'], timeoutMs: 5000 };
    const lenient = await runConformance(options);
    expect(lenient.ok).toBe(true);
    const { skipped, checks } = lenient.totals;
    expect(skipped).toBeGreaterThan(0);
    expect(formatTable(lenient, 200)).toContain(
      `RESULT: every check that ran passed; ${skipped} of ${checks} checks skipped (--fail-on-skipped fails on them)`,
    );
    const strict = await runConformance({ ...options, failOnSkipped: true });
    expect(strict.ok).toBe(false);
    expect(formatTable(strict, 200)).toContain(
      `RESULT: no check failed, but ${skipped} of ${checks} checks skipped (--fail-on-skipped)`,
    );
    const out = mkdtempSync(join(tmpdir(), 'conformance-'));
    const run = await cli([
      '--base-url',
      baseUrl,
      '--operation',
      'getMe',
      '--fail-on-skipped',
      '--out',
      out,
    ]);
    expect(run.code).toBe(1);
    // With every user signed in, nothing is skipped for getMe and the same option passes.
    const full = await check(baseUrl, { operations: ['getMe'], failOnSkipped: true });
    expect(full.totals.skipped).toBe(0);
    expect(full.ok).toBe(true);
  }, 30_000);
});
