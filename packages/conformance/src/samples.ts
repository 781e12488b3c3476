import type { ContractSchemas, ParameterSpec } from '@portal/sdk/contract';
import { clone, deref, isObject, jsonType, REMOVE, withPath, type JsonObject } from './json.ts';

/** An invalid input derived from a schema, with what makes it invalid. */
export interface Mutation {
  /** Reads after "rejects …": `a body without the required field \`user\``. */
  label: string;
  kind: MutationKind;
}

export type MutationKind =
  'malformed' | 'shape' | 'missing' | 'type' | 'range' | 'length' | 'enum' | 'format';

export interface BodyMutation extends Mutation {
  /** A JSON value to send, or raw text (malformed JSON). */
  value: { json: unknown } | { text: string };
}

export interface ParameterMutation extends Mutation {
  parameter: ParameterSpec;
  /** The raw value to send; undefined leaves the parameter out. */
  raw: string | undefined;
}

const MAX_OVERSIZE = 300_000;
const WRONG_TYPE_VALUES: readonly unknown[] = [12345, 'conformance', true, { conformance: 1 }, []];

/** The JSON types a schema allows (empty when it does not say). */
function allowedTypes(document: unknown, schema: unknown): Set<string> {
  const { node } = deref(document, schema, '');
  const types = new Set<string>();
  if (typeof node.type === 'string') types.add(node.type);
  if (Array.isArray(node.type)) for (const t of node.type) types.add(String(t));
  if ('const' in node) types.add(jsonType(node.const));
  if (Array.isArray(node.enum)) for (const value of node.enum) types.add(jsonType(value));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = node[key];
    if (!Array.isArray(options)) continue;
    for (const option of options) {
      const inner = allowedTypes(document, option);
      if (inner.size === 0) return new Set();
      for (const t of inner) types.add(t);
    }
  }
  if (Array.isArray(node.allOf)) {
    for (const part of node.allOf) for (const t of allowedTypes(document, part)) types.add(t);
  }
  if (types.has('number')) types.add('integer');
  return types;
}

/** The schema's own keywords merged with those of its `allOf` parts (shallow). */
function flatten(document: unknown, schema: unknown): JsonObject {
  const { node } = deref(document, schema, '');
  if (!Array.isArray(node.allOf)) return node;
  const merged: JsonObject = { ...node };
  const properties: JsonObject = {};
  const required = new Set<string>(Array.isArray(node.required) ? node.required.map(String) : []);
  for (const part of node.allOf) {
    const flat = flatten(document, part);
    for (const [key, value] of Object.entries(flat)) {
      if (key === 'properties' || key === 'required' || key in merged) continue;
      merged[key] = value;
    }
    if (isObject(flat.properties)) Object.assign(properties, flat.properties);
    if (Array.isArray(flat.required)) for (const r of flat.required) required.add(String(r));
  }
  if (isObject(node.properties)) Object.assign(properties, node.properties);
  merged.properties = properties;
  merged.required = [...required];
  delete merged.allOf;
  return merged;
}

/** The non-null option of a `oneOf`/`anyOf` (`T | null` fields), or the schema itself. */
function nonNull(document: unknown, schema: unknown): JsonObject {
  const node = flatten(document, schema);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = node[key];
    if (!Array.isArray(options)) continue;
    const option = options.find(
      (o) => !allowedTypes(document, o).has('null') || options.length === 1,
    );
    if (option !== undefined) return nonNull(document, option);
  }
  return node;
}

function primaryType(node: JsonObject): string | undefined {
  if (typeof node.type === 'string') return node.type;
  if (Array.isArray(node.type)) return node.type.map(String).find((t) => t !== 'null');
  if (isObject(node.properties)) return 'object';
  return undefined;
}

function helsinkiDate(offsetDays = 0): string {
  const date = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(date);
}

/** A value for a schema: examples first, otherwise built from the keywords. */
function generate(document: unknown, schema: unknown, useExamples: boolean, depth = 0): unknown {
  const node = flatten(document, schema);
  if ('const' in node) return clone(node.const);
  if (useExamples) {
    if (Array.isArray(node.examples) && node.examples.length > 0) return clone(node.examples[0]);
    if ('example' in node) return clone(node.example);
  }
  if ('default' in node) return clone(node.default);
  if (Array.isArray(node.enum) && node.enum.length > 0) return clone(node.enum[0]);
  if (depth > 12) return null;
  for (const key of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(node[key]))
      return generate(document, nonNull(document, node), useExamples, depth + 1);
  }
  switch (primaryType(node)) {
    case 'object': {
      const value: JsonObject = {};
      const properties = isObject(node.properties) ? node.properties : {};
      const required = Array.isArray(node.required) ? node.required.map(String) : [];
      for (const name of required) {
        value[name] = generate(document, properties[name] ?? {}, useExamples, depth + 1);
      }
      return value;
    }
    case 'array': {
      const count = Math.max(typeof node.minItems === 'number' ? node.minItems : 1, 1);
      return Array.from({ length: count }, () =>
        generate(document, node.items ?? {}, useExamples, depth + 1),
      );
    }
    case 'integer':
    case 'number':
      return typeof node.minimum === 'number' ? Math.max(node.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string': {
      switch (node.format) {
        case 'date':
          return helsinkiDate(2);
        case 'date-time':
          return new Date().toISOString();
        case 'email':
          return 'conformance@example.com';
        case 'uri':
          return 'https://example.com/';
        case 'uri-reference':
          return '/';
        default: {
          const min = typeof node.minLength === 'number' ? node.minLength : 1;
          return 'x'.repeat(Math.max(min, 1));
        }
      }
    }
    default:
      return null;
  }
}

