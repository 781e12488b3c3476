import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  helsinkiWallClock,
  zoneWallClock,
  formatHelsinki,
  helsinkiDateTime,
  helsinkiDay,
  helsinkiInstant,
  helsinkiToday,
  isoWeekdayName,
  parseServerDate,
  shortDateTime,
  weekdayName,
} from './time.ts';
import { formatAgo } from './time-ago.ts';
import { longDay } from './calendar-days.ts';

// The device is somewhere else: every answer must still be Helsinki's.
const deviceZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

describe('Helsinki time in the spec’s formats', () => {
  test('a full date and time is d.M.yyyy HH:mm', () => {
    expect(formatHelsinki('2026-01-05T06:07:00Z', 'full')).toBe('5.1.2026 08:07');
  });

  test('a date is d.M.yyyy and a time HH:mm, the same in every language', () => {
    expect(formatHelsinki('2026-12-24T14:45:00Z', 'date')).toBe('24.12.2026');
    expect(formatHelsinki('2026-12-24T14:45:00Z', 'time')).toBe('16:45');
    expect(helsinkiDateTime('2026-12-24T14:45:00Z')).toEqual({ date: '24.12.2026', time: '16:45' });
  });

  test('an instant is read whatever offset it comes with', () => {
    expect(formatHelsinki('2026-11-24T23:30:00Z', 'date')).toBe('25.11.2026');
    expect(formatHelsinki('2026-12-01T08:00:00+02:00', 'date')).toBe('1.12.2026');
    expect(formatHelsinki(new Date('2026-12-01T06:00:00Z'), 'time')).toBe('08:00');
  });

  test('a ten-character date gets midnight in Helsinki', () => {
    expect(formatHelsinki('2026-03-01', 'full')).toBe('1.3.2026 00:00');
    expect(parseServerDate('2026-03-01').toISOString()).toBe('2026-02-28T22:00:00.000Z');
    expect(parseServerDate('2026-07-01').toISOString()).toBe('2026-06-30T21:00:00.000Z');
  });

  test('zero dates are treated as now', () => {
    const now = new Date('2026-11-22T10:30:00Z');
    expect(parseServerDate('0000-00-00 00:00:00', now)).toBe(now);
    expect(formatHelsinki('0000-00-00', 'full', now)).toBe('22.11.2026 12:30');
  });

  test('an unreadable date formats as an empty string', () => {
    expect(formatHelsinki('not a date', 'date')).toBe('');
  });
});

describe('across the daylight-saving changes', () => {
  test('spring: 29 March 2026, 03:00 EET becomes 04:00 EEST', () => {
    expect(formatHelsinki('2026-03-29T00:59:00Z', 'full')).toBe('29.3.2026 02:59');
    expect(formatHelsinki('2026-03-29T01:00:00Z', 'full')).toBe('29.3.2026 04:00');
    expect(formatHelsinki('2026-03-28T22:30:00Z', 'full')).toBe('29.3.2026 00:30');
    expect(helsinkiInstant(2026, 3, 29, 8, 0).toISOString()).toBe('2026-03-29T05:00:00.000Z');
    expect(helsinkiInstant(2026, 3, 28, 8, 0).toISOString()).toBe('2026-03-28T06:00:00.000Z');
    // The skipped hour does not exist: it resolves to the hour after.
    expect(formatHelsinki(helsinkiInstant(2026, 3, 29, 3, 30), 'time')).toBe('04:30');
  });

  test('autumn: 25 October 2026, 04:00 EEST becomes 03:00 EET', () => {
    expect(formatHelsinki('2026-10-25T00:59:00Z', 'full')).toBe('25.10.2026 03:59');
    expect(formatHelsinki('2026-10-25T01:00:00Z', 'full')).toBe('25.10.2026 03:00');
    expect(formatHelsinki('2026-10-24T22:30:00Z', 'date')).toBe('25.10.2026');
    expect(helsinkiInstant(2026, 10, 24, 8, 0).toISOString()).toBe('2026-10-24T05:00:00.000Z');
    expect(helsinkiInstant(2026, 10, 26, 8, 0).toISOString()).toBe('2026-10-26T06:00:00.000Z');
    expect(parseServerDate('2026-10-25').toISOString()).toBe('2026-10-24T21:00:00.000Z');
    expect(parseServerDate('2026-10-26').toISOString()).toBe('2026-10-25T22:00:00.000Z');
  });
});

