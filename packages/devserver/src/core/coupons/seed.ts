import type { Random } from '../random.ts';
import type { DevState } from '../state.ts';

/** Seed data of the coupons area (called by core/seed.ts in dependency order). */
export function seedCoupons(_state: DevState, _random: Random): void {}
