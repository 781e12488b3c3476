import { deref, isObject, type JsonObject } from './json.ts';

// The properties of an answer that its schema does not document. The contract leaves its schemas
// open (no `additionalProperties: false`: its `allOf` compositions would refuse their own parts'
// properties), so a validator takes any extra field; for the answers a patient gets, the checker
// takes the properties the schema documents, through `$ref`, `allOf`, `oneOf` and `anyOf`, as the
// whole set (openapi/README.md says why).

/** The schema and every part of it that may apply to a value: its `allOf`, `oneOf`, `anyOf`. */
function parts(document: unknown, schema: unknown, depth = 0): JsonObject[] {
  if (!isObject(schema) || depth > 32) return [];
  const { node } = deref(document, schema, '');
  const found = [node];
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const options = node[key];
    if (Array.isArray(options))
      for (const option of options) found.push(...parts(document, option, depth + 1));
  }
  return found;
}

/** The schemas that document an object's property `name` (empty: none does). */
function propertySchemas(nodes: JsonObject[], name: string): unknown[] {
  const schemas: unknown[] = [];
  for (const node of nodes) {
    if (isObject(node.properties) && name in node.properties) schemas.push(node.properties[name]);
    if (isObject(node.patternProperties)) {
      for (const [pattern, schema] of Object.entries(node.patternProperties))
        if (new RegExp(pattern, 'u').test(name)) schemas.push(schema);
    }
    if (isObject(node.additionalProperties)) schemas.push(node.additionalProperties);
  }
  return schemas;
}

/** Whether the schemas leave an object open: a map, a free-form object, `additionalProperties`. */
function isOpen(nodes: JsonObject[]): boolean {
  if (nodes.some((node) => node.additionalProperties === true)) return true;
  return !nodes.some(
    (node) =>
      isObject(node.properties) ||
      isObject(node.patternProperties) ||
      isObject(node.additionalProperties),
  );
}

/**
 * The paths (`$[0].redemptionCount`) of the properties in `value` that none of the schemas
 * documents, at any depth; an object the schemas leave open (a map, a free-form object) is not
 * looked into past what they say of its values.
 */
export function undocumentedProperties(
  document: unknown,
  schemas: readonly unknown[],
  value: unknown,
  at = '$',
): string[] {
  const nodes = schemas.flatMap((schema) => parts(document, schema));
  if (Array.isArray(value)) {
    const items = nodes.flatMap((node) => [
      ...(isObject(node.items) ? [node.items] : []),
      ...(Array.isArray(node.prefixItems) ? node.prefixItems.filter(isObject) : []),
    ]);
    if (items.length === 0) return [];
    return value.flatMap((item, i) => undocumentedProperties(document, items, item, `${at}[${i}]`));
  }
  if (!isObject(value)) return [];
  const open = isOpen(nodes);
  const found: string[] = [];
  for (const [name, inner] of Object.entries(value)) {
    const path = /^[A-Za-z_$][\w$]*$/.test(name)
      ? `${at}.${name}`
      : `${at}[${JSON.stringify(name)}]`;
    const documented = propertySchemas(nodes, name);
    if (documented.length === 0) {
      if (!open) found.push(path);
      continue;
    }
    found.push(...undocumentedProperties(document, documented, inner, path));
  }
  return found;
}
