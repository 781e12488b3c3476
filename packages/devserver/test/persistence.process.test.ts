import { chmodSync, existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startServer, stopServers } from './server-process.ts';
import {
  loadStateFile,
  saveStateFile,
  snapshotState,
  STATE_FILE_MODE,
} from '../src/core/persistence.ts';
import { createSeededState } from '../src/core/seed.ts';
import { createSession, userOfToken } from '../src/core/users/sessions.ts';
import { TEST_NOW } from './harness.ts';

afterEach(stopServers);

describe('persistence', () => {
  test('a saved state restores the same data', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'portal-state-')), 'state.json');
    const state = createSeededState({ now: TEST_NOW });
    const { token } = createSession(state, 1);
    state.settings.scenarios['chat-closed'] = true;
    state.clock.advance(60_000);
    saveStateFile(state, file);
    const restored = createSeededState({ now: new Date('2030-01-01T00:00:00Z'), seed: 1 });
    expect(loadStateFile(restored, file)).toBe(true);
    expect(userOfToken(restored, token)?.id).toBe(1);
    expect(restored.settings.scenarios['chat-closed']).toBe(true);
    expect(restored.clock.now().getTime()).toBe(TEST_NOW.getTime() + 60_000);
    expect(snapshotState(restored).tables).toEqual(snapshotState(state).tables);
  });

  test('the state file is its owner’s alone (mode 0600), whatever the umask or an old temp file’s mode', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-mode-'));
    const file = join(dir, 'state.json');
    // A temp file a killed writer of this very process id left, readable by everyone.
    writeFileSync(join(dir, `.state.json.${process.pid}.tmp`), '{}', { mode: 0o644 });
    chmodSync(join(dir, `.state.json.${process.pid}.tmp`), 0o644);
    saveStateFile(createSeededState({ now: TEST_NOW }), file);
    expect(statSync(file).mode & 0o777).toBe(STATE_FILE_MODE);
    expect(STATE_FILE_MODE).toBe(0o600);
  });

  test('a killed writer’s temporary files are removed at start; a running one’s stay', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-orphans-'));
    const file = join(dir, 'state.json');
    saveStateFile(createSeededState({ now: TEST_NOW }), file);
    // Process ids never reach 999 999 999 (Linux stops at 4 194 304): that writer is gone.
    const orphan = join(dir, '.state.json.999999999.tmp');
    const mine = join(dir, `.state.json.${process.pid}.tmp`);
    const other = join(dir, '.other.json.999999999.tmp');
    for (const path of [orphan, mine, other]) writeFileSync(path, '{"half":');
    expect(loadStateFile(createSeededState({ now: TEST_NOW }), file)).toBe(true);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(mine)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });

  test('a server killed with SIGKILL mid-write restarts with a valid file and every acknowledged write', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'portal-kill-')), 'state.json');
    const first = await startServer(file);
    const acknowledged: string[] = [];
    let killed = false;
    const writer = async () => {
      while (!killed) {
        try {
          const response = await fetch(`${first.origin}/api/dev/session`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ user: 'patient' }),
          });
          if (response.status === 200)
            acknowledged.push(((await response.json()) as { access_token: string }).access_token);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    killed = true;
    await Promise.all(writers);

    expect(() => JSON.parse(readFileSync(file, 'utf8'))).not.toThrow();
    const second = await startServer(file);
    const lost: string[] = [];
    for (const token of acknowledged) {
      const me = await fetch(`${second.origin}/api/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (me.status !== 200) lost.push(token);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);
    expect(lost).toEqual([]);
  }, 90_000);
});
