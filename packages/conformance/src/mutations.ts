import type { ParameterSpec } from '@portal/sdk/contract';
import { clone, jsonType, type JsonObject } from './json.ts';
import { allowedTypes, nonNull, primaryType } from './schema-nodes.ts';

/** An invalid input derived from a schema, with what makes it invalid. */
export interface Mutation {
  /** Reads after "rejects …": `a body without the required field \`user\``. */
  label: string;
  kind: MutationKind;
  /** The schema keyword it breaks, as a `KeywordUse` key: `body customer.email maxLength`. */
  breaks?: string;
}

export type MutationKind =
  | 'malformed'
  | 'shape'
  | 'missing'
  | 'type'
  | 'range'
  | 'length'
  | 'enum'
  | 'format';

export interface BodyMutation extends Mutation {
  /** A JSON value to send, or raw text (malformed JSON). */
  value: { json: unknown } | { text: string };
}

export interface ParameterMutation extends Mutation {
  parameter: ParameterSpec;
  /** The raw value to send; undefined leaves the parameter out. */
  raw: string | undefined;
}

/** A string's maxLength is broken only below this: a longer probe would be megabytes to send. */
const MAX_OVERSIZE = 300_000;
/** One value of each JSON type: a field's wrong-type probe is the first its schema refuses. */
const WRONG_TYPE_VALUES: readonly unknown[] = [12345, 'conformance', true, { conformance: 1 }, []];

/**
 * Raw values that may break a path or query parameter's schema (as a server receives them, text),
 * with what they break; the caller keeps those the schema confirms invalid.
 */
export function invalidParameterValues(
  document: unknown,
  node: JsonObject,
): [string, MutationKind, string, string][] {
  const type = primaryType(node);
  const candidates: [string, MutationKind, string, string][] = [];
  if (type === 'integer' || type === 'number') {
    candidates.push(['that is not a number', 'type', 'abc', 'type']);
    if (typeof node.minimum === 'number')
      candidates.push(['below its minimum', 'range', String(node.minimum - 1), 'minimum']);
    if (typeof node.maximum === 'number')
      candidates.push(['above its maximum', 'range', String(node.maximum + 1), 'maximum']);
    candidates.push([
      'too large for a 32-bit integer',
      'range',
      '99999999999',
      node.format === 'int32' ? 'format' : 'maximum',
    ]);
    if (type === 'integer') candidates.push(['that is not an integer', 'type', '1.5', 'type']);
  } else if (type === 'array') {
    const items = nonNull(document, node.items ?? {});
    const itemType = primaryType(items);
    if (itemType === 'integer' || itemType === 'number') {
      candidates.push(['with an item that is not a number', 'type', '1,abc', '.0 type']);
      if (typeof items.minimum === 'number')
        candidates.push([
          'with an item below its minimum',
          'range',
          String(items.minimum - 1),
          '.0 minimum',
        ]);
      if (typeof items.maximum === 'number')
        candidates.push([
          'with an item above its maximum',
          'range',
          String(items.maximum + 1),
          '.0 maximum',
        ]);
      if (items.format === 'int32')
        candidates.push([
          'with an item too large for a 32-bit integer',
          'range',
          '99999999999',
          '.0 format',
        ]);
    }
    if (typeof node.minItems === 'number' && node.minItems > 0)
      candidates.push(['with no items', 'length', '', 'minItems']);
    if (typeof node.maxItems === 'number') {
      candidates.push([
        'with too many items',
        'length',
        Array.from({ length: node.maxItems + 1 }, (_, i) => i + 1).join(','),
        'maxItems',
      ]);
    }
    if (node.uniqueItems === true)
      candidates.push(['with duplicate items', 'shape', '1,1', 'uniqueItems']);
  } else if (type === 'boolean') {
    candidates.push(['that is not a boolean', 'type', 'maybe', 'type']);
  } else if (type === 'string') {
    if (Array.isArray(node.enum))
      candidates.push(['with a value outside its enum', 'enum', 'conformance-invalid', 'enum']);
    if (typeof node.maxLength === 'number' && node.maxLength < MAX_OVERSIZE) {
      candidates.push([
        'longer than its maxLength',
        'length',
        'x'.repeat(node.maxLength + 1),
        'maxLength',
      ]);
    }
    if (typeof node.minLength === 'number' && node.minLength > 0)
      candidates.push([
        'shorter than its minLength',
        'length',
        node.minLength > 1 ? 'x' : '',
        'minLength',
      ]);
    if (node.format === 'date')
      candidates.push(['that is not a date', 'format', '2026-13-45', 'format']);
    if (node.format === 'date-time')
      candidates.push(['that is not a date-time', 'format', 'yesterday', 'format']);
    if (typeof node.pattern === 'string')
      candidates.push(['that does not match its pattern', 'format', '#conformance#', 'pattern']);
  }
  return candidates;
}

