import { format as formatPattern, formatDistance, parseISO, type Locale } from 'date-fns';
import { enGB, fi, sv } from 'date-fns/locale';
import type { Language } from './language.ts';

/** The date formats of spec §9. */
export const DATE_FORMATS = {
  full: 'd.M.yyyy HH:mm',
  date: 'd.M.yyyy',
  time: 'HH:mm',
} as const;
export type DateFormat = keyof typeof DATE_FORMATS | 'ago';

const locales: Record<Language, Locale> = { fi, sv, en: enGB };

/**
 * Reads a server date: zero dates ('0000-00-00…') are now, a 10-character date
 * (`2026-11-22`) gets midnight local time.
 */
export function parseServerDate(value: string | Date, now: Date = new Date()): Date {
  if (value instanceof Date) return value;
  if (value.startsWith('0000-00-00')) return now;
  if (value.length === 10) return parseISO(`${value}T00:00:00`);
  return parseISO(value);
}

/**
 * Formats a date with one of the spec's formats in the given language. 'ago' is the distance
 * to now followed by "sitten" in Finnish (spec §9); Swedish and English use date-fns' own suffix.
 */
export function formatDate(
  value: string | Date,
  format: DateFormat,
  language: Language,
  now: Date = new Date(),
): string {
  const date = parseServerDate(value, now);
  if (Number.isNaN(date.getTime())) return '';
  const locale = locales[language];
  if (format === 'ago') {
    if (language === 'fi') return `${formatDistance(date, now, { locale })} sitten`;
    return formatDistance(date, now, { locale, addSuffix: true });
  }
  return formatPattern(date, DATE_FORMATS[format], { locale });
}
