import { describe, expect, test } from 'vitest';
import {
  formatTable,
  GENERATED_CHECK,
  GENERATED_QUERY_CHECK,
  tokenVariable,
  type Report,
} from '../src/index.ts';
import { check, failed, operation } from './checker.ts';
import { start, tokenEnv } from './harness.ts';

// Bodies and query strings generated from the schemas, which find a server stricter than its
// contract.

describe('bodies generated from the schemas (--seed, --max-examples)', () => {
  const takes = (report: Report, id: string) =>
    operation(report, id).checks.find((c) => c.name === GENERATED_CHECK);
  const bodiesOf = (report: Report, id: string): string[] =>
    (takes(report, id)?.exchanges ?? [])
      .filter((e) => e.label.startsWith('generated body'))
      .map((e) => e.requestBody);

  test('find a server stricter than its contract, and the same seed sends the same bodies', async () => {
    // A server that refuses rule texts beyond ASCII, which the contract's pattern lets through.
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        const body = request.body as { description?: unknown } | undefined;
        if (
          request.method === 'POST' &&
          request.url === '/api/admin/rules' &&
          typeof body?.description === 'string' &&
          /[^\x20-\x7e]/.test(body.description)
        ) {
          await reply.code(400).send({
            UserMessage: 'Check the highlighted fields.',
            Code: 'validation-failed',
            Errors: [{ field: 'description', errorMessage: 'ASCII only.' }],
          });
        }
      }),
    );
    const options = {
      operations: ['createRule'],
      loginAs: ['content-manager'] as const,
      seed: 20261127,
      maxExamples: 4,
    };
    const first = await check(baseUrl, options);
    expect(failed(first, 'createRule', GENERATED_CHECK)).toMatch(
      /of 4 bodies valid by the contract were refused \(seed 20261127\): body \d \((min|max|random)\): POST \/api\/admin\/rules → 400/,
    );
    expect(first.generated).toEqual({ seed: 20261127, maxExamples: 4 });
    expect(formatTable(first, 200)).toContain(
      'Generated bodies: up to 4 per operation, seed 20261127 (--seed 20261127 repeats them)',
    );
    const again = await check(baseUrl, options);
    expect(bodiesOf(again, 'createRule')).toEqual(bodiesOf(first, 'createRule'));
    expect(bodiesOf(first, 'createRule')).toHaveLength(4);
    const other = await check(baseUrl, { ...options, seed: 1 });
    expect(bodiesOf(other, 'createRule')).not.toEqual(bodiesOf(first, 'createRule'));
  }, 60_000);

  test('generated query strings find a server stricter than its contract on a parameter', async () => {
    // A server that refuses pages of more than 50 patients, which the contract allows up to 100.
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        const query = request.query as { pageSize?: unknown } | undefined;
        if (request.url.startsWith('/api/admin/patients?') && Number(query?.pageSize) > 50) {
          await reply.code(400).send({
            UserMessage: 'Check the highlighted fields.',
            Code: 'validation-failed',
            Errors: [{ field: 'pageSize', errorMessage: 'At most 50.' }],
          });
        }
      }),
    );
    const report = await check(baseUrl, {
      operations: ['listPatients'],
      loginAs: ['admin'],
      seed: 20261127,
      maxExamples: 3,
    });
    // The second query has every parameter at its upper bound: pageSize 100.
    expect(failed(report, 'listPatients', GENERATED_QUERY_CHECK)).toMatch(
      /of 3 query strings valid by the contract were refused \(seed 20261127\): query 2 \(max\) \{[^}]*"pageSize":100[^}]*\}: GET \/api\/admin\/patients → 400/,
    );
    const sent = operation(report, 'listPatients')
      .checks.flatMap((c) => c.exchanges)
      .filter((e) => e.label.startsWith('generated query'));
    expect(sent).toHaveLength(3);
    expect(sent[0]?.url).not.toContain('pageSize');
  }, 60_000);

  test('--max-examples bounds them, 0 sends none; what a create made is deleted', async () => {
    const baseUrl = await start();
    const admin = (await tokenEnv(baseUrl))[tokenVariable('admin')] ?? '';
    const rules = async (): Promise<unknown> =>
      (
        await fetch(`${baseUrl}/api/admin/rules`, { headers: { authorization: `Bearer ${admin}` } })
      ).json();
    const before = await rules();
    const two = await check(baseUrl, { operations: ['createRule', 'deleteRule'], maxExamples: 2 });
    expect(bodiesOf(two, 'createRule')).toHaveLength(2);
    expect(takes(two, 'createRule')?.outcome).toBe('passed');
    expect(await rules()).toEqual(before);
    const none = await check(baseUrl, { operations: ['createRule'], maxExamples: 0 });
    expect(takes(none, 'createRule')).toBeUndefined();
  }, 60_000);
});
