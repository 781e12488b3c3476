import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { toHtml, toJUnit, toMarkdown, type Report } from '../src/index.ts';
import { exitCode } from '../src/outcome.ts';
import { check, ERROR, failed, operation } from './checker.ts';
import { cli, start } from './harness.ts';

// --max-time: a time box. Once it has run out no new check starts; what did not run is listed as
// not run and the exit code says so (3), while a failure found before it still fails (1). The
// clock is the test's own, moved by the server as it answers: nothing here depends on how fast
// the machine is.

const NOT_RUN = 'not run: the time was up (--max-time 30 s)';

/**
 * A run of three reads with a time box of 30 s on a clock that only the server moves: a minute
 * passes while it answers `GET /api/branches` (the reads go in the contract's order: `getMe`,
 * `listBranches`, `getConfig`).
 */
async function timeBoxed(breakBranches: boolean): Promise<Report> {
  let now = 0;
  const baseUrl = await start((app) =>
    app.addHook('preHandler', async (request, reply) => {
      if (!request.url.startsWith('/api/branches')) return;
      now += 60_000;
      if (breakBranches) await reply.code(500).send(ERROR);
    }),
  );
  return check(baseUrl, {
    operations: ['getMe', 'listBranches', 'getConfig'],
    loginAs: [],
    maxTimeSeconds: 30,
    now: () => now,
  });
}

describe('--max-time', () => {
  test('no check starts once the time is up; those that did not are listed as not run (exit 3)', async () => {
    const report = await timeBoxed(false);
    // The read of listBranches began in time and ran to its end; nothing began after it.
    expect(
      operation(report, 'listBranches').checks.find((c) => c.id === 'valid_read_succeeds'),
    ).toMatchObject({ outcome: 'passed' });
    const getConfig = operation(report, 'getConfig').checks;
    expect(getConfig.length).toBeGreaterThan(3);
    expect(getConfig.every((c) => c.outcome === 'skipped' && c.message === NOT_RUN)).toBe(true);
    const notRun = report.operations.flatMap((o) => o.checks).filter((c) => c.message === NOT_RUN);
    // Check 1 read listBranches (getMe's read, without a token, was skipped before it began);
    // check 2, getConfig's read, was the first not to start.
    expect(report.timeUp).toEqual({ maxTimeSeconds: 30, atCheck: 2, notRun: notRun.length });
    expect(report.totals.failed).toBe(0);
    expect(report.ok).toBe(false);
    expect(exitCode(report)).toBe(3);
    // Every report says so.
    const line = `the time was up after 30 s (--max-time) at check 2: ${notRun.length} checks not run`;
    expect(toMarkdown(report)).toContain('## The time was up');
    expect(toMarkdown(report)).toContain(`- Result: **${line}`);
    expect(toHtml(report)).toContain('<h3>The time was up</h3>');
    expect(toJUnit(report)).toContain(`<skipped message="${NOT_RUN}"/>`);
  });

  test('a check that failed before the time was up still fails the run (exit 1)', async () => {
    const report = await timeBoxed(true);
    expect(failed(report, 'listBranches', 'answers a valid request with 2xx')).toMatch(/→ 500/);
    expect(report.timeUp?.notRun).toBeGreaterThan(3);
    expect(exitCode(report)).toBe(1);
  });

  test('from the command line: a server slower than the time box exits 3, every check not run', async () => {
    // Each answer takes 100 ms: the first one, before any check, outlasts a box of 0.05 s.
    const baseUrl = await start((app) =>
      app.addHook('onRequest', async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }),
    );
    const out = mkdtempSync(join(tmpdir(), 'conformance-time-'));
    const run = await cli([
      '--base-url',
      baseUrl,
      '--operation',
      'getConfig,listBranches',
      '--max-time',
      '0.05',
      '--out',
      out,
    ]);
    expect(run.code).toBe(3);
    expect(run.printed).toMatch(
      /^TIME UP: the time was up after 0\.05 s \(--max-time\) at check 1: \d+ checks not run$/m,
    );
    const report = JSON.parse(readFileSync(join(out, 'conformance-report.json'), 'utf8')) as Report;
    const checks = report.operations.flatMap((o) => o.checks);
    expect(checks.length).toBeGreaterThan(5);
    expect(checks.every((c) => c.message === 'not run: the time was up (--max-time 0.05 s)')).toBe(
      true,
    );
  });

  test.each(['0', '0.0', 'soon'])('--max-time %s is a usage error (exit 2)', async (value) => {
    const run = await cli(['--base-url', 'http://127.0.0.1:9', '--max-time', value]);
    expect(run.code).toBe(2);
    expect(run.printed).toContain(`--max-time expects a number of seconds above 0, got "${value}"`);
  });
});
