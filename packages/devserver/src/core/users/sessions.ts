import { toHelsinkiIso } from '../clock.ts';
import { rowById, tableIndex } from '../db.ts';
import { sha256Hex } from '../hash.ts';
import { randomToken } from '../random.ts';
import type { DevState } from '../state.ts';

/** A token lives at most 8 hours from its login (the absolute limit). */
export const SESSION_TTL_SECONDS = 8 * 60 * 60;
/** A token unused this long (by the dev clock) is expired: spec §4's idle logout, server side. */
export const SESSION_IDLE_SECONDS = 30 * 60;

export type UserRow = ReturnType<DevState['db']['user']['getAll']>[number];

interface SessionEntry {
  userId: number;
  expiresAtMs: number;
  /** The last call made with the token; the idle limit counts from here. */
  lastUsedMs: number;
}

/**
 * Sessions by token, beside the table: every call with a token looks its user up, and the
 * table's query would scan. Kept in step by the functions below (the only writers of sessions);
 * a token not in it (say, from a restored state file) is looked up in the table once, and its
 * idle time counts from then (the last use is not written to the file on every read).
 */
function sessionIndex(state: DevState): Map<string, SessionEntry> {
  return tableIndex<string, SessionEntry>(state.db, 'sessionByToken');
}

/**
 * What the session table stores instead of the token: its SHA-256 in hex, so that the state file
 * (and a copy of it) holds no token that opens a session.
 */
export function tokenHash(token: string): string {
  return sha256Hex(token);
}

/** A new random token (256 bits from the CSPRNG) for the user; every login gets a new one. */
export function createSession(
  state: DevState,
  userId: number,
): { token: string; expiresIn: number } {
  const token = randomToken(32);
  const now = state.clock.nowMs();
  sweepSessions(state, now);
  const expiresAtMs = now + SESSION_TTL_SECONDS * 1000;
  state.db.session.create({
    tokenHash: tokenHash(token),
    userId,
    createdAt: toHelsinkiIso(now),
    expiresAt: new Date(expiresAtMs).toISOString(),
  });
  sessionIndex(state).set(token, { userId, expiresAtMs, lastUsedMs: now });
  return { token, expiresIn: SESSION_TTL_SECONDS };
}

/**
 * The user behind a token, or null when it is unknown, logged out, past its 8 hours or unused for
 * 30 minutes. Each lookup is a use: the idle limit starts again.
 */
/** Whether a session has ended by the clock: past its 8 hours, or unused for 30 minutes. */
function hasEnded(session: { expiresAtMs: number; lastUsedMs: number }, now: number): boolean {
  return session.expiresAtMs <= now || session.lastUsedMs + SESSION_IDLE_SECONDS * 1000 <= now;
}

export function userOfToken(state: DevState, token: string | null): UserRow | null {
  if (!token) return null;
  const index = sessionIndex(state);
  const now = state.clock.nowMs();
  let session = index.get(token);
  if (!session) {
    const hash = tokenHash(token);
    const row = state.db.session.findFirst({ where: { tokenHash: { equals: hash } } });
    if (!row) return null;
    session = { userId: row.userId, expiresAtMs: Date.parse(row.expiresAt), lastUsedMs: now };
    index.set(token, session);
  }
  if (hasEnded(session, now)) {
    endSession(state, token);
    return null;
  }
  session.lastUsedMs = now;
  return rowById(state.db.user.getAll(), session.userId);
}

/**
 * Drops the sessions that have ended by the clock (past their 8 hours, or idle for 30 minutes
 * while this process knew them), so that the table and the state file do not grow with every
 * login for ever (issue 52). Runs at each login.
 */
export function sweepSessions(state: DevState, now = state.clock.nowMs()): void {
  const index = sessionIndex(state);
  for (const [token, session] of index) {
    if (hasEnded(session, now)) endSession(state, token);
  }
  for (const row of state.db.session.getAll()) {
    if (Date.parse(row.expiresAt) <= now)
      state.db.session.delete({ where: { tokenHash: { equals: row.tokenHash } } });
  }
}

/** Emitted on `state.events` when sessions end (logout, expiry, account deletion). */
export const SESSIONS_ENDED = 'sessions-ended';

/**
 * Whether a token's session is live now, without counting as a use: an open event stream is not
 * the patient's activity, so it neither keeps the session alive nor outlives it.
 */
export function sessionLive(state: DevState, token: string): boolean {
  const session = sessionIndex(state).get(token);
  return session !== undefined && !hasEnded(session, state.clock.nowMs());
}

export function endSession(state: DevState, token: string): void {
  state.db.session.delete({ where: { tokenHash: { equals: tokenHash(token) } } });
  sessionIndex(state).delete(token);
  state.events.emit(SESSIONS_ENDED);
}

export function endSessionsOf(state: DevState, userId: number): void {
  state.db.session.deleteMany({ where: { userId: { equals: userId } } });
  const index = sessionIndex(state);
  for (const [token, session] of index) if (session.userId === userId) index.delete(token);
  state.events.emit(SESSIONS_ENDED);
}

/**
 * Moves every session's times by the clock's change, so that a dev clock set or advance leaves
 * their idle and absolute ages as they were (QA moves the clock by days to test the 24-hour
 * window and reminders, and stays signed in).
 */
export function carrySessions(state: DevState, deltaMs: number): void {
  if (deltaMs === 0) return;
  for (const session of sessionIndex(state).values()) {
    session.expiresAtMs += deltaMs;
    session.lastUsedMs += deltaMs;
  }
  state.db.session.updateMany({
    where: { userId: { gte: 0 } },
    data: {
      createdAt: (createdAt: string) => toHelsinkiIso(Date.parse(createdAt) + deltaMs),
      expiresAt: (expiresAt: string) => new Date(Date.parse(expiresAt) + deltaMs).toISOString(),
    },
  });
}