/** Valid values and invalid variants of the contract's schemas, checked with its validator. */
export class Samples {
  constructor(
    private readonly document: unknown,
    private readonly schemas: ContractSchemas,
  ) {}

  isValid(pointer: string, value: unknown): boolean {
    return this.schemas.errors(pointer, value).length === 0;
  }

  /** A valid value for the schema at `pointer`: the candidates first, then generated ones. */
  valid(pointer: string, candidates: readonly unknown[] = []): unknown {
    const schema = { $ref: `#${pointer}` };
    const all = [
      ...candidates,
      generate(this.document, schema, true),
      generate(this.document, schema, false),
    ];
    return clone(
      all.find((value) => value !== undefined && this.isValid(pointer, value)) ?? all[0],
    );
  }

  /** Invalid variants of a valid JSON body (each confirmed invalid by the schema). */
  bodyMutations(pointer: string, valid: unknown, limit: number): BodyMutation[] {
    const found: BodyMutation[] = [
      {
        label: 'a body that is not valid JSON',
        kind: 'malformed',
        value: { text: '{"conformance": ' },
      },
    ];
    const root = flatten(this.document, { $ref: `#${pointer}` });
    if (primaryType(root) === 'object') {
      found.push({
        label: 'a JSON array instead of an object',
        kind: 'shape',
        value: { json: [] },
      });
    }
    const seen = new Set<string>();
    const add = (label: string, kind: MutationKind, json: unknown): void => {
      const key = JSON.stringify(json);
      if (seen.has(key) || this.isValid(pointer, json)) return;
      seen.add(key);
      found.push({ label, kind, value: { json } });
    };
    this.walk(root, valid, [], 0, (path, schema, required, current) => {
      const field = `\`${path.join('.')}\``;
      if (required && current !== undefined) {
        add(`a body without the required field ${field}`, 'missing', withPath(valid, path, REMOVE));
      }
      for (const [label, kind, value] of this.invalidValues(schema, current)) {
        add(`a body with ${field} ${label}`, kind, withPath(valid, path, value));
      }
    });
    return roundRobin(found, limit);
  }

  /** Invalid values of one parameter (raw strings, as a server receives them). */
  parameterMutations(parameter: ParameterSpec, limit: number): ParameterMutation[] {
    const found: ParameterMutation[] = [];
    const where = `${parameter.in} parameter \`${parameter.name}\``;
    if (parameter.in === 'query' && parameter.required) {
      found.push({
        label: `a request without the required ${where}`,
        kind: 'missing',
        parameter,
        raw: undefined,
      });
    }
    const node = nonNull(this.document, { $ref: `#${parameter.pointer}` });
    const type = primaryType(node);
    const candidates: [string, MutationKind, string][] = [];
    if (type === 'integer' || type === 'number') {
      candidates.push(['that is not a number', 'type', 'abc']);
      if (typeof node.minimum === 'number')
        candidates.push(['below its minimum', 'range', String(node.minimum - 1)]);
      if (typeof node.maximum === 'number')
        candidates.push(['above its maximum', 'range', String(node.maximum + 1)]);
      candidates.push(['too large for a 32-bit integer', 'range', '99999999999']);
      if (type === 'integer') candidates.push(['that is not an integer', 'type', '1.5']);
    } else if (type === 'array') {
      const items = nonNull(this.document, node.items ?? {});
      const itemType = primaryType(items);
      if (itemType === 'integer' || itemType === 'number')
        candidates.push(['with an item that is not a number', 'type', '1,abc']);
      if (typeof node.minItems === 'number' && node.minItems > 0)
        candidates.push(['with no items', 'length', '']);
      if (typeof node.maxItems === 'number') {
        candidates.push([
          'with too many items',
          'length',
          Array.from({ length: node.maxItems + 1 }, (_, i) => i + 1).join(','),
        ]);
      }
      if (node.uniqueItems === true) candidates.push(['with duplicate items', 'shape', '1,1']);
    } else if (type === 'boolean') {
      candidates.push(['that is not a boolean', 'type', 'maybe']);
    } else if (type === 'string') {
      if (Array.isArray(node.enum))
        candidates.push(['with a value outside its enum', 'enum', 'conformance-invalid']);
      if (typeof node.maxLength === 'number' && node.maxLength < MAX_OVERSIZE) {
        candidates.push(['longer than its maxLength', 'length', 'x'.repeat(node.maxLength + 1)]);
      }
      if (typeof node.minLength === 'number' && node.minLength > 1)
        candidates.push(['shorter than its minLength', 'length', 'x']);
      if (node.format === 'date') candidates.push(['that is not a date', 'format', '2026-13-45']);
      if (node.format === 'date-time')
        candidates.push(['that is not a date-time', 'format', 'yesterday']);
      if (typeof node.pattern === 'string')
        candidates.push(['that does not match its pattern', 'format', '#conformance#']);
    }
    for (const [label, kind, raw] of candidates) {
      if (parameter.in === 'path' && raw === '') continue;
      if (this.isValid(parameter.pointer, this.coerce(node, raw))) continue;
      found.push({ label: `a request with the ${where} ${label}`, kind, parameter, raw });
    }
    return found.slice(0, limit);
  }

