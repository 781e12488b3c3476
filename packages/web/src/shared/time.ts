import { appNow } from './app-clock.ts';
import type { Language } from './language.ts';

/**
 * Dates and times as the patient reads them: in Helsinki (the clinics' zone, FINLAND.md), in the
 * spec's formats (§9: `d.M.yyyy HH:mm`, `d.M.yyyy`, `HH:mm`), whatever zone the device is in.
 * One module on `Intl` (no date library in the first load); the relative 'ago' form, which needs
 * date-fns' locales, is `formatAgo` in `time-ago.ts`.
 */
export const HELSINKI = 'Europe/Helsinki';

/** The formats of spec §9. */
export const DATE_FORMATS = {
  full: 'd.M.yyyy HH:mm',
  date: 'd.M.yyyy',
  time: 'HH:mm',
} as const;
export type DateFormat = keyof typeof DATE_FORMATS;

/** A server date: an instant (ISO string with an offset, or a Date), or a calendar day `yyyy-MM-dd`. */
export type ServerDate = string | Date;

const INTL_LOCALES: Record<Language, string> = { fi: 'fi-FI', sv: 'sv-FI', en: 'en-GB' };

/**
 * Made on first use, and only for instants the EU rule below does not cover: the first formatter
 * of a page starts the browser's ICU and loads the zone's data, about 40 ms on a desktop and a
 * long task of a third of a second on a slow phone, which the booking start (it needs today)
 * should not spend while it starts.
 */
let partsFormat: Intl.DateTimeFormat | null = null;
function helsinkiParts(instant: Date): Intl.DateTimeFormatPart[] {
  partsFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: HELSINKI,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  return partsFormat.formatToParts(instant);
}

const HOUR = 3_600_000;

/** The instant of the last Sunday of a month (0-based) at 01:00 UTC. */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0, 1);
  return lastDay - new Date(lastDay).getUTCDay() * 24 * HOUR;
}

/**
 * Helsinki's offset from UTC by the EU's summer-time rule, which Finland has followed since 1996
 * (directive 2000/84/EC): +3 h from 01:00 UTC on March's last Sunday to 01:00 UTC on October's
 * last Sunday, +2 h otherwise. Outside 1996–2099 (and so for any rule the EU may adopt later,
 * which a test against the time-zone database would show) `null`: the browser's zone data answers.
 */
