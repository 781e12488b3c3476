import { deref, isObject, jsonType, type JsonObject } from './json.ts';

// How the probes and the generated values read a schema: the types it allows, its keywords with
// those of its `allOf` parts, and the option of a nullable field that is not null.

/** The JSON types a schema allows (empty when it does not say). */
export function allowedTypes(document: unknown, schema: unknown): Set<string> {
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
export function flatten(document: unknown, schema: unknown): JsonObject {
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
export function nonNull(document: unknown, schema: unknown): JsonObject {
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

/** The JSON type a schema node stands for: its `type` (not `null`), or `object` for properties. */
export function primaryType(node: JsonObject): string | undefined {
  if (typeof node.type === 'string') return node.type;
  if (Array.isArray(node.type)) return node.type.map(String).find((t) => t !== 'null');
  if (isObject(node.properties)) return 'object';
  return undefined;
}
