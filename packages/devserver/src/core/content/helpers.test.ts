import { describe, expect, test } from 'vitest';
import { createHarness } from '../../../test/harness.ts';
import { pageOf } from './paging.ts';
import { nextOccurrence } from './seed.ts';
import { isBlank, newestFirst } from './text.ts';

describe('content helpers', () => {
  test('A page past the end is empty but keeps the total; sizes are clamped to 1–100', () => {
    const items = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOf(items)).toMatchObject({ page: 1, pageSize: 20, total: 45 });
    expect(pageOf(items, { page: 3 }).items).toEqual([40, 41, 42, 43, 44]);
    expect(pageOf(items, { page: 4 }).items).toEqual([]);
    expect(pageOf(items, { pageSize: 500 }).pageSize).toBe(100);
    expect(pageOf(items, { page: 0, pageSize: 0 })).toMatchObject({ page: 1, pageSize: 1 });
  });

  test('Only white space counts as blank', () => {
    expect(isBlank(' \n\t')).toBe(true);
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });

  test('Newest first orders by instant across offsets, then by id', () => {
    const rows = [
      { id: 1, at: '2026-10-25T03:30:00+03:00' },
      { id: 2, at: '2026-10-25T03:15:00+02:00' },
      { id: 3, at: '2026-10-25T03:15:00+02:00' },
    ];
    expect([...rows].sort(newestFirst((r) => r.at)).map((r) => r.id)).toEqual([3, 2, 1]);
  });

  test('A themed day falls on its next date after today', () => {
    expect(nextOccurrence('2026-11-23', '03-20')).toBe('2027-03-20');
    expect(nextOccurrence('2027-03-01', '03-20')).toBe('2027-03-20');
    expect(nextOccurrence('2027-03-20', '03-20')).toBe('2028-03-20');
  });

  test('The same seed and clock give the same content', () => {
    const a = createHarness().state.db;
    const b = createHarness().state.db;
    for (const table of [
      'article',
      'event',
      'eventReminder',
      'rule',
      'feedback',
      'anamnesis',
    ] as const)
      expect(b[table].getAll()).toEqual(a[table].getAll());
  });

  test('Seeded dates follow the clock', () => {
    const later = createHarness({ now: new Date('2027-06-01T12:00:00+03:00') });
    const events = later.state.db.event.getAll();
    expect(events.find((e) => e.id === 1)?.date).toBe('2027-05-12');
    expect(events.find((e) => e.title === 'Maailman suunterveyspäivä')?.date).toBe('2028-03-20');
  });
});
