import { format } from 'date-fns';
import { enUS, fi, sv, type Locale } from 'date-fns/locale';

/** The date-fns locale of an interface language (spec §2: the calendar follows the language). */
export function dateLocale(language: string): Locale {
  if (language.startsWith('sv')) return sv;
  if (language.startsWith('en')) return enUS;
  return fi;
}

/** Finnish and Swedish weeks start on Monday (ISO), English weeks on Sunday. */
export function weekStartsOn(language: string): 0 | 1 {
  return language.startsWith('en') ? 0 : 1;
}

/** A `YYYY-MM-DD` day as a local Date at midnight (no time-zone shift). */
export function dayToDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
}

/** A local Date as `YYYY-MM-DD`. */
export function dateToDay(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** `YYYY-MM` as a local Date on the first of that month. */
export function monthToDate(month: string): Date {
  return dayToDate(`${month}-01`);
}

/**
 * "Tuesday 1 December" in the language (Finnish: "tiistai 1. joulukuuta"). A day that is not
 * `YYYY-MM-DD` (say, the '' of an unreadable server date) gives ''.
 */
export function longDay(day: string, language: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  // Finnish writes the day number as an ordinal ("27."); Swedish and English do not
  // ("fredag 27 november", "Friday 27 November").
  const pattern = language.startsWith('fi') ? 'EEEE d. MMMM' : 'EEEE d MMMM';
  return format(dayToDate(day), pattern, { locale: dateLocale(language) });
}
