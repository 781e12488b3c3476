import { describe, expect, test } from 'vitest';
import { easterSunday, isHoliday } from './calendar.ts';

describe('public holidays', () => {
  test('Easter and the holidays that hang on it are computed per year', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(isHoliday('2027-03-26')).toBe(true); // Good Friday
    expect(isHoliday('2027-03-29')).toBe(true); // Easter Monday
    expect(isHoliday('2027-05-06')).toBe(true); // Ascension Day
    expect(isHoliday('2027-06-25')).toBe(true); // Midsummer Eve
    expect(isHoliday('2026-10-31')).toBe(true); // All Saints' Day
    expect(isHoliday('2026-12-06')).toBe(true);
    expect(isHoliday('2026-12-07')).toBe(false);
  });
});
