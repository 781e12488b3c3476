import { describe, expect, test } from 'vitest';
import { helsinkiToday } from '../../../shared/time.ts';
import { exportFileName } from './marketing-export.ts';

describe('marketing export file name', () => {
  test('the server’s dated name is used as it is', () => {
    expect(exportFileName('attachment; filename="marketing-export-2026-12-01.csv"')).toBe(
      'marketing-export-2026-12-01.csv',
    );
  });

  test('without one the name carries today’s Helsinki date', () => {
    // 23:30 UTC on 30 November is already 1 December in Helsinki (UTC+2).
    const now = new Date('2026-11-30T23:30:00Z');
    expect(helsinkiToday(now)).toBe('2026-12-01');
    expect(exportFileName(null, now)).toBe('marketing-export-2026-12-01.csv');
    expect(exportFileName('attachment; filename="../../evil.sh"', now)).toBe(
      'marketing-export-2026-12-01.csv',
    );
  });
});
