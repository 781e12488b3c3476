import {
  closeSync,
  existsSync,
  fchmodSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { restoreState, snapshotState, type StateSnapshot } from './snapshot.ts';
import type { DevState } from './state.ts';

export { restoreState, snapshotState, type StateSnapshot } from './snapshot.ts';

/**
 * The state file's mode: read and written by its owner only. It holds the test patients'
 * national ids, contact details and health answers in clear: dev data, never a real patient's
 * (decision 031 says why it is not encrypted).
 */
export const STATE_FILE_MODE = 0o600;

/**
 * Writes the file atomically: a temporary file beside it is written and fsynced, then renamed
 * over the old one, so a crash at any moment leaves either the old or the new state, never half.
 */
export function writeFileAtomic(file: string, content: string): void {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  const fd = openSync(temp, 'w', STATE_FILE_MODE);
  try {
    // The mode again: a temp file left from before keeps its own on open.
    fchmodSync(fd, STATE_FILE_MODE);
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
