import {
  IDLE_ACTIVITY_EVENTS,
  idleLogoutMachine,
  refreshSession,
  sessionMachine,
  type SessionActor,
} from '@portal/machines';
import type { PortalClient } from '@portal/sdk';
import { createActor, fromPromise, waitFor, type Actor } from 'xstate';
import type { User } from '../shared/session.tsx';
import { hasToken, readStored, removeStored, writeStored } from '../shared/session-storage.ts';

/**
 * The session and idle-logout machines at work (spec §4). A chunk of its own, loaded at start:
 * a visitor without a stored token sees the landing page before XState has even arrived.
 */
export interface SessionRuntime {
  actor: SessionActor;
  login: (token: string) => Promise<User>;
  refresh: (user?: User) => Promise<User>;
  logout: () => void;
  stop: () => void;
}

export interface SessionRuntimeDeps {
  client: PortalClient;
  navigate: (to: string) => void;
  /** Called when the user signs out (drops the signed-in user's cached data). */
  onSignedOut: () => void;
}

export function startSessionRuntime(deps: SessionRuntimeDeps): SessionRuntime {
  const { client } = deps;
  const actor: SessionActor = createActor(
    sessionMachine.provide({
      actors: {
        readStorage: fromPromise(async ({ input }) => readStored(input.key)),
        loadUser: fromPromise(async () => (await client.GET('/api/me')).data as User),
        // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- the machine declares this actor's input as void
        logout: fromPromise<unknown, void>(async () => {
          // Spec §4: only when a token exists. It may be gone already, under the machine's
          // feet: an account deletion ends its session and drops the token itself, and the
          // user's reload then answers 401.
          if (!hasToken()) return null;
          await client.GET('/api/logout');
          return null;
        }),
        getPath: fromPromise(async () => window.location.pathname),
      },
      actions: {
        writeStorage: (_, { key, value }) => writeStored(key, value),
        removeStorage: (_, { key }) => removeStored(key),
        navigate: (_, { to }) => deps.navigate(to),
        logError: (_, { message, error }) => console.error(message, error),
      },
    }),
  );

  const idle: Actor<typeof idleLogoutMachine> = createActor(
    idleLogoutMachine.provide({
      actions: {
        logout: () => actor.send({ type: 'session.logout' }),
        // Any call with the token is use to the server; a 401 logs out as every other call's does.
        // Without the token (an account just deleted, counting down to the front page) there is
        // nothing to keep alive: the call would answer 401 and send the page to the login.
        keepAlive: () => {
          if (hasToken()) void client.GET('/api/me').catch(() => undefined);
        },
      },
    }),
  );
  let signedIn = false;
  const subscription = actor.subscribe((snapshot) => {
    const nowSignedIn = snapshot.matches('signedIn');
    if (nowSignedIn && !signedIn) idle.send({ type: 'idle.start' });
    if (!nowSignedIn && signedIn && !snapshot.hasTag('busy')) {
      idle.send({ type: 'idle.stop' });
      deps.onSignedOut();
    }
    if (!snapshot.hasTag('busy')) signedIn = nowSignedIn;
  });
  const onActivity = (event: Event): void => {
    idle.send({ type: 'activity', kind: event.type as (typeof IDLE_ACTIVITY_EVENTS)[number] });
  };
  for (const name of IDLE_ACTIVITY_EVENTS) {
    window.addEventListener(name, onActivity, { passive: true, capture: true });
  }
  idle.start();
  actor.start();

  return {
    actor,
    login: async (token) => {
      actor.send({ type: 'session.login', token });
      const snapshot = await waitFor(actor, (state) => !state.hasTag('busy'));
      if (snapshot.context.user === null) throw snapshot.context.error ?? new Error('Login failed');
      return snapshot.context.user;
    },
    refresh: (user) => refreshSession(actor, user),
    logout: () => actor.send({ type: 'session.logout' }),
    stop: () => {
      subscription.unsubscribe();
      for (const name of IDLE_ACTIVITY_EVENTS) {
        window.removeEventListener(name, onActivity, { capture: true });
      }
      idle.stop();
      actor.stop();
    },
  };
}