/** Values that break one body field's schema, with what they break. */
export function invalidFieldValues(
  document: unknown,
  schema: JsonObject,
  current: unknown,
): [string, MutationKind, unknown, string][] {
  const out: [string, MutationKind, unknown, string][] = [];
  const types = allowedTypes(document, schema);
  if (types.size > 0) {
    const wrong = WRONG_TYPE_VALUES.find((value) => !types.has(jsonType(value)));
    if (wrong !== undefined)
      out.push([`of the wrong type (${jsonType(wrong)})`, 'type', wrong, 'type']);
  }
  const type = primaryType(schema);
  if (type === 'integer' || type === 'number') {
    if (typeof schema.maximum === 'number')
      out.push(['above its maximum', 'range', schema.maximum + 1, 'maximum']);
    if (typeof schema.minimum === 'number')
      out.push(['below its minimum', 'range', schema.minimum - 1, 'minimum']);
    if (schema.format === 'int32')
      out.push(['too large for a 32-bit integer', 'range', 99_999_999_999, 'format']);
  }
  if (type === 'string') {
    if (Array.isArray(schema.enum) || 'const' in schema)
      out.push(['outside its enum', 'enum', 'conformance-invalid', 'enum']);
    if (typeof schema.maxLength === 'number' && schema.maxLength < MAX_OVERSIZE) {
      const char = typeof current === 'string' ? (current[0] ?? 'x') : 'x';
      out.push([
        'longer than its maxLength',
        'length',
        char.repeat(schema.maxLength + 1),
        'maxLength',
      ]);
    }
    if (typeof schema.minLength === 'number' && schema.minLength > 0)
      out.push(['shorter than its minLength', 'length', '', 'minLength']);
    if (schema.format === 'email')
      out.push(['that is not an email address', 'format', 'not-an-email', 'format']);
    if (schema.format === 'date')
      out.push(['that is not a date', 'format', '2026-13-45', 'format']);
    if (schema.format === 'date-time')
      out.push(['that is not a date-time', 'format', 'yesterday', 'format']);
    if (typeof schema.pattern === 'string') {
      out.push(['that does not match its pattern', 'format', '#conformance#', 'pattern']);
      // A control character (the contract's text patterns refuse them, as the server does).
      const text = typeof current === 'string' ? current.slice(0, -1) : 'x';
      out.push([
        'with a control character its pattern refuses',
        'format',
        `${text}\u0004`,
        'pattern',
      ]);
    }
  }
  if (type !== 'string' && (Array.isArray(schema.enum) || 'const' in schema)) {
    const allowed: unknown[] = Array.isArray(schema.enum) ? schema.enum : [schema.const];
    const outside =
      type === 'boolean'
        ? [true, false].find((value) => !allowed.includes(value))
        : type === 'integer' || type === 'number'
          ? Math.max(0, ...allowed.filter((v): v is number => typeof v === 'number')) + 1
          : undefined;
    if (outside !== undefined) out.push(['outside its enum', 'enum', outside, 'enum']);
  }
  if (type === 'array') {
    if (schema.uniqueItems === true && Array.isArray(current) && current.length > 0)
      out.push(['with duplicate items', 'shape', [current[0], current[0]], 'uniqueItems']);
    if (typeof schema.minItems === 'number' && schema.minItems > 0)
      out.push(['with no items', 'length', [], 'minItems']);
    if (
      typeof schema.maxItems === 'number' &&
      schema.maxItems < 5000 &&
      Array.isArray(current) &&
      current.length > 0
    ) {
      out.push([
        'with too many items',
        'length',
        Array.from({ length: schema.maxItems + 1 }, () => clone(current[0])),
        'maxItems',
      ]);
    }
  }
  return out;
}

/** Up to `limit` items, taking one of each kind in turn, so that every kind is represented. */
export function roundRobin<T extends { kind: MutationKind }>(items: T[], limit: number): T[] {
  const byKind = new Map<MutationKind, T[]>();
  for (const item of items) byKind.set(item.kind, [...(byKind.get(item.kind) ?? []), item]);
  const out: T[] = [];
  const queues = [...byKind.values()];
  while (out.length < limit && queues.some((q) => q.length > 0)) {
    for (const queue of queues) {
      const next = queue.shift();
      if (next && out.length < limit) out.push(next);
    }
  }
  return out;
}
