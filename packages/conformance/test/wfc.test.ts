import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { toWfc, WFC_SCHEMA_VERSION, type Report } from '../src/index.ts';
import { check, ERROR } from './checker.ts';
import { cli, start } from './harness.ts';

// The Web Fuzzing Commons report (conformance-wfc.json) beside the others, valid against WFC's
// own report schema (vendor/wfc/report.yaml, copied from WebFuzzing/Commons v0.6.0).

const schema = parse(
  readFileSync(new URL('../vendor/wfc/report.yaml', import.meta.url), 'utf8'),
) as Record<string, unknown>;

/** WFC's schema, compiled as its own tools read it (JSON Schema 2020-12, formats checked). */
function validator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  return ajv.compile(schema);
}

interface Wfc {
  schemaVersion: string;
  toolName: string;
  totalTests: number;
  faults: {
    totalNumber: number;
    foundFaults: Array<{
      endpointId: string;
      testCaseId: string;
      faultCategories: Array<{ code: number; context: string }>;
    }>;
  };
  problemDetails: { rest: { endpointIds: string[]; evaluatedHttpCalls: number } };
  testCases: Array<{ id: string; name: string }>;
}

describe('the WFC report', () => {
  test('of a run with failures is valid against the WFC schema, each failure a fault', async () => {
    const baseUrl = await start((app) => {
      app.addHook('preHandler', async (request, reply) => {
        if (request.url === '/api/config') await reply.code(500).send(ERROR);
      });
      // A patient allowed to list the patients.
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.url.split('?')[0] !== '/api/admin/patients' || reply.statusCode !== 403)
          return payload;
        reply.code(200);
        return JSON.stringify({ items: [], total: 0, page: 1, pageSize: 20 });
      });
    });
    const report = await check(baseUrl, {
      operations: ['getConfig', 'listPatients', 'getMe'],
      maxExamples: 1,
    });
    const wfc = toWfc(report) as unknown as Wfc;
    const validate = validator();
    expect(validate(wfc), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(wfc).toMatchObject({
      schemaVersion: WFC_SCHEMA_VERSION,
      toolName: 'portal-conformance',
    });
    const ran = report.operations.flatMap((o) => o.checks).filter((c) => c.outcome !== 'skipped');
    expect(wfc.totalTests).toBe(ran.length);
    expect(wfc.testCases.map((t) => t.id)).toContain('getConfig:valid_read_succeeds:1');
    expect(wfc.problemDetails.rest.endpointIds).toEqual([
      'GET:/api/me',
      'GET:/api/config',
      'GET:/api/admin/patients',
    ]);
    expect(wfc.problemDetails.rest.evaluatedHttpCalls).toBe(report.requests);
    const failed = report.totals.failed;
    expect(wfc.faults.foundFaults).toHaveLength(failed);
    const codes = (testCaseId: string) =>
      wfc.faults.foundFaults
        .find((f) => f.testCaseId === testCaseId)
        ?.faultCategories.map((c) => c.code);
    // A 500: WFC's 100; as an answer the contract does not document, 101 as well.
    expect(codes('getConfig:valid_read_succeeds:1')).toEqual([100]);
    expect(codes('getConfig:status_code_conformance:1')).toEqual([100, 101]);
    // A patient given the staff's list: a missed authorization check, 206.
    expect(codes('listPatients:forbidden_for_other_roles:1')).toEqual([206]);
  });

  test('is written beside the others, and of a run that passes is valid too', async () => {
    const baseUrl = await start();
    const out = mkdtempSync(join(tmpdir(), 'conformance-wfc-'));
    const run = await cli([
      '--base-url',
      baseUrl,
      '--operation',
      'getConfig,listBranches,getMe',
      '--login-as',
      'patient',
      '--out',
      out,
    ]);
    expect(run.code).toBe(0);
    expect(run.printed).toContain(`WFC: ${join(out, 'conformance-wfc.json')}`);
    const wfc = JSON.parse(readFileSync(join(out, 'conformance-wfc.json'), 'utf8')) as Wfc;
    const validate = validator();
    expect(validate(wfc), JSON.stringify(validate.errors, null, 2)).toBe(true);
    const report = JSON.parse(readFileSync(join(out, 'conformance-report.json'), 'utf8')) as Report;
    expect(wfc).toEqual(JSON.parse(JSON.stringify(toWfc(report))));
    expect(wfc.faults).toEqual({ totalNumber: 0, foundFaults: [] });
  });

  test('the schema catches a report that breaks it (the validation is not a formality)', () => {
    const validate = validator();
    expect(validate({ schemaVersion: WFC_SCHEMA_VERSION })).toBe(false);
    const broken = {
      ...(toWfc({
        ...emptyReport(),
      }) as Record<string, unknown>),
      totalTests: -1,
    };
    expect(validate(broken)).toBe(false);
  });
});

/** A report of a run that checked nothing (for the schema's own test). */
function emptyReport(): Report {
  const totals = {
    operations: 0,
    failingOperations: 0,
    checks: 0,
    passed: 0,
    failed: 0,
    skipped: 0,
    known: 0,
    warnings: 0,
  };
  const share = { documented: 0, reached: 0 };
  const counts = { passed: 0, failed: 0, skipped: 0, known: 0, warning: 0 };
  return {
    baseUrl: 'http://127.0.0.1:9',
    contract: { title: 't', version: '1', sha256: '0', path: null },
    startedAt: '2026-11-23T08:00:00.000Z',
    durationMs: 0,
    signedIn: [],
    destructive: true,
    setup: [],
    requests: 0,
    operations: [],
    published: totals,
    proposed: totals,
    totals,
    failOnSkipped: false,
    coverage: {
      operations: share,
      statuses: share,
      parameters: share,
      examples: share,
      keywords: share,
      byCategory: { contract: counts, auth: counts, business: counts, dev: counts },
    },
    generated: { seed: 1, maxExamples: 0 },
    ok: true,
  };
}
