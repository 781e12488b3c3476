import { seedBooking } from './booking/seed.ts';
import { seedChat } from './chat/seed.ts';
import { seedContent } from './content/seed.ts';
import { seedCoupons } from './coupons/seed.ts';
import { seedDirectory } from './directory/seed.ts';
import { clearDb, modelNames } from './db.ts';
import { createRandom, type Random } from './random.ts';
import {
  bumpCounter,
  createState,
  defaultSettings,
  type DevState,
  type StateOptions,
} from './state.ts';
import { seedUsers } from './users/seed.ts';
import { seedFamilies } from './persons/seed.ts';

/** Seeds every area in dependency order, from one PRNG: the same seed gives the same data. */
export function seedAll(state: DevState, random: Random): void {
  seedDirectory(state.db, random, state.scale);
  seedUsers(state, state.db, random);
  seedBooking(state, random);
  seedContent(state, random);
  seedCoupons(state, random);
  seedChat(state, random);
  // Last, drawing nothing from the PRNG: every row above is as it was before families.
  seedFamilies(state);
  for (const name of modelNames) {
    for (const row of state.db[name].getAll() as { id?: unknown }[]) {
      if (typeof row.id === 'number') bumpCounter(state, name, row.id);
    }
  }
}

/** A new state with the seed's data: what a server or a test starts from. */
export function createSeededState(options: StateOptions = {}): DevState {
  const state = createState(options);
  seedAll(state, createRandom(state.seed));
  return state;
}

/** Back to the seed: data, scenarios and maintenance; the clock keeps its setting unless asked. */
export function resetState(state: DevState, options: { resetClock?: boolean } = {}): void {
  if (options.resetClock ?? true) state.clock.reset();
  clearDb(state.db);
  state.settings = defaultSettings(state.settings.devMode);
  state.counters = {};
  seedAll(state, createRandom(state.seed));
  state.events.emit('reset');
}
