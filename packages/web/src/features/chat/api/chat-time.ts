import type { Language } from '../../../shared/language.ts';
import { formatHelsinki, isoWeekdayName, weekdayName } from '../../../shared/time.ts';

/** An opening time `08:00` as the Finnish hour `8` (`8.30` with minutes). */
export function shortHour(time: string): string {
  const [hours = '0', minutes = '00'] = time.split(':');
  return minutes === '00' ? String(Number(hours)) : `${Number(hours)}.${minutes}`;
}

/** ISO weekdays (1 = Monday) as names: a run as `Mon–Fri`, otherwise a list. */
export function weekdayNames(weekdays: readonly number[], language: Language): string {
  const name = (day: number) => isoWeekdayName(day, language);
  const days = [...weekdays].sort((a, b) => a - b);
  const first = days[0];
  const last = days[days.length - 1];
  if (first === undefined || last === undefined) return '';
  const consecutive = days.length > 2 && last - first === days.length - 1;
  return consecutive ? `${name(first)}–${name(last)}` : days.map(name).join(', ');
}

/** The weekday and time of a next opening: `Monday 7.12.2026` and `08:00` (Helsinki). */
export function openingMoment(dateTime: string, language: Language): { day: string; time: string } {
  return {
    day: [weekdayName(dateTime, language), formatHelsinki(dateTime, 'date')]
      .filter(Boolean)
      .join(' '),
    time: formatHelsinki(dateTime, 'time'),
  };
}
