import { seedBooking } from './booking/seed.ts';
import { seedChat } from './chat/seed.ts';
import { seedContent } from './content/seed.ts';
import { seedCoupons } from './coupons/seed.ts';
import { seedDirectory } from './directory/seed.ts';
import type { Random } from './random.ts';
import type { DevState } from './state.ts';
import { bumpCounter } from './state.ts';
import { seedUsers } from './users/seed.ts';
import { modelNames } from './db.ts';

/** Seeds every area in dependency order, from one PRNG: the same seed gives the same data. */
export function seedAll(state: DevState, random: Random): void {
  seedDirectory(state.db, random, state.scale);
  seedUsers(state, state.db, random);
  seedBooking(state, random);
  seedContent(state, random);
  seedCoupons(state, random);
  seedChat(state, random);
  for (const name of modelNames) {
    for (const row of state.db[name].getAll() as { id?: unknown }[]) {
      if (typeof row.id === 'number') bumpCounter(state, name, row.id);
    }
  }
}
