import { describe, expect, test } from 'vitest';
import { indexContract } from '@portal/sdk/contract';

// Every tool reads the contract's object schemas alike: each `required` names properties declared
// beside it. JSON Schema lets a `required` name what an `allOf` member declares, but Specmatic (a
// Java contract-testing tool) pins a `required` written beside an `allOf` on the member and then
// refuses the contract: it read `PageMeta.required: [items]` from a page that listed `items` and
// the paging fields beside `allOf: [PageMeta]`, and `ChatConversationSummary.required: [messages]`
// likewise.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every schema whose `required` names a property its own `properties` do not declare, where it
 * declares `properties` or composes with `allOf`, `anyOf` or `oneOf` (each `required` then belongs
 * in the branch that declares its properties, as `ArticlePage` has it). Compositions are not looked
 * through on purpose: what JSON Schema reads through them, Specmatic misreads. A `required` alone
 * (a branch making a property of another branch required) is left to JSON Schema. Examples are
 * values, not schemas, and are not walked.
 */
function misplacedRequired(document: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${pointer}/${i}`));
    if (!isObject(node)) return;
    const { required, properties } = node;
    const composed = ['allOf', 'anyOf', 'oneOf'].filter((key) => Array.isArray(node[key]));
    if (Array.isArray(required) && (isObject(properties) || composed.length > 0)) {
      const declared = isObject(properties) ? Object.keys(properties) : [];
      const undeclared = required.filter((name) => !declared.includes(String(name)));
      if (undeclared.length > 0) {
        const beside =
          composed.length > 0
            ? ` (beside ${composed.join(', ')}: move each into the branch that declares it)`
            : '';
        found.push(`${pointer}: required ${undeclared.join(', ')} not in its properties${beside}`);
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'example' && key !== 'examples') walk(value, `${pointer}/${key}`);
    }
  };
  walk(document, '');
  return found;
}

describe('the contract’s object schemas', () => {
  test('the rule finds a required beside allOf naming what a member declares, and a name declared nowhere', () => {
    const meta = {
      type: 'object',
      required: ['total'],
      properties: { total: { type: 'integer' } },
    };
    const items = { type: 'array', maxItems: 10, items: { type: 'string' } };
    const document = {
      paths: {
        '/a': { get: { parameters: [{ name: 'q', in: 'query', required: true }] } },
      },
      components: {
        schemas: {
          Meta: meta,
          // As AdminCouponPage was: Specmatic reads Meta.required: [items].
          Flat: {
            type: 'object',
            required: ['items', 'total'],
            allOf: [{ $ref: '#/components/schemas/Meta' }],
            properties: { items },
          },
          Beside: { required: ['total'], allOf: [{ $ref: '#/components/schemas/Meta' }] },
          Typo: { type: 'object', required: ['nmae'], properties: { name: { type: 'string' } } },
          // As ArticlePage has it: each required beside the properties it names.
          Split: {
            allOf: [
              { $ref: '#/components/schemas/Meta' },
              { type: 'object', required: ['items'], properties: { items } },
            ],
          },
          Alone: { allOf: [meta, { required: ['total'] }] },
          Example: {
            type: 'object',
            properties: { a: { type: 'string' } },
            examples: [{ a: 'x', required: ['b'], properties: {} }],
          },
        },
      },
    };
    expect(misplacedRequired(document)).toEqual([
      '/components/schemas/Flat: required total not in its properties (beside allOf: move each into the branch that declares it)',
      '/components/schemas/Beside: required total not in its properties (beside allOf: move each into the branch that declares it)',
      '/components/schemas/Typo: required nmae not in its properties',
    ]);
  });

  test('every required names properties declared beside it (Specmatic reads them so)', () => {
    expect(misplacedRequired(indexContract().document)).toEqual([]);
  });
});
