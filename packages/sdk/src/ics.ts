/**
 * A property's value in an iCalendar text (RFC 5545: folded lines unfolded first), e.g.
 * `icsProperty(text, 'DTSTART')` → `20261201T070000Z`; undefined when the text has none.
 */
export function icsProperty(text: string, name: string): string | undefined {
  const lines = text.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  const line = lines.find((candidate) => new RegExp(`^${name}[;:]`).test(candidate));
  return line?.slice(line.indexOf(':') + 1);
}
