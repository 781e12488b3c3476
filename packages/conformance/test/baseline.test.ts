import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import type { BaselineEntry, Report } from '../src/index.ts';
import { ERROR, operation } from './checker.ts';
import { cli, start } from './harness.ts';

// A baseline of known failures (--baseline): what it lists is reported as known and does not
// fail the run; an expired entry fails again and says so; an entry that no longer fails is stale,
// and --baseline-prune takes it out; --baseline-write writes one from a run's failures.

/** A dev server whose getConfig answers 418 (an undocumented status: two checks fail). */
async function broken(): Promise<string> {
  return start((app) =>
    app.addHook('preHandler', async (request, reply) => {
      if (request.url === '/api/config')
        await reply.code(418).send({ ...ERROR, Code: 'bad-request' });
    }),
  );
}

const folder = (): string => mkdtempSync(join(tmpdir(), 'conformance-baseline-'));
const ARGV = ['--operation', 'getConfig,listBranches', '--seed', '7'];

function reportIn(out: string): Report {
  return JSON.parse(readFileSync(join(out, 'conformance-report.json'), 'utf8')) as Report;
}

function entriesIn(file: string): BaselineEntry[] {
  return (parse(readFileSync(file, 'utf8')) as { known: BaselineEntry[] }).known;
}

/** Writes a baseline file of these entries (with a comment, as a team keeps one). */
function baselineFile(dir: string, entries: readonly BaselineEntry[]): string {
  const file = join(dir, 'baseline.yaml');
  writeFileSync(file, `# our known failures\n${stringify({ known: entries })}`);
  return file;
}

