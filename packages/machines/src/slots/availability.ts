import type { Schemas } from '@portal/sdk';

/** What free times are asked for: the branches, the reason, the customer type, maybe a practitioner. */
export interface AvailabilityFilters {
  branchIds: number[];
  reasonId: number;
  /** Omitted when no practitioner is chosen. */
  employeeId?: number;
  customerType: Schemas['CustomerTypeId'];
  /** The patient's own hold (`createSlotHold`): its time is not hidden from them. */
  holdId?: string;
}

export type MonthQuery = AvailabilityFilters & { month: string };
export type DayQuery = AvailabilityFilters & { date: string };

export type DayDirection = 'previous' | 'next';

/** The nearest earlier or later date with free slots, as the loaded day says; null when none. */
export function adjacentDateWithSlots(
  daySlots: Schemas['DaySlots'] | null,
  direction: DayDirection,
): string | null {
  if (daySlots === null) return null;
  return direction === 'previous' ? daySlots.previousDateWithSlots : daySlots.nextDateWithSlots;
}

/** The day shown after a previous/next-day move: the adjacent date with slots, or the same day. */
export function dateAfterMove(
  context: { daySlots: Schemas['DaySlots'] | null; date: string },
  direction: DayDirection,
): string {
  return adjacentDateWithSlots(context.daySlots, direction) ?? context.date;
}

/**
 * The day a month view opens on: its first day, not before today, with free slots; else its first
 * day not before today (a month without free times). Null when the whole month is past.
 */
export function openingDate(
  availability: Schemas['MonthAvailability'],
  today: string,
): { date: string; free: boolean } | null {
  const selectable = availability.days.filter((day) => day.date >= today);
  const free = selectable.find((day) => day.freeSlots > 0);
  if (free) return { date: free.date, free: true };
  const first = selectable[0];
  return first ? { date: first.date, free: false } : null;
}
