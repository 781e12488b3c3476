import type { Schemas } from '@portal/sdk';
import { invalid, ok, type FieldProblem, type Result } from '../result.ts';
import { nextId, type DevState } from '../state.ts';
import { branchesAndEmployees } from './booking-cache.ts';
import { bookingWindow, dateInfo, localMs } from './calendar.ts';
import { planBranchOf } from './day-plans.ts';
import type { FreedTime } from './freed-time.ts';

/** `HH:mm` as minutes of the day. */
function minutesOf(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** Hours just opened, and the practitioner's time they free. */
export interface AddedHours {
  hours: Schemas['DevWorkingHoursOpened'];
  freed: FreedTime;
}

/**
 * Adds extra working hours for a practitioner (a dev control standing in for the clinic's own
 * scheduling): the time is free at once. The answer names it as a freed time, which
 * `core/flows/working-hours.ts` offers to the patients waiting for an earlier one.
 */
export function addWorkingHours(
  state: DevState,
  input: Schemas['DevWorkingHours'],
): Result<AddedHours> {
  const problems: FieldProblem[] = [];
  const employee = branchesAndEmployees(state).employeeById.get(input.employeeId);
  if (!employee?.enabled)
    problems.push({ field: 'employeeId', message: 'validation.unknownReference' });
  const window = bookingWindow(state.clock.nowMs());
  if (input.date < window.today || input.date > window.lastDate)
    problems.push({ field: 'date', message: 'validation.range' });
  const start = minutesOf(input.start);
  const end = minutesOf(input.end);
  if (end <= start) problems.push({ field: 'end', message: 'validation.range' });
  if (problems.length > 0) return invalid(...problems);

  state.db.extraHours.create({
    id: nextId(state, 'extraHours'),
    employeeId: input.employeeId,
    date: input.date,
    start,
    end,
  });
  const plan = planBranchOf(state, input.employeeId, input.date);
  if (!plan) return invalid({ field: 'employeeId', message: 'validation.unknownReference' });
  const info = dateInfo(input.date);
  return ok({
    hours: { ...input, branchId: plan.branchId },
    freed: {
      employeeId: input.employeeId,
      branchId: plan.branchId,
      startMs: localMs(info, start),
      endMs: localMs(info, end),
    },
  });
}
