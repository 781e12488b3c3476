import type { Schemas } from '@portal/sdk';
import { ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import { bookingCache } from './booking-cache.ts';
import { bookingWindow, datesOfMonth } from './calendar.ts';
import { freeOnDate, resolveFilters, type AvailabilityFilters } from './free-slots.ts';
import { heldIndex } from './held-times.ts';

/**
 * The month view's summary (`getMonthAvailability`): how many free slots each day of a month
 * has, counted exactly as the day view lists them (free-slots.ts).
 */

/** Free slots per day of a month (every day of the month, 0 outside the horizon). */
export function monthAvailability(
  state: DevState,
  filters: AvailabilityFilters & { month: string },
): Result<Schemas['MonthAvailability']> {
  const cache = bookingCache(state);
  const resolved = resolveFilters(cache, filters);
  if (!resolved.ok) return resolved;
  const window = bookingWindow(state.clock.nowMs());
  const held = heldIndex(state, filters.holdId);
  return ok({
    month: filters.month,
    days: datesOfMonth(filters.month).map((date) => ({
      date,
      freeSlots: freeOnDate(state, cache, resolved.value, date, window, held),
    })),
  });
}
