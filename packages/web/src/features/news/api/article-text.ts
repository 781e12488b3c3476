const HELSINKI_DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Helsinki',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** The Helsinki date of a server instant as `d.M.yyyy` (spec §9), whatever the device's zone. */
export function helsinkiDate(dateTime: string): string {
  const parts = Object.fromEntries(
    HELSINKI_DATE.formatToParts(new Date(dateTime)).map((part) => [part.type, part.value]),
  );
  return `${Number(parts.day)}.${Number(parts.month)}.${parts.year ?? ''}`;
}

/**
 * The plain text of an article body for a list excerpt, cut at a word near `length`. The HTML is
 * parsed into an inert document (nothing runs or loads) and its scripts and styles are dropped.
 */
export function excerptOf(html: string, length = 180): string {
  // Block ends become spaces so that paragraphs do not run together.
  const spaced = html.replace(/<\/(p|li|h[1-6]|div|blockquote)>|<br\s*\/?>/gi, '$& ');
  const doc = new DOMParser().parseFromString(spaced, 'text/html');
  for (const element of doc.body.querySelectorAll('script, style, noscript, template')) {
    element.remove();
  }
  const text = (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
