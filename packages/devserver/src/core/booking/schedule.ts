import { hashUnit } from '../random.ts';
import type { DateInfo } from './calendar.ts';

/**
 * Working hours and the appointments of other patients, derived from the seed without storage:
 * the same seed, employee and date always give the same day. Times are minutes of the day in
 * Helsinki wall-clock time.
 */

export interface Block {
  start: number;
  end: number;
}

export interface DayPlan {
  employeeId: number;
  date: string;
  /** Where the practitioner works that day. */
  branchId: number;
  /** Working time, lunch excluded. */
  blocks: Block[];
  /** Appointments of other patients (booked by phone, at the clinic or online), [start, end). */
  busy: Block[];
}

export interface PlanEmployee {
  id: number;
  enabled: boolean;
  branchIds: readonly number[];
}

const h = (hours: number, minutes = 0): number => hours * 60 + minutes;

/** Day shift 8–16 with lunch 12:00–12:30. */
export const DAY_SHIFT: readonly Block[] = [
  { start: h(8), end: h(12) },
  { start: h(12, 30), end: h(16) },
];
/** Evening shift 11–19 with a break 15:00–15:30. */
export const EVENING_SHIFT: readonly Block[] = [
  { start: h(11), end: h(15) },
  { start: h(15, 30), end: h(19) },
];
/** Saturday 9–14. */
export const SATURDAY_SHIFT: readonly Block[] = [{ start: h(9), end: h(14) }];

/** The practitioner's working day, or null when they do not work that day. */
export function workingDay(
  seed: number,
  employee: PlanEmployee,
  info: DateInfo,
): { branchId: number; blocks: readonly Block[] } | null {
  const home = employee.branchIds[0];
  if (!employee.enabled || home === undefined || info.holiday || info.weekday === 7) return null;
  const id = employee.id;
  if (info.weekday === 6) {
    return hashUnit(`sat|${id}|${info.date}`, seed) < 0.2
      ? { branchId: home, blocks: SATURDAY_SHIFT }
      : null;
  }
  // A quarter work part-time, with one fixed weekday off.
  if (hashUnit(`part-time|${id}`, seed) < 0.25) {
    const dayOff = 1 + Math.floor(hashUnit(`day-off|${id}`, seed) * 5);
    if (info.weekday === dayOff) return null;
  }
  // Holidays, training days, sick leave.
  if (hashUnit(`absent|${id}|${info.date}`, seed) < 0.06) return null;
  const second = employee.branchIds[1];
  const branchId = second !== undefined && (info.weekday + id) % 3 === 0 ? second : home;
  const evening = hashUnit(`evening|${id}|${info.date}`, seed) < 0.18;
  return { branchId, blocks: evening ? EVENING_SHIFT : DAY_SHIFT };
}

/** Appointment lengths of other patients, by the share of the busy probability they take. */
function busyLength(share: number): number {
  if (share < 0.4) return 30;
  if (share < 0.75) return 45;
  return 60;
}

/**
 * Other patients' appointments inside the working blocks: walking through the day in 15-minute
 * steps, each step starts an appointment with the practitioner's busy probability (popular
 * practitioners are busier), otherwise 15 minutes stay free.
 */
export function busyTimes(
  seed: number,
  employeeId: number,
  date: string,
  blocks: readonly Block[],
): Block[] {
  const probability = 0.12 + 0.1 * hashUnit(`popularity|${employeeId}`, seed);
  const busy: Block[] = [];
  for (const block of blocks) {
    let t = block.start;
    while (t < block.end) {
      const u = hashUnit(`busy|${employeeId}|${date}|${t}`, seed);
      if (u < probability) {
        const end = Math.min(t + busyLength(u / probability), block.end);
        busy.push({ start: t, end });
        t = end;
      } else {
        t += 15;
      }
    }
  }
  return busy;
}

export function dayPlan(seed: number, employee: PlanEmployee, info: DateInfo): DayPlan | null {
  const day = workingDay(seed, employee, info);
  if (!day) return null;
  return {
    employeeId: employee.id,
    date: info.date,
    branchId: day.branchId,
    blocks: [...day.blocks],
    busy: busyTimes(seed, employee.id, info.date, day.blocks),
  };
}

/** Slot starts of a duration on the plan's grid: from each block's start, back to back. */
export function gridStarts(blocks: readonly Block[], durationMinutes: number): number[] {
  const starts: number[] = [];
  for (const block of blocks) {
    for (let s = block.start; s + durationMinutes <= block.end; s += durationMinutes)
      starts.push(s);
  }
  return starts;
}

export function overlaps(a: Block, b: Block): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Grid starts not overlapping other patients' appointments. */
export function unbookedStarts(plan: DayPlan, durationMinutes: number): number[] {
  return gridStarts(plan.blocks, durationMinutes).filter((start) => {
    const slot = { start, end: start + durationMinutes };
    return !plan.busy.some((busy) => overlaps(slot, busy));
  });
}
