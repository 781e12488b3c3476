import { describe, expect, test } from 'vitest';
import { calendarFileName } from './calendar-file.ts';

describe('calendar file name', () => {
  test("the server's name is used when it is the contract's", () => {
    expect(calendarFileName('attachment; filename="reservation-1024.ics"', 1024)).toBe(
      'reservation-1024.ics',
    );
  });

  test('anything else becomes reservation-{id}.ics', () => {
    expect(calendarFileName(null, 7)).toBe('reservation-7.ics');
    expect(calendarFileName('attachment; filename="../../evil.sh"', 7)).toBe('reservation-7.ics');
  });
});