  /** How a server reads a raw parameter value (numbers and comma-separated lists). */
  private coerce(node: JsonObject, raw: string): unknown {
    const type = primaryType(node);
    const scalar = (value: string, t: string | undefined): unknown => {
      if ((t === 'integer' || t === 'number') && /^-?\d+(\.\d+)?$/.test(value))
        return Number(value);
      if (t === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
      return value;
    };
    if (type === 'array') {
      const itemType = primaryType(nonNull(this.document, node.items ?? {}));
      return raw === '' ? [] : raw.split(',').map((value) => scalar(value, itemType));
    }
    return scalar(raw, type);
  }

  private walk(
    schema: unknown,
    value: unknown,
    path: (string | number)[],
    depth: number,
    visit: (
      path: (string | number)[],
      schema: JsonObject,
      required: boolean,
      current: unknown,
    ) => void,
  ): void {
    if (depth > 3) return;
    const node = nonNull(this.document, schema);
    const type = primaryType(node);
    if (type === 'object' && isObject(value)) {
      const properties = isObject(node.properties) ? node.properties : {};
      const required = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
      for (const [name, propertySchema] of Object.entries(properties)) {
        const current = value[name];
        if (current === undefined && !required.has(name)) continue;
        const propertyPath = [...path, name];
        visit(propertyPath, nonNull(this.document, propertySchema), required.has(name), current);
        this.walk(propertySchema, current, propertyPath, depth + 1, visit);
      }
    } else if (type === 'array' && Array.isArray(value) && value.length > 0) {
      const itemPath = [...path, 0];
      visit(itemPath, nonNull(this.document, node.items ?? {}), false, value[0]);
      this.walk(node.items ?? {}, value[0], itemPath, depth + 1, visit);
    }
  }

  /** Values that break one field's schema, with what they break. */
  private invalidValues(schema: JsonObject, current: unknown): [string, MutationKind, unknown][] {
    const out: [string, MutationKind, unknown][] = [];
    const types = allowedTypes(this.document, schema);
    if (types.size > 0) {
      const wrong = WRONG_TYPE_VALUES.find((value) => !types.has(jsonType(value)));
      if (wrong !== undefined) out.push([`of the wrong type (${jsonType(wrong)})`, 'type', wrong]);
    }
    const type = primaryType(schema);
    if (type === 'integer' || type === 'number') {
      if (typeof schema.maximum === 'number')
        out.push(['above its maximum', 'range', schema.maximum + 1]);
      if (typeof schema.minimum === 'number')
        out.push(['below its minimum', 'range', schema.minimum - 1]);
      if (schema.format === 'int32')
        out.push(['too large for a 32-bit integer', 'range', 99_999_999_999]);
    }
    if (type === 'string') {
      if (Array.isArray(schema.enum) || 'const' in schema)
        out.push(['outside its enum', 'enum', 'conformance-invalid']);
      if (typeof schema.maxLength === 'number' && schema.maxLength < MAX_OVERSIZE) {
        const char = typeof current === 'string' ? (current[0] ?? 'x') : 'x';
        out.push(['longer than its maxLength', 'length', char.repeat(schema.maxLength + 1)]);
      }
      if (typeof schema.minLength === 'number' && schema.minLength > 0)
        out.push(['shorter than its minLength', 'length', '']);
      if (schema.format === 'email')
        out.push(['that is not an email address', 'format', 'not-an-email']);
      if (schema.format === 'date') out.push(['that is not a date', 'format', '2026-13-45']);
      if (schema.format === 'date-time')
        out.push(['that is not a date-time', 'format', 'yesterday']);
      if (typeof schema.pattern === 'string') {
        out.push(['that does not match its pattern', 'format', '#conformance#']);
        // A control character (the contract's text patterns refuse them, as the server does).
        const text = typeof current === 'string' ? current.slice(0, -1) : 'x';
        out.push(['with a control character its pattern refuses', 'format', `${text}\u0004`]);
      }
    }
    if (type === 'array') {
      if (typeof schema.minItems === 'number' && schema.minItems > 0)
        out.push(['with no items', 'length', []]);
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
        ]);
      }
    }
    return out;
  }
}

/** Up to `limit` items, taking one of each kind in turn, so that every kind is represented. */
function roundRobin<T extends { kind: MutationKind }>(items: T[], limit: number): T[] {
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

/** The smallest valid PNG (1 × 1 pixel), for image uploads. */
export const PNG_1X1 = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);
