import { helsinkiDate, helsinkiInstant, inHelsinki, toHelsinkiIso } from '../clock.ts';

/**
 * Calendar facts of the booking area: Helsinki dates, the booking horizon and the Finnish public
 * holidays (the clinics are closed). Dates are `YYYY-MM-DD` strings; date arithmetic is done on
 * UTC calendar days, which is exact for dates and much cheaper than time-zone conversions.
 */

/** Slots are offered from the clock's today for this many days (today included). */
export const HORIZON_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

function utcDay(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

function fromUtcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromUtcDay(utcDay(date) + days * DAY_MS);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function weekdayOf(date: string): number {
  const day = new Date(utcDay(date)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Every date of a `YYYY-MM` month, in order. */
export function datesOfMonth(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** `d.M.yyyy`, the Finnish date format of spec §9 (used in messages). */
export function displayDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${d}.${m}.${y}`;
}

/**
 * The Helsinki wall-clock time of an RFC 3339 instant as messages print it: `HH:mm` in every
 * language (spec §9), as every screen writes it: `08:00`, `14:30` (issue 54: the messages wrote
 * `8.00` in Finnish and Swedish, the screens `08:00`).
 */
export function displayClock(iso: string): string {
  const time = inHelsinki(Date.parse(iso));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(time.getHours())}:${pad(time.getMinutes())}`;
}

/** Easter Sunday of a year (anonymous Gregorian algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const holidayCache = new Map<number, Set<string>>();

/** Finnish public holidays and the eves the clinics keep closed, of one year. */
export function holidaysOf(year: number): Set<string> {
  let holidays = holidayCache.get(year);
  if (holidays) return holidays;
  const easter = easterSunday(year);
  const firstWeekdayBetween = (month: string, fromDay: number, weekday: number): string => {
    for (let day = fromDay; ; day++) {
      const date = `${year}-${month}-${String(day).padStart(2, '0')}`;
      if (weekdayOf(date) === weekday) return date;
    }
  };
  const midsummerEve = firstWeekdayBetween('06', 19, 5);
  // All Saints' Day: the Saturday between 31 October and 6 November.
  const allSaints =
    weekdayOf(`${year}-10-31`) === 6 ? `${year}-10-31` : firstWeekdayBetween('11', 1, 6);
  holidays = new Set([
    `${year}-01-01`, // New Year's Day
    `${year}-01-06`, // Epiphany
    addDays(easter, -2), // Good Friday
    easter,
    addDays(easter, 1), // Easter Monday
    `${year}-05-01`, // May Day
    addDays(easter, 39), // Ascension Day
    midsummerEve,
    addDays(midsummerEve, 1), // Midsummer Day
    allSaints,
    `${year}-12-06`, // Independence Day
    `${year}-12-24`, // Christmas Eve
    `${year}-12-25`,
    `${year}-12-26`,
  ]);
  holidayCache.set(year, holidays);
  return holidays;
}

export function isHoliday(date: string): boolean {
  return holidaysOf(Number(date.slice(0, 4))).has(date);
}

export interface DateInfo {
  date: string;
  weekday: number;
  holiday: boolean;
  /** The instant of 12:00 Helsinki time. */
  noonMs: number;
  /** The Helsinki offset in the daytime (`+02:00` or `+03:00`). */
  offset: string;
}

const dateInfoCache = new Map<string, DateInfo>();

/** Facts of a date, cached (they never change). */
export function dateInfo(date: string): DateInfo {
  let info = dateInfoCache.get(date);
  if (info) return info;
  const noonMs = helsinkiInstant(date, '12:00').getTime();
  info = {
    date,
    weekday: weekdayOf(date),
    holiday: isHoliday(date),
    noonMs,
    offset: toHelsinkiIso(noonMs).slice(-6),
  };
  if (dateInfoCache.size > 20_000) dateInfoCache.clear();
  dateInfoCache.set(date, info);
  return info;
}

/**
 * The instant of a wall-clock minute of the day. Exact from 04:00 on: Helsinki changes its
 * offset at 03:00/04:00, so daytime minutes share the offset of noon.
 */
export function localMs(info: DateInfo, minuteOfDay: number): number {
  return info.noonMs + (minuteOfDay - 12 * 60) * 60_000;
}

/** RFC 3339 with the Helsinki offset, for a daytime minute (same restriction as `localMs`). */
export function localIso(info: DateInfo, minuteOfDay: number): string {
  const hh = String(Math.floor(minuteOfDay / 60)).padStart(2, '0');
  const mm = String(minuteOfDay % 60).padStart(2, '0');
  return `${info.date}T${hh}:${mm}:00${info.offset}`;
}

/** The clock's today in Helsinki and the last bookable date. */
export function bookingWindow(nowMs: number): { today: string; lastDate: string } {
  const today = helsinkiDate(nowMs);
  return { today, lastDate: addDays(today, HORIZON_DAYS - 1) };
}
