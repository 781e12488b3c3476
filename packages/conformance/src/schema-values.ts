import { clone, isObject, type JsonObject } from './json.ts';
import { flatten, nonNull, primaryType } from './schema-nodes.ts';

/** Today in Europe/Helsinki as `YYYY-MM-DD`, offset by whole days (a generated date). */
function helsinkiDate(offsetDays = 0): string {
  const date = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(date);
}

/** A value for a schema: examples first, otherwise built from the keywords. */
export function generate(
  document: unknown,
  schema: unknown,
  useExamples: boolean,
  depth = 0,
): unknown {
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
