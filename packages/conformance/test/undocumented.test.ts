import { describe, expect, test } from 'vitest';
import {
  formatTable,
  toHtml,
  toJUnit,
  toMarkdown,
  toMarkdownSummary,
  warningLines,
  type ConformanceOptions,
  type Report,
} from '../src/index.ts';
import { exitCode, resultLine } from '../src/outcome.ts';
import { toWfc } from '../src/report-wfc.ts';
import { undocumentedProperties } from '../src/undocumented.ts';
import { check, operation } from './checker.ts';
import { start } from './harness.ts';

// The documented properties of a schema, read through $ref, allOf, oneOf and anyOf, are the
// closed set a patient's view is held to (no_undocumented_properties).

const document = {
  components: {
    schemas: {
      Base: { type: 'object', properties: { id: { type: 'integer' } } },
      Coupon: {
        allOf: [
          { $ref: '#/components/schemas/Base' },
          {
            type: 'object',
            properties: {
              name: { type: 'string' },
              branches: { type: 'array', items: { $ref: '#/components/schemas/Branch' } },
              price: {
                oneOf: [
                  { type: 'null' },
                  { type: 'object', properties: { cents: { type: 'integer' } } },
                ],
              },
              texts: { type: 'object', additionalProperties: { type: 'string' } },
              extra: { type: 'object' },
            },
          },
        ],
      },
      Branch: { type: 'object', properties: { Id: { type: 'integer' } } },
    },
  },
};
const coupons = { type: 'array', items: { $ref: '#/components/schemas/Coupon' } };

describe('undocumented properties', () => {
  test('a body with only documented properties (through allOf, oneOf, maps) has none', () => {
    const body = [
      {
        id: 1,
        name: 'Kesäetu',
        branches: [{ Id: 3 }],
        price: { cents: 500 },
        texts: { fi: 'Etu', sv: 'Förmån' },
        extra: { anything: true },
      },
      { id: 2, name: 'Talvietu', branches: [], price: null, texts: {} },
    ];
    expect(undocumentedProperties(document, [coupons], body)).toEqual([]);
  });

  test('names each undocumented property by its path, at any depth', () => {
    const body = [
      { id: 1, name: 'Kesäetu', redemptionCount: 37 },
      { id: 2, branches: [{ Id: 3, staffNote: 'x' }], price: { cents: 1, cost: 0 } },
      { id: 3, 'redeemed-by': 'Matti Virtanen' },
    ];
    expect(undocumentedProperties(document, [coupons], body)).toEqual([
      '$[0].redemptionCount',
      '$[1].branches[0].staffNote',
      '$[1].price.cost',
      '$[2]["redeemed-by"]',
    ]);
  });
});

describe("undocumented properties outside a patient's view: a warning, never a failure", () => {
  const CHECK = 'no_undocumented_properties';

  /** A dev server whose staff coupon list carries a field its schema does not document. */
  async function run(options: Partial<ConformanceOptions> = {}): Promise<Report> {
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.url.split('?')[0] !== '/api/admin/coupons' || reply.statusCode !== 200)
          return payload;
        const body: unknown = JSON.parse(String(payload));
        const leak = (c: unknown) => ({ ...(c as object), internalCostCents: 120 });
        return JSON.stringify(Array.isArray(body) ? body.map(leak) : leak(body));
      }),
    );
    return check(baseUrl, {
      operations: ['adminListCoupons', 'listCoupons'],
      loginAs: ['patient', 'admin', 'content-manager'],
      checks: [CHECK, 'valid_read_succeeds'],
      ...options,
    });
  }

  test('a staff operation warns with the property; the run passes (exit 0) and every report says so', async () => {
    const report = await run();
    const staff = operation(report, 'adminListCoupons').checks.filter((c) => c.id === CHECK);
    expect(staff.map((c) => c.outcome)).toEqual(['warning']);
    expect(staff[0]?.message).toMatch(/does not document: \$\.internalCostCents/);
    const patient = operation(report, 'listCoupons').checks.filter((c) => c.id === CHECK);
    expect(patient.map((c) => c.outcome)).toEqual(['passed']);
    expect(report.totals).toMatchObject({ failed: 0, warnings: 1 });
    expect(report.ok).toBe(true);
    expect(exitCode(report)).toBe(0);
    expect(resultLine(report)).toMatch(/; 1 warnings \(not failures\)$/);
    expect(warningLines(report)).toEqual([
      expect.stringMatching(/^adminListCoupons: .*internalCostCents/),
    ]);
    expect(formatTable(report)).toMatch(/Warnings \(1, not failures\):\n {2}adminListCoupons/);
    expect(toMarkdown(report)).toMatch(/## Warnings[\s\S]*`adminListCoupons`[\s\S]*curl/);
    expect(toMarkdownSummary(report)).toMatch(/Warnings \(1, not failures\)/);
    expect(toHtml(report)).toMatch(/<h2 id="warnings">Warnings<\/h2>[\s\S]*internalCostCents/);
    const junit = toJUnit(report);
    expect(junit).toMatch(/failures="0"/);
    expect(junit).toMatch(/<system-out>warning: [^<]*internalCostCents/);
    const wfc = toWfc(report) as { warnings: Array<{ category: string; message: string }> };
    expect(wfc.warnings.filter((w) => w.category === 'warning')).toEqual([
      {
        category: 'warning',
        message: expect.stringMatching(/^GET:\/api\/admin\/coupons no_undocumented_properties: /),
        displayPriority: 2,
      },
    ]);
  }, 60_000);

  test('a baseline entry for a check that only warns knows nothing: it is stale', async () => {
    const entry = {
      operation: 'adminListCoupons',
      check: CHECK,
      reason: 'staff figures',
      ticket: 'T-1',
      expires: '2099-01-01',
    };
    const report = await run({ baseline: { file: 'baseline.yaml', entries: [entry] } });
    expect(report.totals).toMatchObject({ known: 0, warnings: 1 });
    expect(report.baseline?.stale).toEqual([entry]);
  }, 60_000);
});
