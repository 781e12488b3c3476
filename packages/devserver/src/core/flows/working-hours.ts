import type { Schemas } from '@portal/sdk';
import { addWorkingHours } from '../booking/working-hours.ts';
import { ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import { offerFreedTime } from '../waitlist/waitlist.ts';

/**
 * New working hours (a dev control): booking adds them, then the waitlist offers the time to the
 * patients waiting for an earlier one, as it does a freed time (decision 014).
 */
export function openWorkingHours(
  state: DevState,
  input: Schemas['DevWorkingHours'],
): Result<Schemas['DevWorkingHoursOpened']> {
  const added = addWorkingHours(state, input);
  if (!added.ok) return added;
  offerFreedTime(state, added.value.freed);
  return ok(added.value.hours);
}
