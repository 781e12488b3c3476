import { toHelsinkiIso } from '../clock.ts';
import type { DevState } from '../state.ts';

/** A token lives 8 hours (the idle logout of the UI ends sessions sooner). */
export const SESSION_TTL_SECONDS = 8 * 60 * 60;

export type UserRow = ReturnType<DevState['db']['user']['getAll']>[number];

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
  state.db.session.create({
    token,
    userId,
    createdAt: toHelsinkiIso(now),
    expiresAt: new Date(now + SESSION_TTL_SECONDS * 1000).toISOString(),
  });
  return { token, expiresIn: SESSION_TTL_SECONDS };
}

/** The user behind a token, or null when it is unknown, logged out or expired. */
export function userOfToken(state: DevState, token: string | null): UserRow | null {
  if (!token) return null;
  const session = state.db.session.findFirst({ where: { token: { equals: token } } });
  if (!session) return null;
  if (Date.parse(session.expiresAt) <= state.clock.nowMs()) {
    state.db.session.delete({ where: { token: { equals: token } } });
    return null;
  }
  return state.db.user.findFirst({ where: { id: { equals: session.userId } } });
}

export function endSession(state: DevState, token: string): void {
  state.db.session.delete({ where: { token: { equals: token } } });
}

export function endSessionsOf(state: DevState, userId: number): void {
  state.db.session.deleteMany({ where: { userId: { equals: userId } } });
}
