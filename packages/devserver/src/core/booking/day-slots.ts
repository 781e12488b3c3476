import { serializeSlotKey, type Schemas } from '@portal/sdk';
import { toHelsinkiIso } from '../clock.ts';
import { ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import { bookingCache } from './booking-cache.ts';
import { addDays, bookingWindow, dateInfo, localIso, localMs } from './calendar.ts';
import { reasonPrice, type CustomerTypeId, type ReasonDefinition } from './catalog.ts';
import {
  freeOnDate,
  resolveFilters,
  type AvailabilityFilters,
  type FreeSlot,
} from './free-slots.ts';
import { heldIndex } from './held-times.ts';
import { canModify, modifiableUntilMs } from './modifiable.ts';
import { resourceIdOf } from './resources.ts';

/**
 * The day view (`getDaySlots`): a day's free slots as the patient picks them, each with its key,
 * price and whether its booking could still be changed online, and the nearest earlier and later
 * days that have free slots (the view's arrows).
 */

/** What a slot says besides its time: its price, and whether a booking of it stays changeable online. */
interface SlotTerms {
  reason: ReasonDefinition;
  customerType: CustomerTypeId;
  nowMs: number;
  branchPhone: (branchId: number) => string;
}

function toSlot(slot: FreeSlot, terms: SlotTerms): Schemas['Slot'] {
  const { reason, customerType } = terms;
  const info = dateInfo(slot.plan.date);
  const minute = Math.round((slot.startMs - localMs(info, 0)) / 60_000);
  const startTime = localIso(info, minute);
  const endTime = localIso(info, minute + reason.durationMinutes);
  const resourceId = resourceIdOf(slot.employee.id, slot.plan.branchId);
  // As a booking of it would read: a new booking is confirmed (modifiable.ts).
  const booked = {
    status: 'confirmed',
    startMs: slot.startMs,
    endMs: slot.startMs + reason.durationMinutes * 60_000,
  };
  return {
    key: serializeSlotKey({
      branchId: slot.plan.branchId,
      resourceId,
      reasonId: reason.id,
      startTime,
      endTime,
    }),
    branchId: slot.plan.branchId,
    resourceId,
    reasonId: reason.id,
    employeeId: slot.employee.id,
    employeeName: slot.employee.name,
    startTime,
    endTime,
    price: reasonPrice(reason, customerType),
    canModify: canModify(booked, terms.nowMs),
    modifiableUntil: toHelsinkiIso(modifiableUntilMs(booked)),
    branchPhone: terms.branchPhone(slot.plan.branchId),
  };
}

/** The free slots of a day, and the nearest earlier and later days with free slots. */
export function daySlots(
  state: DevState,
  filters: AvailabilityFilters & { date: string },
): Result<Schemas['DaySlots']> {
  const cache = bookingCache(state);
  const resolved = resolveFilters(cache, filters);
  if (!resolved.ok) return resolved;
  const window = bookingWindow(state.clock.nowMs());
  const held = heldIndex(state, filters.holdId);
  const found: FreeSlot[] = [];
  freeOnDate(state, cache, resolved.value, filters.date, window, held, found);
  const slots = found
    .sort(
      (a, b) =>
        a.startMs - b.startMs ||
        a.plan.branchId - b.plan.branchId ||
        a.employee.name.localeCompare(b.employee.name, 'fi') ||
        a.employee.id - b.employee.id,
    )
    .map((slot) =>
      toSlot(slot, {
        reason: resolved.value.reason,
        customerType: filters.customerType,
        nowMs: state.clock.nowMs(),
        branchPhone: (branchId) => cache.branchById.get(branchId)?.phone ?? '',
      }),
    );

  let previous: string | null = null;
  const lastBefore = addDays(filters.date, -1);
  for (
    let date = lastBefore < window.lastDate ? lastBefore : window.lastDate;
    date >= window.today;
    date = addDays(date, -1)
  ) {
    if (freeOnDate(state, cache, resolved.value, date, window, held) > 0) {
      previous = date;
      break;
    }
  }
  let next: string | null = null;
  // Only a day before the window's last has later days in it. (A later one, such as 9999-12-31,
  // would step into a five-digit year that sorts before today as text.)
  const firstAfter = filters.date < window.lastDate ? addDays(filters.date, 1) : null;
  for (
    let date = firstAfter === null ? null : firstAfter > window.today ? firstAfter : window.today;
    date !== null && date <= window.lastDate;
    date = addDays(date, 1)
  ) {
    if (freeOnDate(state, cache, resolved.value, date, window, held) > 0) {
      next = date;
      break;
    }
  }
  return ok({
    date: filters.date,
    previousDateWithSlots: previous,
    nextDateWithSlots: next,
    slots,
  });
}
