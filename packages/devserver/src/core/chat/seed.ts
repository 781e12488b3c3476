import type { Random } from '../random.ts';
import type { DevState } from '../state.ts';

/** Seed data of the chat area (called by core/seed.ts in dependency order). */
export function seedChat(_state: DevState, _random: Random): void {}
