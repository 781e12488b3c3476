/** Half of a UTF-16 surrogate pair without its other half (`"\ud800"` in JSON). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether a text is made of whole characters: no lone surrogate, which no keyboard types and
 * which breaks URI encoding, e-mail parsing and other systems (`String.isWellFormed`, for the
 * browsers the mock mode runs in that lack it).
 */
export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}
