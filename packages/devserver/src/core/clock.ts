import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

export const TIME_ZONE = 'Europe/Helsinki';

export interface ClockSnapshot {
  offsetMs: number;
  frozenAt: number | null;
}

/**
 * The dev server's clock. Every rule reads it (24 h window, chat hours, coupon validity, groups
 * of reservations), and QA sets, freezes or advances it through the dev controls. It runs with
 * real time plus an offset, or stands still when frozen.
 */
export class Clock {
  private offsetMs = 0;
  private frozenAt: number | null = null;

  constructor(private readonly realNow: () => number = Date.now) {}

  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    return this.frozenAt ?? this.realNow() + this.offsetMs;
  }

  get frozen(): boolean {
    return this.frozenAt !== null;
  }

  set(instant: Date, frozen = this.frozen): void {
    if (frozen) {
      this.frozenAt = instant.getTime();
      this.offsetMs = 0;
    } else {
      this.frozenAt = null;
      this.offsetMs = instant.getTime() - this.realNow();
    }
  }

  advance(ms: number): void {
    if (this.frozenAt !== null) this.frozenAt += ms;
    else this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
    this.frozenAt = null;
  }

  snapshot(): ClockSnapshot {
    return { offsetMs: this.offsetMs, frozenAt: this.frozenAt };
  }

  restore(snapshot: ClockSnapshot): void {
    this.offsetMs = snapshot.offsetMs;
    this.frozenAt = snapshot.frozenAt;
  }
}

/** The instant as a Helsinki wall-clock date. */
export function inHelsinki(instant: Date | number): TZDate {
  return new TZDate(typeof instant === 'number' ? instant : instant.getTime(), TIME_ZONE);
}

/** The last day asked for: Helsinki's offset is whole hours, so its date is the same all minute. */
let lastDay = { minute: Number.NaN, date: '' };

/** `YYYY-MM-DD` of the instant in Helsinki. */
export function helsinkiDate(instant: Date | number): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const minute = Math.floor(ms / 60_000);
  if (minute !== lastDay.minute) {
    lastDay = { minute, date: format(inHelsinki(ms), 'yyyy-MM-dd') };
  }
  return lastDay.date;
}

/** RFC 3339 with the Helsinki offset: `2026-12-01T09:00:00+02:00`. */
export function toHelsinkiIso(instant: Date | number): string {
  return format(inHelsinki(instant), "yyyy-MM-dd'T'HH:mm:ssxxx");
}

/**
 * RFC 3339 with the Helsinki offset to the millisecond (`2026-12-01T09:00:00.250+02:00`; a whole
 * second as `toHelsinkiIso` writes it). The dev clock reads so, because the clock itself counts
 * milliseconds: a reading truncated to the second and written back set the clock up to a second
 * behind the messages it had already dated, which the outbox then hid.
 */
export function toHelsinkiIsoExact(instant: Date | number): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return ms % 1000 === 0
    ? toHelsinkiIso(ms)
    : format(inHelsinki(ms), "yyyy-MM-dd'T'HH:mm:ss.SSSxxx");
}

/** The instant of a Helsinki wall-clock time on a date (`2026-12-01`, `09:30`). */
export function helsinkiInstant(date: string, time = '00:00'): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, 0, TIME_ZONE).getTime());
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a `YYYY-MM-DD` date. */
export function isoWeekday(date: string): number {
  const day = helsinkiInstant(date, '12:00');
  const weekday = inHelsinki(day).getDay();
  return weekday === 0 ? 7 : weekday;
}

/** The `YYYY-MM-DD` date `days` after `date`. */
export function addDaysToDate(date: string, days: number): string {
  return helsinkiDate(addDays(inHelsinki(helsinkiInstant(date, '12:00')), days));
}