describe('the summer-time rule agrees with the time-zone database', () => {
  // The wall clock is read by the EU rule (no Intl on a page's start); the zone data of the
  // runtime is the reference. Should the EU change the rule, the updated zone data fails this.
  test('every six hours and a minute either side of every change, 1996–2099', () => {
    const HOUR = 3_600_000;
    const differ: string[] = [];
    const check = (epoch: number) => {
      const instant = new Date(epoch);
      const byRule = helsinkiWallClock(instant);
      const byZone = zoneWallClock(instant);
      if (JSON.stringify(byRule) !== JSON.stringify(byZone)) differ.push(instant.toISOString());
    };
    for (let year = 1996; year <= 2099; year++) {
      const start = Date.UTC(year, 0, 1);
      const end = Date.UTC(year + 1, 0, 1);
      for (let epoch = start; epoch < end; epoch += 6 * HOUR) check(epoch);
      // The changes fall on the last Sundays of March and October at 01:00 UTC.
      for (const month of [2, 9]) {
        for (let day = 25; day <= 31; day++) {
          const one = Date.UTC(year, month, day, 1);
          for (const delta of [-60_000, -1000, 0, 1000, 60_000]) check(one + delta);
        }
      }
    }
    expect(differ).toEqual([]);
  });

  test('outside the rule’s years the zone data answers (1983 had summer time from March)', () => {
    expect(formatHelsinki('1983-03-27T01:30:00Z', 'full')).toBe('27.3.1983 04:30');
    expect(formatHelsinki('1990-09-30T00:30:00Z', 'full')).toBe('30.9.1990 03:30');
    expect(formatHelsinki('1990-09-30T01:30:00Z', 'full')).toBe('30.9.1990 03:30');
  });
});

describe('Helsinki days', () => {
  test('the calendar day of an instant is Helsinki’s', () => {
    expect(helsinkiDay('2026-11-30T22:30:00Z')).toBe('2026-12-01');
    expect(helsinkiToday(new Date('2026-11-30T22:30:00Z'))).toBe('2026-12-01');
    expect(helsinkiDay('2026-12-01')).toBe('2026-12-01');
  });

  test('a time today is HH:mm; on another day it carries the date', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    expect(shortDateTime('2026-12-01T07:05:00Z', now)).toBe('09:05');
    expect(shortDateTime('2026-11-30T07:05:00Z', now)).toBe('30.11.2026 09:05');
  });

  test('weekdays are named in the language', () => {
    expect(weekdayName('2026-12-07', 'en')).toBe('Monday');
    expect(weekdayName('2026-12-07', 'fi')).toBe('maanantai');
    expect(weekdayName('2026-12-06T22:30:00Z', 'en')).toBe('Monday');
    expect(isoWeekdayName(1, 'en')).toBe('Mon');
    expect(isoWeekdayName(5, 'fi')).toBe('pe');
    expect(isoWeekdayName(7, 'sv', 'long')).toBe('söndag');
  });
});

describe('ago', () => {
  const now = new Date('2026-11-22T10:30:00Z');

  test('ago shows a relative time followed by sitten in Finnish', () => {
    expect(formatAgo('2026-11-22T07:30:00Z', 'fi', now)).toBe('noin 3 tuntia sitten');
  });

  test('ago uses the language’s own suffix in English and Swedish', () => {
    expect(formatAgo('2026-11-20T10:30:00Z', 'en', now)).toBe('2 days ago');
    expect(formatAgo('2026-11-20T10:30:00Z', 'sv', now)).toBe('två dagar sedan');
  });

  test('an unreadable date gives an empty string', () => {
    expect(formatAgo('not a date', 'en', now)).toBe('');
  });
});

describe('every formatter reads zero dates, calendar days and unreadable dates alike (spec §9)', () => {
  const now = new Date('2026-11-22T10:30:00Z');
  const zeroForms = ['0000-00-00', '0000-00-00 00:00:00', '0000-00-00T00:00:00Z'];

  test.each(zeroForms)('%s is now in every formatter', (zero) => {
    expect(formatHelsinki(zero, 'full', now)).toBe('22.11.2026 12:30');
    expect(helsinkiDay(zero, now)).toBe('2026-11-22');
    expect(shortDateTime(zero, now)).toBe('12:30');
    expect(weekdayName(zero, 'en', 'long', now)).toBe('Sunday');
    expect(formatAgo(zero, 'fi', now)).toBe('alle minuutti sitten');
    expect(longDay(helsinkiDay(zero, now), 'en')).toBe('Sunday 22 November');
    // Swedish writes no ordinal point (issue 29: 'torsdag 26 november'); Finnish does.
    expect(longDay(helsinkiDay(zero, now), 'sv')).toBe('söndag 22 november');
    expect(longDay(helsinkiDay(zero, now), 'fi')).toBe('sunnuntaina 22. marraskuuta');
  });

  test('a ten-character date is midnight in Helsinki in every formatter', () => {
    expect(helsinkiDay('2026-03-01')).toBe('2026-03-01');
    expect(shortDateTime('2026-03-01', now)).toBe('1.3.2026 00:00');
    expect(weekdayName('2026-03-01', 'fi')).toBe('sunnuntai');
    expect(formatAgo('2026-11-21', 'fi', now)).toBe('päivä sitten');
  });

  test('an unreadable date gives an empty text and never throws', () => {
    for (const bad of ['not a date', '', '2026-13-45T99:99', new Date(Number.NaN)]) {
      expect(formatHelsinki(bad, 'full')).toBe('');
      expect(helsinkiDay(bad)).toBe('');
      expect(shortDateTime(bad)).toBe('');
      expect(weekdayName(bad, 'sv')).toBe('');
      expect(formatAgo(bad, 'en')).toBe('');
      expect(longDay(helsinkiDay(bad), 'fi')).toBe('');
    }
  });
});
