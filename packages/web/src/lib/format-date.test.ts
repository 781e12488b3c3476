import { describe, expect, test } from 'vitest';
import { formatDate, parseServerDate } from './format-date.ts';

const now = new Date(2026, 10, 22, 12, 30);

describe('formatDate', () => {
  test('formats a full date and time as d.M.yyyy HH:mm', () => {
    expect(formatDate(new Date(2026, 0, 5, 8, 7), 'full', 'fi')).toBe('5.1.2026 08:07');
  });

  test('formats a date as d.M.yyyy and a time as HH:mm in every language', () => {
    const date = new Date(2026, 11, 24, 16, 45);
    for (const language of ['fi', 'sv', 'en'] as const) {
      expect(formatDate(date, 'date', language)).toBe('24.12.2026');
      expect(formatDate(date, 'time', language)).toBe('16:45');
    }
  });

  test('a ten-character date gets midnight', () => {
    expect(formatDate('2026-03-01', 'full', 'fi')).toBe('1.3.2026 00:00');
  });

  test('zero dates are treated as now', () => {
    expect(parseServerDate('0000-00-00 00:00:00', now)).toBe(now);
    expect(formatDate('0000-00-00', 'full', 'en', now)).toBe('22.11.2026 12:30');
  });

  test('ago shows a relative time followed by sitten in Finnish', () => {
    expect(formatDate(new Date(2026, 10, 22, 9, 30), 'ago', 'fi', now)).toBe(
      'noin 3 tuntia sitten',
    );
  });

  test('ago uses the language’s own suffix in English and Swedish', () => {
    const date = new Date(2026, 10, 20, 12, 30);
    expect(formatDate(date, 'ago', 'en', now)).toBe('2 days ago');
    expect(formatDate(date, 'ago', 'sv', now)).toBe('två dagar sedan');
  });

  test('an unreadable date formats as an empty string', () => {
    expect(formatDate('not a date', 'date', 'fi')).toBe('');
  });
});
