/** Elements whose content is not text a reader sees. */
const HIDDEN_BLOCKS = /<(script|style|noscript|template|iframe|object)\b[\s\S]*?<\/\1\s*>/gi;
/** Ends of blocks, which read as a break between words. */
const BLOCK_ENDS = /<\/(p|li|h[1-6]|div|blockquote|tr|td|th)\s*>|<br\s*\/?>/gi;

/**
 * The plain text of stored HTML (an article or event body) for a list excerpt, cut at a word near
 * `length`. Tags are removed as text before anything is parsed, so no element is ever created
 * from the HTML: nothing loads, runs, or trips the Content-Security-Policy (an `onerror` in a body
 * used to be reported as a blocked inline handler on every visit of the news list).
 */
export function excerptOf(html: string, length = 180): string {
  const tagless = html
    .replace(HIDDEN_BLOCKS, ' ')
    .replace(BLOCK_ENDS, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    // A stray '<' left over is text, not the start of an element.
    .replace(/</g, '&lt;');
  // The tagless text holds only entities to decode: parsing it creates text nodes alone.
  const doc = new DOMParser().parseFromString(tagless, 'text/html');
  const text = (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
