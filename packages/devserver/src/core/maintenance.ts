import { toHelsinkiIso } from './clock.ts';
import type { DevState } from './state.ts';

/**
 * A maintenance break is on when QA switched it on, or when its scheduled start has come.
 */
export function maintenanceActive(state: DevState): boolean {
  const { active, startsAt } = state.settings.maintenance;
  return active || (startsAt !== null && Date.parse(startsAt) <= state.clock.nowMs());
}

export function maintenanceState(state: DevState): { active: boolean; startsAt: string | null } {
  return { active: maintenanceActive(state), startsAt: state.settings.maintenance.startsAt };
}

/** On (now, or from `startsAt`), off, or scheduled (`active: false` with a future start). */
export function setMaintenance(
  state: DevState,
  input: { active: boolean; startsAt?: string | null },
): void {
  const startsAt =
    input.startsAt !== undefined && input.startsAt !== null
      ? toHelsinkiIso(new Date(input.startsAt))
      : input.active
        ? toHelsinkiIso(state.clock.now())
        : null;
  state.settings.maintenance = { active: input.active, startsAt };
}
