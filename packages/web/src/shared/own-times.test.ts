import type { Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { ownTimesOf } from './own-times.ts';
import { overlapsOwnTime } from './slot-picker.tsx';

function reservation(
  id: number,
  status: Schemas['Reservation']['status'],
  startTime: string,
  endTime: string,
): Schemas['Reservation'] {
  return { id, status, startTime, endTime } as Schemas['Reservation'];
}

function slot(startTime: string, endTime: string): Schemas['Slot'] {
  return { startTime, endTime } as Schemas['Slot'];
}

const reservations = [
  reservation(1, 'confirmed', '2026-12-02T08:00:00+02:00', '2026-12-02T08:30:00+02:00'),
  reservation(2, 'tentative', '2026-12-03T10:00:00+02:00', '2026-12-03T11:00:00+02:00'),
  reservation(3, 'cancelled', '2026-12-04T09:00:00+02:00', '2026-12-04T09:30:00+02:00'),
  reservation(4, 'completed', '2026-11-20T09:00:00+02:00', '2026-11-20T09:30:00+02:00'),
];

describe("the patient's own times", () => {
  test('are those of confirmed and tentative reservations, of any service', () => {
    expect(ownTimesOf(reservations)).toEqual([
      { startMs: Date.parse('2026-12-02T06:00:00Z'), endMs: Date.parse('2026-12-02T06:30:00Z') },
      { startMs: Date.parse('2026-12-03T08:00:00Z'), endMs: Date.parse('2026-12-03T09:00:00Z') },
    ]);
  });

  test('leave out the reservation being moved', () => {
    expect(ownTimesOf(reservations, 1)).toEqual([
      { startMs: Date.parse('2026-12-03T08:00:00Z'), endMs: Date.parse('2026-12-03T09:00:00Z') },
    ]);
  });

  test('mark a free time that overlaps one, even by a minute, and not one that only touches it', () => {
    const own = ownTimesOf(reservations);
    // The same minute with another practitioner: the case of issue 54.
    expect(
      overlapsOwnTime(slot('2026-12-02T08:00:00+02:00', '2026-12-02T08:30:00+02:00'), own),
    ).toBe(true);
    expect(
      overlapsOwnTime(slot('2026-12-03T10:45:00+02:00', '2026-12-03T11:15:00+02:00'), own),
    ).toBe(true);
    expect(
      overlapsOwnTime(slot('2026-12-03T09:30:00+02:00', '2026-12-03T10:01:00+02:00'), own),
    ).toBe(true);
    expect(
      overlapsOwnTime(slot('2026-12-02T08:30:00+02:00', '2026-12-02T09:00:00+02:00'), own),
    ).toBe(false);
    expect(
      overlapsOwnTime(slot('2026-12-03T09:00:00+02:00', '2026-12-03T10:00:00+02:00'), own),
    ).toBe(false);
    // A cancelled reservation's time is free again.
    expect(
      overlapsOwnTime(slot('2026-12-04T09:00:00+02:00', '2026-12-04T09:30:00+02:00'), own),
    ).toBe(false);
  });
});
