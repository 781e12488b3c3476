import { describe, expect, test } from 'vitest';
import { adjacentDateWithSlots, dateAfterMove } from './availability.ts';

describe('day moves', () => {
  const day = {
    date: '2026-12-03',
    previousDateWithSlots: '2026-12-01',
    nextDateWithSlots: null,
    slots: [],
  };

  test('Previous and next day go to the dates with slots the loaded day names', () => {
    expect(adjacentDateWithSlots(day, 'previous')).toBe('2026-12-01');
    expect(adjacentDateWithSlots(day, 'next')).toBeNull();
    expect(adjacentDateWithSlots(null, 'next')).toBeNull();
  });

  test('Without such a date the day stays', () => {
    expect(dateAfterMove({ daySlots: day, date: '2026-12-03' }, 'previous')).toBe('2026-12-01');
    expect(dateAfterMove({ daySlots: day, date: '2026-12-03' }, 'next')).toBe('2026-12-03');
  });
});
