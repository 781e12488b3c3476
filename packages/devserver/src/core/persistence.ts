import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname, basename, join } from 'node:path';
import type { ClockSnapshot } from './clock.ts';
import { clearDb, modelNames } from './db.ts';
import type { DevState, Settings } from './state.ts';
import { tokenHash } from './users/sessions.ts';

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

/**
 * Writes the file atomically: a temporary file beside it is written and fsynced, then renamed
 * over the old one, so a crash at any moment leaves either the old or the new state, never half.
 */
export function writeFileAtomic(file: string, content: string): void {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
  try {
    const dir = openSync(dirname(file), 'r');
    fsyncSync(dir);
    closeSync(dir);
  } catch {
    // Some file systems cannot fsync a directory; the rename itself is still atomic.
  }
}

/** Whether a process with this id runs now (a signal 0 only asks). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files a killed writer left beside the state file
 * (`.<name>.<pid>.tmp` of a process that no longer runs); answers how many.
 */
export function removeOrphanTempFiles(file: string): number {
  const dir = dirname(file);
  if (!existsSync(dir)) return 0;
  const pattern = new RegExp(`^\\.${escapeRegExp(basename(file))}\\.(\\d+)\\.tmp$`);
  let removed = 0;
  for (const name of readdirSync(dir)) {
    const pid = Number(pattern.exec(name)?.[1] ?? Number.NaN);
    if (Number.isNaN(pid) || pid === process.pid || isRunning(pid)) continue;
    rmSync(join(dir, name), { force: true });
    removed += 1;
  }
  return removed;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Loads the state file into the state when it exists; answers whether it did. A killed writer's
 * temporary files are removed first.
 */
export function loadStateFile(state: DevState, file: string): boolean {
  removeOrphanTempFiles(file);
  if (!existsSync(file)) return false;
  restoreState(state, JSON.parse(readFileSync(file, 'utf8')) as StateSnapshot);
  return true;
}

export function saveStateFile(state: DevState, file: string): void {
  writeFileAtomic(file, JSON.stringify(snapshotState(state)));
}
