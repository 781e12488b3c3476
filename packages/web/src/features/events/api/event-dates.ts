import { formatDate } from '../../../lib/format-date.ts';
import type { Language } from '../../../lib/language.ts';

const HELSINKI = 'Europe/Helsinki';

const helsinkiDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: HELSINKI,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in Helsinki as `yyyy-MM-dd`, the form of an event's date. */
export function helsinkiToday(now: Date = new Date()): string {
  return helsinkiDay.format(now);
}

const LOCALES: Record<Language, string> = { fi: 'fi-FI', sv: 'sv-FI', en: 'en-GB' };

/** An event day as "weekday d.M.yyyy" in the language (spec §9's date form). */
export function eventDay(date: string, language: Language): string {
  const weekday = new Intl.DateTimeFormat(LOCALES[language], {
    weekday: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
  return `${weekday} ${formatDate(date, 'date', language)}`;
}

const helsinkiParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: HELSINKI,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A server instant as Helsinki `d.M.yyyy` and `HH:mm`. */
export function helsinkiDateTime(dateTime: string): { date: string; time: string } {
  const p = Object.fromEntries(
    helsinkiParts.formatToParts(new Date(dateTime)).map((part) => [part.type, part.value]),
  );
  return {
    date: `${Number(p.day)}.${Number(p.month)}.${p.year ?? ''}`,
    time: `${p.hour ?? ''}:${p.minute ?? ''}`,
  };
}

/** The plain text of an event body for a list excerpt (parsed inert; scripts dropped). */
export function excerptOf(html: string, length = 160): string {
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
