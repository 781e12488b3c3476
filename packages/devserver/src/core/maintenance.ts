import type { DevState } from './state.ts';

/** A maintenance break is on when it is switched on and its start time (if any) has come. */
export function maintenanceActive(state: DevState): boolean {
  const { active, startsAt } = state.settings.maintenance;
  return active && (startsAt === null || Date.parse(startsAt) <= state.clock.nowMs());
}
