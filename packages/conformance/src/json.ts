/** Small JSON helpers: type guards, JSON pointers and `$ref` resolution inside the contract. */

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const escapePointer = (segment: string): string =>
  segment.replace(/~/g, '~0').replace(/\//g, '~1');

const unescapePointer = (segment: string): string =>
  segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** The node at a JSON pointer (`/components/schemas/Id`), or undefined. */
export function atPointer(document: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return document;
  let node: unknown = document;
  for (const part of pointer.replace(/^\//, '').split('/')) {
    const key = unescapePointer(part);
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node)) node = node[key];
    else return undefined;
  }
  return node;
}

/** Follows `$ref`s (local ones) until a node without one; returns it with its pointer. */
export function deref(
  document: unknown,
  node: unknown,
  pointer: string,
): { node: JsonObject; pointer: string } {
  let current = node;
  let at = pointer;
  for (
    let depth = 0;
    depth < 32 && isObject(current) && typeof current.$ref === 'string';
    depth++
  ) {
    const ref = current.$ref;
    if (!ref.startsWith('#')) break;
    at = ref.slice(1);
    current = atPointer(document, at);
  }
  return { node: isObject(current) ? current : {}, pointer: at };
}

/** The parent pointer (`/a/b/schema` → `/a/b`). */
export const parentPointer = (pointer: string): string => pointer.replace(/\/[^/]*$/, '');

/** The JSON types a value has, as JSON Schema names them. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export const clone = <T>(value: T): T => structuredClone(value);

/** A copy of `value` with `path` set to `next` (or removed when `next` is `REMOVE`). */
export const REMOVE = Symbol('remove');
export function withPath(
  value: unknown,
  path: readonly (string | number)[],
  next: unknown | typeof REMOVE,
): unknown {
  if (path.length === 0) return next === REMOVE ? undefined : next;
  const copy = clone(value);
  let node: unknown = copy;
  for (const key of path.slice(0, -1)) {
    node = Array.isArray(node) ? node[Number(key)] : isObject(node) ? node[String(key)] : undefined;
  }
  const last = path[path.length - 1];
  if (last === undefined) return copy;
  if (Array.isArray(node)) {
    if (next === REMOVE) node.splice(Number(last), 1);
    else node[Number(last)] = next;
  } else if (isObject(node)) {
    if (next === REMOVE) Reflect.deleteProperty(node, String(last));
    else node[String(last)] = next;
  }
  return copy;
}

/** A short, single-line excerpt of a text. */
export function excerpt(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
