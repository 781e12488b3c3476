import type { ActorRefFrom } from 'xstate';
import { waitFor } from 'xstate';
import type { SessionMachine, User } from './session.machine.ts';

export type SessionActor = ActorRefFrom<SessionMachine>;

/**
 * Refreshes the session and tells the caller how it went (spec §4: "on failure the user is
 * cleared and the refresh is rejected"). With a user, sets it; without, loads it from the server.
 * Resolves with the user; rejects with the load error (also kept in `context.error`), or with a
 * plain Error when the machine did not accept the refresh (a logout was running).
 */
export async function refreshSession(actor: SessionActor, user?: User): Promise<User> {
  actor.send(user === undefined ? { type: 'session.refresh' } : { type: 'session.refresh', user });
  const snapshot = await waitFor(actor, (state) => !state.hasTag('busy'));
  if (snapshot.matches('signedIn') && snapshot.context.user !== null) {
    return snapshot.context.user;
  }
  throw snapshot.context.error ?? new Error('The session refresh was not accepted');
}
