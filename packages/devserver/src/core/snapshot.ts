import type { ClockSnapshot } from './clock.ts';
import { clearDb, dbRevision, modelNames } from './db.ts';
import type { DevState, Settings } from './state.ts';
import { tokenHash } from './users/sessions.ts';

/**
 * A state as one JSON value, and back: the state file (persistence.ts, Node) and the mock mode's
 * browser storage (msw/browser.ts) keep it this way.
 */
const FORMAT = 'dental-portal-devserver-state';
/** 2: sessions are kept by their token's hash (`tokenHash`), no longer by the token itself. */
const VERSION = 2;

export interface StateSnapshot {
  format: typeof FORMAT;
  version: typeof VERSION;
  seed: number;
  savedAt: string;
  clock: ClockSnapshot;
  settings: Settings;
  counters: Record<string, number>;
  tables: Record<string, unknown[]>;
}

/**
 * What a snapshot of the state would hold, as a short text that changes whenever the snapshot
 * would: the rows' writes (`dbRevision`), the seed, the clock's setting, QA's settings and the
 * id counters. A request that leaves it as it was (refused, or a no-op) need not be saved.
 */
export function snapshotVersion(state: DevState): string {
  return JSON.stringify([
    dbRevision(state.db),
    state.seed,
    state.clock.snapshot(),
    state.settings,
    state.counters,
  ]);
}

export function snapshotState(state: DevState): StateSnapshot {
  const tables: Record<string, unknown[]> = {};
  for (const name of modelNames) tables[name] = state.db[name].getAll();
  return {
    format: FORMAT,
    version: VERSION,
    seed: state.seed,
    savedAt: new Date().toISOString(),
    clock: state.clock.snapshot(),
    settings: state.settings,
    counters: state.counters,
    tables,
  };
}

/** A version 1 file's sessions (`token` in clear) as version 2 keeps them (its hash). */
function hashedSessions(rows: unknown[]): unknown[] {
  return rows.map((row) => {
    const { token, ...rest } = row as { token: string };
    return { ...rest, tokenHash: tokenHash(token) };
  });
}

export function restoreState(state: DevState, snapshot: StateSnapshot): void {
  const version = snapshot.version as number;
  if (snapshot.format !== FORMAT || (version !== VERSION && version !== 1)) {
    throw new Error(
      `not a dev server state file (format ${String(snapshot.format)} v${String(snapshot.version)})`,
    );
  }
  const tables =
    version === 1
      ? { ...snapshot.tables, session: hashedSessions(snapshot.tables.session ?? []) }
      : snapshot.tables;
  clearDb(state.db);
  for (const name of modelNames) {
    const create = state.db[name].create as (row: unknown) => unknown;
    for (const row of tables[name] ?? []) create(row);
  }
  state.seed = snapshot.seed;
  state.clock.restore(snapshot.clock);
  state.settings = { ...snapshot.settings, devMode: state.settings.devMode };
  state.counters = { ...snapshot.counters };
}
