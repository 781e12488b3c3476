import { describe, expect, test } from 'vitest';
import { TEST_NOW } from '../../../test/harness.ts';
import { restoreState, snapshotState, type StateSnapshot } from '../persistence.ts';
import { createSeededState } from '../seed.ts';
import { testUsers } from './seed.ts';
import {
  SESSION_IDLE_SECONDS,
  carrySessions,
  createSession,
  tokenHash,
  userOfToken,
} from './sessions.ts';

function signedIn() {
  const state = createSeededState({ now: TEST_NOW });
  const user = state.db.user.getAll().find((row) => row.bankUser === testUsers[0]!.bankUser)!;
  const { token } = createSession(state, user.id);
  return { state, token, userId: user.id };
}

describe('sessions', () => {
  test('the state file holds the hash of a token, not the token, and the token still opens it', () => {
    const { state, token, userId } = signedIn();
    const snapshot = snapshotState(state);
    expect(JSON.stringify(snapshot)).not.toContain(token);
    expect(snapshot.tables.session).toContainEqual(
      expect.objectContaining({ tokenHash: tokenHash(token), userId }),
    );
    const restored = createSeededState({ now: TEST_NOW });
    restoreState(restored, JSON.parse(JSON.stringify(snapshot)) as StateSnapshot);
    expect(userOfToken(restored, token)?.id).toBe(userId);
    expect(userOfToken(restored, `${token}x`)).toBeNull();
  });

  test('a state file of version 1 (tokens in clear) is read, and its tokens keep working', () => {
    const { state, token, userId } = signedIn();
    const snapshot = snapshotState(state);
    const v1 = {
      ...snapshot,
      version: 1,
      tables: {
        ...snapshot.tables,
        session: snapshot.tables.session!.map((row) => {
          const { tokenHash: _hash, ...rest } = row as { tokenHash: string };
          return { ...rest, token };
        }),
      },
    } as unknown as StateSnapshot;
    const restored = createSeededState({ now: TEST_NOW });
    restoreState(restored, v1);
    expect(JSON.stringify(snapshotState(restored))).not.toContain(token);
    expect(userOfToken(restored, token)?.id).toBe(userId);
  });

  test('the idle limit counts from the last use; carried sessions keep their ages', () => {
    const { state, token, userId } = signedIn();
    state.clock.advance((SESSION_IDLE_SECONDS - 1) * 1000);
    expect(userOfToken(state, token)?.id).toBe(userId);
    carrySessions(state, 0);
    state.clock.advance(10 * 86_400_000);
    carrySessions(state, 10 * 86_400_000);
    state.clock.advance((SESSION_IDLE_SECONDS - 1) * 1000);
    expect(userOfToken(state, token)?.id).toBe(userId);
    // The row moved with it: a restart reads the same absolute limit.
    const row = state.db.session.getAll()[0]!;
    expect(Date.parse(row.expiresAt)).toBe(TEST_NOW.getTime() + 10 * 86_400_000 + 8 * 3_600_000);
    state.clock.advance(SESSION_IDLE_SECONDS * 1000);
    expect(userOfToken(state, token)).toBeNull();
    // An expired session is gone from the table too.
    expect(state.db.session.getAll()).toEqual([]);
  });

  test('sessions that ended unseen are swept at the next login: the table does not grow with every login (issue 52)', () => {
    const { state, token, userId } = signedIn();
    // Idle past its 30 minutes, never looked up again.
    state.clock.advance(SESSION_IDLE_SECONDS * 1000);
    createSession(state, userId);
    expect(userOfToken(state, token)).toBeNull();
    expect(state.db.session.count()).toBe(1);
    // A thousand logins over days, each session left to end by itself: at most the live ones stay.
    for (let i = 0; i < 1000; i++) {
      state.clock.advance(15 * 60_000);
      createSession(state, userId);
    }
    expect(state.db.session.count()).toBeLessThanOrEqual(3);
  });

  test('a session restored from a file (its idle time unknown) is swept once past its 8 hours', () => {
    const { state, userId } = signedIn();
    const snapshot = JSON.parse(JSON.stringify(snapshotState(state))) as StateSnapshot;
    const restored = createSeededState({ now: TEST_NOW });
    restoreState(restored, snapshot);
    expect(restored.db.session.count()).toBe(1);
    restored.clock.advance(8 * 3_600_000);
    createSession(restored, userId);
    expect(restored.db.session.count()).toBe(1);
  });
});
