import { describe, expect, test } from 'vitest';
import { addDays, dateInfo } from './calendar.ts';
import { dayPlan, gridStarts, unbookedStarts, workingDay } from './schedule.ts';

describe('working days and other patients', () => {
  const seed = 20261122;
  const dentist = { id: 5, enabled: true, branchIds: [1, 2] };

  test('Nobody works on Sundays, holidays, or when disabled', () => {
    expect(workingDay(seed, dentist, dateInfo('2026-12-06'))).toBeNull();
    expect(workingDay(seed, dentist, dateInfo('2026-12-24'))).toBeNull();
    expect(workingDay(seed, { ...dentist, enabled: false }, dateInfo('2026-12-01'))).toBeNull();
  });

  test('Practitioners with two branches spend some weekdays at the second one', () => {
    const branches = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const day = workingDay(seed, dentist, dateInfo(addDays('2026-11-30', i)));
      if (day) branches.add(day.branchId);
    }
    expect(branches).toEqual(new Set([1, 2]));
  });

  test('The grid follows the duration from the start of each working block', () => {
    const blocks = [
      { start: 480, end: 720 },
      { start: 750, end: 960 },
    ];
    expect(gridStarts(blocks, 90)).toEqual([480, 570, 750, 840]);
    expect(gridStarts(blocks, 45).slice(0, 6)).toEqual([480, 525, 570, 615, 660, 750]);
  });

  test('About half of the 30-minute slots are taken by other patients', () => {
    let grid = 0;
    let free = 0;
    for (let id = 1; id <= 72; id++) {
      for (let i = 0; i < 20; i++) {
        const plan = dayPlan(
          seed,
          { id, enabled: true, branchIds: [1] },
          dateInfo(addDays('2026-11-30', i)),
        );
        if (!plan) continue;
        grid += gridStarts(plan.blocks, 30).length;
        free += unbookedStarts(plan, 30).length;
      }
    }
    const taken = 1 - free / grid;
    expect(taken).toBeGreaterThan(0.4);
    expect(taken).toBeLessThan(0.6);
  });
});
