import { describe, expect, test } from 'vitest';
import { addMonths, monthOf } from './dates.ts';

describe('calendar dates', () => {
  test('The month of a date is its first seven characters', () => {
    expect(monthOf('2026-12-03')).toBe('2026-12');
  });

  test.each([
    ['2026-12', 1, '2027-01'],
    ['2027-01', -1, '2026-12'],
    ['2026-05', 0, '2026-05'],
    ['2026-01', 24, '2028-01'],
    ['2026-03', -15, '2024-12'],
  ])('%s plus %i months is %s', (month, count, expected) => {
    expect(addMonths(month, count)).toBe(expected);
  });
});
