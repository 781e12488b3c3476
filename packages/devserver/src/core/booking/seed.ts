import type { Random } from '../random.ts';
import type { DevState } from '../state.ts';

/** Seed data of the booking area (called by core/seed.ts in dependency order). */
export function seedBooking(_state: DevState, _random: Random): void {}