function ruleOffset(epoch: number): number | null {
  const year = new Date(epoch).getUTCFullYear();
  if (year < 1996 || year > 2099) return null;
  const summer = epoch >= lastSundayOneUtc(year, 2) && epoch < lastSundayOneUtc(year, 9);
  return (summer ? 3 : 2) * HOUR;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The Helsinki wall-clock reading of an instant: by the rule, else by the zone data. */
function wallClock(instant: Date): WallClock {
  const offset = ruleOffset(instant.getTime());
  if (offset !== null) {
    const shifted = new Date(instant.getTime() + offset);
    return {
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
      hour: shifted.getUTCHours(),
      minute: shifted.getUTCMinutes(),
      second: shifted.getUTCSeconds(),
    };
  }
  return zoneWallClock(instant);
}

/** The Helsinki wall-clock reading of an instant by the browser's time-zone data. */
export function zoneWallClock(instant: Date): WallClock {
  const p: Record<string, number> = {};
  for (const part of helsinkiParts(instant)) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return {
    year: p.year ?? 0,
    month: p.month ?? 1,
    day: p.day ?? 1,
    hour: p.hour ?? 0,
    minute: p.minute ?? 0,
    second: p.second ?? 0,
  };
}

/** The Helsinki wall-clock reading of an instant (exported for the test against the zone data). */
export { wallClock as helsinkiWallClock };

/** Helsinki's offset from UTC at an instant, in milliseconds (+2 h in winter, +3 h in summer). */
function offsetAt(epoch: number): number {
  const c = wallClock(new Date(epoch));
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return asUtc - Math.floor(epoch / 1000) * 1000;
}

/** The instant of a Helsinki wall-clock time (a skipped spring hour resolves to the hour after). */
export function helsinkiInstant(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const first = asUtc - offsetAt(asUtc);
  const second = asUtc - offsetAt(first);
  return new Date(second);
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads a server date (spec §9): zero dates (`0000-00-00…`) are now, a calendar day (10
 * characters, `2026-11-22`) is midnight in Helsinki, anything else is an instant. An unreadable
 * value gives an invalid Date.
 */
export function parseServerDate(value: ServerDate, now: Date = appNow()): Date {
  if (value instanceof Date) return value;
  if (value.startsWith('0000-00-00')) return now;
  const day = CALENDAR_DAY.exec(value);
  if (day) return helsinkiInstant(Number(day[1]), Number(day[2]), Number(day[3]));
  return new Date(value);
}

const pad = (value: number): string => String(value).padStart(2, '0');

/**
 * A server date in one of the spec's formats, in Helsinki time: `24.12.2026 16:45`,
 * `24.12.2026`, `16:45`. The formats are numeric, so the same in every language. An unreadable
 * date gives ''.
 */
export function formatHelsinki(
  value: ServerDate,
  format: DateFormat,
  now: Date = appNow(),
): string {
  const date = parseServerDate(value, now);
  if (Number.isNaN(date.getTime())) return '';
  const c = wallClock(date);
  const dayText = `${c.day}.${c.month}.${c.year}`;
  const timeText = `${pad(c.hour)}:${pad(c.minute)}`;
  if (format === 'date') return dayText;
  if (format === 'time') return timeText;
  return `${dayText} ${timeText}`;
}

/** The Helsinki date and time of a server date, for texts that place them apart. */
export function helsinkiDateTime(value: ServerDate): { date: string; time: string } {
  return { date: formatHelsinki(value, 'date'), time: formatHelsinki(value, 'time') };
}

/**
 * The Helsinki calendar day of an instant as `yyyy-MM-dd` (the form of availability and events).
 * A zero date is today; an unreadable date gives ''.
 */
export function helsinkiDay(value: ServerDate, now: Date = appNow()): string {
  const date = parseServerDate(value, now);
  if (Number.isNaN(date.getTime())) return '';
  const c = wallClock(date);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
}

/** Today in Helsinki as `yyyy-MM-dd`. */
export function helsinkiToday(now: Date = appNow()): string {
  return helsinkiDay(now);
}

/** A message-like time: `HH:mm` today, `d.M.yyyy HH:mm` on other days (Helsinki). */
export function shortDateTime(value: ServerDate, now: Date = appNow()): string {
  return helsinkiDay(value, now) === helsinkiDay(now)
    ? formatHelsinki(value, 'time', now)
    : formatHelsinki(value, 'full', now);
}

/**
 * The weekday of a calendar day (`yyyy-MM-dd`) or of an instant in Helsinki, in the language. A
 * zero date is today's; an unreadable date gives ''.
 */
export function weekdayName(
  value: ServerDate,
  language: Language,
  width: 'long' | 'short' = 'long',
  now: Date = appNow(),
): string {
  const helsinki = helsinkiDay(value, now);
  if (helsinki === '') return '';
  const [year, month, day] = helsinki.split('-').map(Number);
  // Noon UTC of that calendar day names the same weekday in every zone.
  const noon = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, 12));
  return new Intl.DateTimeFormat(INTL_LOCALES[language], {
    weekday: width,
    timeZone: 'UTC',
  }).format(noon);
}

/** An ISO weekday (1 = Monday … 7 = Sunday) as a name in the language. */
export function isoWeekdayName(
  weekday: number,
  language: Language,
  width: 'long' | 'short' = 'short',
): string {
  // 2024-01-01 was a Monday.
  return weekdayName(`2024-01-${pad(weekday)}`, language, width);
}
