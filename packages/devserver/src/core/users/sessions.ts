import { toHelsinkiIso } from '../clock.ts';
import { rowById, tableIndex } from '../db.ts';
import type { DevState } from '../state.ts';

/** A token lives 8 hours (the idle logout of the UI ends sessions sooner). */
export const SESSION_TTL_SECONDS = 8 * 60 * 60;

export type UserRow = ReturnType<DevState['db']['user']['getAll']>[number];

interface SessionEntry {
  userId: number;
  expiresAtMs: number;
}

/**
 * Sessions by token, beside the table: every call with a token looks its user up, and the
 * table's query would scan. Kept in step by the functions below (the only writers of sessions);
 * a token not in it (say, from a restored state file) is looked up in the table once.
 */
function sessionIndex(state: DevState): Map<string, SessionEntry> {
  return tableIndex<string, SessionEntry>(state.db, 'sessionByToken');
}

/** `bytes` random bytes from the CSPRNG (Web Crypto), base64url without padding. */
export function randomToken(bytes: number): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  let binary = '';
  for (const byte of data) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A new random token (256 bits from the CSPRNG) for the user; every login gets a new one. */
export function createSession(
  state: DevState,
  userId: number,
): { token: string; expiresIn: number } {
  const token = randomToken(32);
  const now = state.clock.nowMs();
  const expiresAtMs = now + SESSION_TTL_SECONDS * 1000;
  state.db.session.create({
    token,
    userId,
    createdAt: toHelsinkiIso(now),
    expiresAt: new Date(expiresAtMs).toISOString(),
  });
  sessionIndex(state).set(token, { userId, expiresAtMs });
  return { token, expiresIn: SESSION_TTL_SECONDS };
}

/** The user behind a token, or null when it is unknown, logged out or expired. */
export function userOfToken(state: DevState, token: string | null): UserRow | null {
  if (!token) return null;
  const index = sessionIndex(state);
  let session = index.get(token);
  if (!session) {
    const row = state.db.session.findFirst({ where: { token: { equals: token } } });
    if (!row) return null;
    session = { userId: row.userId, expiresAtMs: Date.parse(row.expiresAt) };
    index.set(token, session);
  }
  if (session.expiresAtMs <= state.clock.nowMs()) {
    endSession(state, token);
    return null;
  }
  return rowById(state.db.user.getAll(), session.userId);
}

export function endSession(state: DevState, token: string): void {
  state.db.session.delete({ where: { token: { equals: token } } });
  sessionIndex(state).delete(token);
}

export function endSessionsOf(state: DevState, userId: number): void {
  state.db.session.deleteMany({ where: { userId: { equals: userId } } });
  const index = sessionIndex(state);
  for (const [token, session] of index) if (session.userId === userId) index.delete(token);
}
