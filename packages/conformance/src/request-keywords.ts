import type { ParameterSpec } from '@portal/sdk/contract';
import { isObject, type JsonObject } from './json.ts';
import { allowedTypes, flatten, nonNull, primaryType } from './schema-nodes.ts';

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

/**
 * The schema keywords that restrict a request's path and query parameters and its JSON body
 * (nested fields to the depth the probes reach). With the valid body the probes start from,
 * a field it leaves out says so.
 */
export function requestKeywords(
  document: unknown,
  parameters: readonly ParameterSpec[],
  bodyPointer: string | null,
  valid?: unknown,
): KeywordUse[] {
  const uses: KeywordUse[] = [];
  const own = (place: string, node: JsonObject, why?: string, untyped = false): void => {
    const present = [
      ...(!untyped && allowedTypes(document, node).size > 0 ? ['type'] : []),
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
    const node = nonNull(document, { $ref: `#${parameter.pointer}` });
    // In a URL every value is text: a string's or a list's type cannot be broken.
    own(place, node, undefined, ['string', 'array'].includes(primaryType(node) ?? ''));
    if (primaryType(node) === 'array') own(`${place}.0`, nonNull(document, node.items ?? {}));
  }
  if (bodyPointer === null) return uses;
  const root = flatten(document, { $ref: `#${bodyPointer}` });
  if (primaryType(root) === 'object') uses.push({ key: 'body type' });
  const absent = 'an optional field the valid request the probes start from leaves out';
  const visit = (schema: unknown, value: unknown, path: (string | number)[], depth: number) => {
    if (depth > 3) return;
    const node = nonNull(document, schema);
    const type = primaryType(node);
    const at = (name: string | number, child: unknown, required: boolean, inner: unknown) => {
      const childPath = [...path, name];
      const where = bodyPlace(childPath);
      const missing = valid !== undefined && inner === undefined ? absent : undefined;
      if (required) uses.push({ key: `${where} required`, ...(missing ? { why: missing } : {}) });
      own(where, nonNull(document, child), missing);
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

/** Where a body field is, for a keyword's key: `body customer.email`, `body` for the root. */
export function bodyPlace(path: readonly (string | number)[]): string {
  return path.length === 0 ? 'body' : `body ${path.join('.')}`;
}
