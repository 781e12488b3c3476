import type { Random } from '../random.ts';
import type { DevState } from '../state.ts';

/** Seed data of the content area (called by core/seed.ts in dependency order). */
export function seedContent(_state: DevState, _random: Random): void {}
