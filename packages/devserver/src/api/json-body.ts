/**
 * JSON request bodies as both transports read them: the text's shape is checked before it is
 * parsed, so a body nested deeper or holding more values than any operation takes is refused in
 * one pass over its characters, before `JSON.parse`, schema validation or any other walk does
 * work in proportion to it (or recurses into it).
 */

/** Deepest nesting of arrays and objects any operation takes (the contract's deepest is 4). */
export const MAX_JSON_DEPTH = 32;
/** Most values (items, members and the containers themselves) in one JSON body. */
export const MAX_JSON_VALUES = 5_000;

/** A body that is not JSON at all. */
export const INVALID_JSON = Symbol('invalid-json');

/** A body refused for its shape before it was parsed. */
export class OversizedJson {
  constructor(
    readonly reason: 'depth' | 'values',
    readonly limit: number,
  ) {}
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

/**
 * Whether the text nests deeper or holds more values than the limits, counted outside strings
 * (a value is a container or follows a comma). Malformed text is left to `JSON.parse`.
 */
export function jsonShapeProblem(text: string): OversizedJson | null {
  let depth = 0;
  let values = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > MAX_JSON_DEPTH) return new OversizedJson('depth', MAX_JSON_DEPTH);
      values++;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
    else if (c === COMMA && ++values > MAX_JSON_VALUES)
      return new OversizedJson('values', MAX_JSON_VALUES);
  }
  return values > MAX_JSON_VALUES ? new OversizedJson('values', MAX_JSON_VALUES) : null;
}

/** A JSON body's text → its value, `undefined` when blank, INVALID_JSON or an OversizedJson. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  const oversized = jsonShapeProblem(text);
  if (oversized) return oversized;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return INVALID_JSON;
  }
}
