import type { ContractSchemas, ParameterSpec } from '@portal/sdk/contract';
import { clone, deref, isObject, jsonType, REMOVE, withPath, type JsonObject } from './json.ts';

/** An invalid input derived from a schema, with what makes it invalid. */
export interface Mutation {
  /** Reads after "rejects …": `a body without the required field \`user\``. */
  label: string;
  kind: MutationKind;
  /** The schema keyword it breaks, as a `KeywordUse` key: `body customer.email maxLength`. */
  breaks?: string;
}

/**
 * A schema keyword that restricts a request (a parameter's or a body field's), keyed by where it
 * is and its name: `query month pattern`, `body customer.email maxLength`, `body type` (array
 * items are `.0`). `why` says, when known from the schema or the request, why no probe breaks it.
 */
export interface KeywordUse {
  key: string;
  why?: string;
}

/** The keywords of a value's own schema that a probe may break (`required` is its parent's). */
const RESTRICTING = [
  'enum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'uniqueItems',
] as const;

/** The formats the probes have an invalid value for. */
const BREAKABLE_FORMATS = new Set(['email', 'date', 'date-time', 'int32']);

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

  /**
   * Invalid variants of a valid JSON body (each confirmed invalid by the schema), every one the
   * schema allows: `roundRobin` picks a few of each kind.
   */
  bodyMutations(pointer: string, valid: unknown): BodyMutation[] {
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
        breaks: 'body type',
      });
    }
    const seen = new Set<string>();
    const add = (label: string, kind: MutationKind, json: unknown, breaks: string): void => {
      const key = JSON.stringify(json);
      if (seen.has(key) || this.isValid(pointer, json)) return;
      seen.add(key);
      found.push({ label, kind, value: { json }, breaks });
    };
    this.walk(root, valid, [], 0, (path, schema, required, current) => {
      const field = `\`${path.join('.')}\``;
      const where = bodyPlace(path);
      if (required && current !== undefined) {
        add(
          `a body without the required field ${field}`,
          'missing',
          withPath(valid, path, REMOVE),
          `${where} required`,
        );
      }
      for (const [label, kind, value, keyword] of this.invalidValues(schema, current)) {
        add(
          `a body with ${field} ${label}`,
          kind,
          withPath(valid, path, value),
          `${where} ${keyword}`,
        );
      }
    });
    return found;
  }

  /** Invalid values of one parameter (raw strings, as a server receives them), every one. */
  parameterMutations(parameter: ParameterSpec): ParameterMutation[] {
    const found: ParameterMutation[] = [];
    const where = `${parameter.in} parameter \`${parameter.name}\``;
    const place = `${parameter.in} ${parameter.name}`;
    if (parameter.in === 'query' && parameter.required) {
      found.push({
        label: `a request without the required ${where}`,
        kind: 'missing',
        parameter,
        raw: undefined,
        breaks: `${place} required`,
      });
    }
    const node = nonNull(this.document, { $ref: `#${parameter.pointer}` });
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
      const items = nonNull(this.document, node.items ?? {});
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
    for (const [label, kind, raw, keyword] of candidates) {
      if (parameter.in === 'path' && raw === '') continue;
      if (this.isValid(parameter.pointer, this.coerce(node, raw))) continue;
      found.push({
        label: `a request with the ${where} ${label}`,
        kind,
        parameter,
        raw,
        breaks: keyword.startsWith('.') ? `${place}${keyword}` : `${place} ${keyword}`,
      });
    }
    return found;
  }

  /**
   * The schema keywords that restrict a request's path and query parameters and its JSON body
   * (nested fields to the depth the probes reach). With the valid body the probes start from,
   * a field it leaves out says so.
   */
  requestKeywords(
    parameters: readonly ParameterSpec[],
    bodyPointer: string | null,
    valid?: unknown,
  ): KeywordUse[] {
    const uses: KeywordUse[] = [];
    const own = (place: string, node: JsonObject, why?: string, untyped = false): void => {
      const present = [
        ...(!untyped && allowedTypes(this.document, node).size > 0 ? ['type'] : []),
        // `minLength: 0` and `minItems: 0` restrict nothing.
        ...RESTRICTING.filter((keyword) => keyword in node && node[keyword] !== 0),
        ...('const' in node && !('enum' in node) ? ['enum'] : []),
      ];
      for (const keyword of present) {
        const format =
          keyword === 'format' && !BREAKABLE_FORMATS.has(String(node.format))
            ? `the probes have no invalid value for format ${String(node.format)}`
            : keyword === 'minLength' && place.startsWith('path ') && node.minLength === 1
              ? 'an empty path segment cannot be sent'
              : undefined;
        const reason = why ?? format;
        uses.push({ key: `${place} ${keyword}`, ...(reason ? { why: reason } : {}) });
      }
    };
    for (const parameter of parameters) {
      if (parameter.in !== 'path' && parameter.in !== 'query') continue;
      const place = `${parameter.in} ${parameter.name}`;
      if (parameter.in === 'query' && parameter.required) uses.push({ key: `${place} required` });
      const node = nonNull(this.document, { $ref: `#${parameter.pointer}` });
      // In a URL every value is text: a string's or a list's type cannot be broken.
      own(place, node, undefined, ['string', 'array'].includes(primaryType(node) ?? ''));
      if (primaryType(node) === 'array')
        own(`${place}.0`, nonNull(this.document, node.items ?? {}));
    }
    if (bodyPointer === null) return uses;
    const root = flatten(this.document, { $ref: `#${bodyPointer}` });
    if (primaryType(root) === 'object') uses.push({ key: 'body type' });
    const absent = 'an optional field the valid request the probes start from leaves out';
    const visit = (schema: unknown, value: unknown, path: (string | number)[], depth: number) => {
      if (depth > 3) return;
      const node = nonNull(this.document, schema);
      const type = primaryType(node);
      const at = (name: string | number, child: unknown, required: boolean, inner: unknown) => {
        const childPath = [...path, name];
        const where = bodyPlace(childPath);
        const missing = valid !== undefined && inner === undefined ? absent : undefined;
        if (required) uses.push({ key: `${where} required`, ...(missing ? { why: missing } : {}) });
        own(where, nonNull(this.document, child), missing);
        visit(child, inner, childPath, depth + 1);
      };
      if (type === 'object') {
        const properties = isObject(node.properties) ? node.properties : {};
        const required = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
        for (const [name, child] of Object.entries(properties))
          at(name, child, required.has(name), isObject(value) ? value[name] : undefined);
      } else if (type === 'array') {
        at(0, node.items ?? {}, false, Array.isArray(value) ? value[0] : undefined);
      }
    };
    visit(root, valid, [], 0);
    return uses;
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
        const propertyPath = [...path, name];
        // An optional field left out is still probed, set to an invalid value (its own fields
        // are not: there is no valid value to start from).
        visit(propertyPath, nonNull(this.document, propertySchema), required.has(name), current);
        if (current !== undefined)
          this.walk(propertySchema, current, propertyPath, depth + 1, visit);
      }
    } else if (type === 'array' && Array.isArray(value) && value.length > 0) {
      const itemPath = [...path, 0];
      visit(itemPath, nonNull(this.document, node.items ?? {}), false, value[0]);
      this.walk(node.items ?? {}, value[0], itemPath, depth + 1, visit);
    }
  }

  /** Values that break one field's schema, with what they break. */
  private invalidValues(
    schema: JsonObject,
    current: unknown,
  ): [string, MutationKind, unknown, string][] {
    const out: [string, MutationKind, unknown, string][] = [];
    const types = allowedTypes(this.document, schema);
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
}

/** Where a body field is, for a keyword's key: `body customer.email`, `body` for the root. */
function bodyPlace(path: readonly (string | number)[]): string {
  return path.length === 0 ? 'body' : `body ${path.join('.')}`;
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

/** The smallest valid PNG (1 × 1 pixel), for image uploads. */
export const PNG_1X1 = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);