describe('--baseline', () => {
  test("--baseline-write writes a run's failures; with reason and ticket filled in they are known, and the run passes", async () => {
    const baseUrl = await broken();
    const dir = folder();
    const written = join(dir, 'written.yaml');
    const first = await cli([
      '--base-url',
      baseUrl,
      ...ARGV,
      '--out',
      dir,
      '--baseline-write',
      written,
    ]);
    expect(first.code).toBe(1);
    const failedChecks = reportIn(dir).operations.flatMap((o) =>
      o.checks.filter((c) => c.outcome === 'failed').map((c) => `${o.operationId} ${c.id}`),
    );
    expect(failedChecks).toEqual(
      expect.arrayContaining([
        'getConfig valid_read_succeeds',
        'getConfig status_code_conformance',
      ]),
    );
    const entries = entriesIn(written);
    expect(first.printed).toContain(
      `Baseline: wrote ${entries.length} entries to ${written} (fill in each reason and ticket)`,
    );
    expect(entries.map((e) => `${e.operation} ${e.check}`)).toEqual(failedChecks);
    for (const entry of entries) {
      expect(entry).toMatchObject({ reason: '', ticket: '', name: expect.any(String) });
      expect(entry.expires).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // 90 days after the run.
      const days =
        (Date.parse(entry.expires) - Date.parse(reportIn(dir).startedAt.slice(0, 10))) / 86_400_000;
      expect(days).toBe(90);
    }
    expect(readFileSync(written, 'utf8')).toMatch(
      /^# Known failures for portal-conformance --baseline/,
    );

    const file = baselineFile(
      dir,
      entries.map((e) => ({
        ...e,
        reason: 'the config cache answers 418 when cold',
        ticket: 'PORTAL-12',
      })),
    );
    const second = await cli(['--base-url', baseUrl, ...ARGV, '--out', dir, '--baseline', file]);
    expect(second.code).toBe(0);
    const report = reportIn(dir);
    expect(report.ok).toBe(true);
    expect(report.totals).toMatchObject({ failed: 0, known: entries.length });
    const known = report.operations.flatMap((o) => o.checks.filter((c) => c.outcome === 'known'));
    expect(known.map((c) => c.known)).toEqual(
      entries.map((e) => ({
        reason: 'the config cache answers 418 when cold',
        ticket: 'PORTAL-12',
        expires: e.expires,
      })),
    );
    expect(report.baseline).toEqual({
      file,
      known: entries.length,
      expired: [],
      stale: [],
      unchecked: [],
    });
    expect(second.printed).toContain(
      `RESULT: no check failed but ${entries.length} known failures (baseline)`,
    );
    expect(second.printed).toMatch(
      /^KNOWN getConfig: valid_read_succeeds \(answers a valid request with 2xx\) until \d{4}-\d{2}-\d{2}, PORTAL-12: the config cache answers 418 when cold$/m,
    );
    const junit = readFileSync(join(dir, 'conformance-junit.xml'), 'utf8');
    expect(junit).toMatch(
      /<skipped message="known failure until \d{4}-\d{2}-\d{2} \(PORTAL-12: the config cache answers 418 when cold\): /,
    );
    expect(junit).toMatch(/<testsuites [^>]* failures="0" /);
    expect(readFileSync(join(dir, 'conformance-report.md'), 'utf8')).toContain('## Baseline');
    expect(readFileSync(join(dir, 'conformance-report.html'), 'utf8')).toContain(
      '<h2>Baseline</h2>',
    );
  }, 60_000);

  test('an expired entry fails again and says it expired', async () => {
    const baseUrl = await broken();
    const dir = folder();
    const expired: BaselineEntry = {
      operation: 'getConfig',
      check: 'valid_read_succeeds',
      reason: 'cold cache',
      ticket: 'PORTAL-12',
      expires: '2000-01-31',
    };
    const live: BaselineEntry = {
      ...expired,
      check: 'status_code_conformance',
      expires: '2999-12-31',
    };
    const file = baselineFile(dir, [expired, live]);
    const run = await cli(['--base-url', baseUrl, ...ARGV, '--out', dir, '--baseline', file]);
    expect(run.code).toBe(1);
    const report = reportIn(dir);
    const read = operation(report, 'getConfig').checks.find((c) => c.id === 'valid_read_succeeds');
    expect(read?.outcome).toBe('failed');
    expect(read?.message).toMatch(
      /^the known failure expired on 2000-01-31 \(PORTAL-12: cold cache\): expected 2xx, got GET \/api\/config → 418/,
    );
    expect(report.baseline?.expired).toEqual([expired]);
    expect(report.baseline?.known).toBe(1);
    expect(run.printed).toContain(
      'EXPIRED on 2000-01-31: getConfig: valid_read_succeeds, PORTAL-12: cold cache: fails again',
    );
  }, 60_000);

  test('an entry that no longer fails is stale, and --baseline-prune takes it out of the file', async () => {
    const baseUrl = await start();
    const dir = folder();
    const stale: BaselineEntry = {
      operation: 'getConfig',
      check: 'valid_read_succeeds',
      name: 'answers a valid request with 2xx',
      reason: 'cold cache',
      ticket: 'PORTAL-12',
      expires: '2999-12-31',
    };
    // An operation this run does not check: not stale, it stays.
    const unchecked: BaselineEntry = {
      ...stale,
      operation: 'getMe',
      name: 'answers a valid request with 2xx',
    };
    const file = baselineFile(dir, [stale, unchecked]);
    const seen = await cli(['--base-url', baseUrl, ...ARGV, '--out', dir, '--baseline', file]);
    expect(seen.code).toBe(0);
    expect(reportIn(dir).baseline).toMatchObject({
      known: 0,
      stale: [stale],
      unchecked: [unchecked],
    });
    expect(seen.printed).toContain(
      'STALE: getConfig: valid_read_succeeds (answers a valid request with 2xx), PORTAL-12: cold cache: no longer fails',
    );
    const pruned = await cli([
      '--base-url',
      baseUrl,
      ...ARGV,
      '--out',
      dir,
      '--baseline',
      file,
      '--baseline-prune',
    ]);
    expect(pruned.code).toBe(0);
    expect(pruned.printed).toContain(`Baseline: removed 1 stale entries from ${file}`);
    expect(entriesIn(file)).toEqual([unchecked]);
    expect(readFileSync(file, 'utf8')).toMatch(/^# our known failures\n/);
  }, 60_000);

  test.each([
    [
      { check: 'valid_read_succeed' },
      'entry 1: unknown check id "valid_read_succeed"; did you mean valid_read_succeeds?',
    ],
    [{ expires: '31.12.2026' }, 'entry 1: expires must be a date, YYYY-MM-DD, got "31.12.2026"'],
    [{ expiry: '2026-12-31' }, 'entry 1: unknown key expiry'],
    [{ operation: 'getConfg' }, 'the contract has no operation getConfg'],
  ])('a baseline entry with %j is a usage error (exit 2)', async (change, message) => {
    const dir = folder();
    const entry = {
      operation: 'getConfig',
      check: 'valid_read_succeeds',
      reason: '',
      ticket: '',
      expires: '2999-12-31',
      ...change,
    };
    const file = join(dir, 'baseline.yaml');
    writeFileSync(file, stringify({ known: [entry] }));
    const baseUrl = await start();
    const run = await cli(['--base-url', baseUrl, ...ARGV, '--out', dir, '--baseline', file]);
    expect(run.code).toBe(2);
    expect(run.printed).toContain(message);
  });

  test('--baseline-prune without --baseline is a usage error', async () => {
    const run = await cli(['--base-url', 'http://127.0.0.1:9', '--baseline-prune']);
    expect(run.code).toBe(2);
    expect(run.printed).toContain('--baseline-prune goes with --baseline FILE');
  });
});
