import type { Schemas } from '@portal/sdk';
import { assign, setup } from 'xstate';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided.ts';
import { isPublicPath } from './public-paths.ts';

export type User = Schemas['User'];

/** Client-side storage keys (spec §3, §9). */
export const STORAGE_KEYS = { accessToken: 'access_token', devMode: 'devMode' } as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export const LOGIN_PATH = '/login';

export interface SessionContext {
  /** The signed-in user; null when signed out or not loaded. */
  user: User | null;
  /** The bearer token as this machine knows it (mirrors `access_token` in storage). */
  token: string | null;
  /** The last `x-dev-mode` value seen, null before any. */
  devMode: boolean | null;
  /** Why the last login or refresh failed; cleared when a new one starts. */
  error: unknown;
  /** What started the running logout: the user, or a 401 answer. */
  logoutReason: 'user' | 'unauthorized' | null;
}

export type SessionEvent =
  /** A login flow finished with a token: store it and load the user. */
  | { type: 'session.login'; token: string }
  /** With a user: set it. Without: load it from the server (see `refreshSession`). */
  | { type: 'session.refresh'; user?: User }
  | { type: 'session.logout' }
  /** Any call answered 401. */
  | { type: 'api.unauthorized' }
  /** Any response carried `x-dev-mode`. */
  | { type: 'api.devMode'; devMode: boolean };

/**
 * The session (spec §4 Session, §8): restores the stored token and loads the user before routes
 * render (`restoring`), logs in and out, refreshes the user, reacts to 401 and `x-dev-mode`.
 *
 * Injected: actors `readStorage`, `loadUser` (GET /api/me), `logout` (GET /api/logout),
 * `getPath` (the current pathname); actions `writeStorage`, `removeStorage`, `navigate`, `logError`.
 *
 * A failed refresh or login leaves the machine in `signedOut` with the error in `context.error`;
 * `refreshSession()` turns that into a rejected promise for the caller.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    readStorage: notProvidedActor<string | null, { key: StorageKey }>('readStorage'),
    loadUser: notProvidedActor<User>('loadUser'),
    logout: notProvidedActor<unknown>('logout'),
    getPath: notProvidedActor<string>('getPath'),
  },
  actions: {
    writeStorage: notProvidedAction<{ key: StorageKey; value: string }>('writeStorage'),
    removeStorage: notProvidedAction<{ key: StorageKey }>('removeStorage'),
    navigate: notProvidedAction<{ to: string }>('navigate'),
    logError: notProvidedAction<{ message: string; error: unknown }>('logError'),
    setToken: assign((_, params: { token: string }) => ({ token: params.token })),
    setUser: assign((_, params: { user: User }) => ({ user: params.user, error: null })),
    clearUser: assign({ user: null }),
    setError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    forgetToken: assign({ token: null }),
    setLogoutReason: assign((_, params: { reason: 'user' | 'unauthorized' }) => ({
      logoutReason: params.reason,
    })),
    clearLogoutReason: assign({ logoutReason: null }),
    setDevMode: assign((_, params: { devMode: boolean }) => ({ devMode: params.devMode })),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isToken: (_, params: { value: string | null }) => params.value !== null && params.value !== '',
    hasUserInEvent: ({ event }) => event.type === 'session.refresh' && event.user !== undefined,
    wasUnauthorized: ({ context }) => context.logoutReason === 'unauthorized',
    isPublicPath: (_, params: { path: string }) => isPublicPath(params.path),
  },
}).createMachine({
  id: 'session',
  context: { user: null, token: null, devMode: null, error: null, logoutReason: null },
  initial: 'restoring',
  on: {
    'session.login': {
      target: '.signingIn',
      actions: [
        { type: 'setToken', params: ({ event }) => ({ token: event.token }) },
        {
          type: 'writeStorage',
          params: ({ event }) => ({ key: STORAGE_KEYS.accessToken, value: event.token }),
        },
      ],
    },
    'session.refresh': [
      {
        guard: 'hasUserInEvent',
        target: '.signedIn',
        actions: {
          type: 'setUser',
          // The guard guarantees the user.
          params: ({ event }) => ({ user: event.user as User }),
        },
      },
      { target: '.refreshing' },
    ],
    'session.logout': [
      {
        guard: 'hasToken',
        target: '.loggingOut',
        actions: { type: 'setLogoutReason', params: { reason: 'user' } },
      },
      {
        target: '.loggingOut.leaving',
        actions: { type: 'setLogoutReason', params: { reason: 'user' } },
      },
    ],
    'api.unauthorized': [
      {
        guard: 'hasToken',
        target: '.loggingOut',
        actions: { type: 'setLogoutReason', params: { reason: 'unauthorized' } },
      },
      {
        target: '.loggingOut.leaving',
        actions: { type: 'setLogoutReason', params: { reason: 'unauthorized' } },
      },
    ],
    'api.devMode': {
      actions: [
        { type: 'setDevMode', params: ({ event }) => ({ devMode: event.devMode }) },
        {
          type: 'writeStorage',
          params: ({ event }) => ({ key: STORAGE_KEYS.devMode, value: String(event.devMode) }),
        },
      ],
    },
  },
  states: {
    restoring: {
      tags: ['busy'],
      initial: 'readingToken',
      states: {
        readingToken: {
          invoke: {
            id: 'readStorage',
            src: 'readStorage',
            input: { key: STORAGE_KEYS.accessToken },
            onDone: [
              {
                guard: { type: 'isToken', params: ({ event }) => ({ value: event.output }) },
                target: 'loadingUser',
                actions: {
                  type: 'setToken',
                  params: ({ event }) => ({ token: event.output as string }),
                },
              },
              { target: '#session.signedOut' },
            ],
            onError: {
              target: '#session.signedOut',
              actions: {
                type: 'logError',
                params: ({ event }) => ({
                  message: 'Reading the stored token failed',
                  error: event.error,
                }),
              },
            },
          },
        },
        loadingUser: {
          invoke: {
            id: 'loadUser',
            src: 'loadUser',
            onDone: {
              target: '#session.signedIn',
              actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
            },
            onError: {
              target: '#session.signedOut',
              actions: [
                'clearUser',
                { type: 'setError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
    signingIn: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        onDone: {
          target: 'signedIn',
          actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: {
          target: 'signedOut',
          actions: [
            'clearUser',
            { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    refreshing: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        onDone: {
          target: 'signedIn',
          actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: {
          target: 'signedOut',
          actions: [
            'clearUser',
            { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    signedIn: {},
    signedOut: {},
    loggingOut: {
      tags: ['busy'],
      // A logout runs to its end: repeated 401s, logins and refreshes wait for it.
      on: {
        'session.login': {},
        'session.refresh': {},
        'session.logout': {},
        'api.unauthorized': {},
      },
      initial: 'callingServer',
      states: {
        callingServer: {
          invoke: {
            id: 'logout',
            src: 'logout',
            onDone: 'leaving',
            onError: {
              target: 'leaving',
              actions: {
                type: 'logError',
                params: ({ event }) => ({ message: 'The logout call failed', error: event.error }),
              },
            },
          },
        },
        leaving: {
          entry: [
            { type: 'removeStorage', params: { key: STORAGE_KEYS.accessToken } },
            'forgetToken',
            'clearUser',
            'clearError',
          ],
          always: [
            { guard: 'wasUnauthorized', target: 'readingPath' },
            {
              target: '#session.signedOut',
              actions: { type: 'navigate', params: { to: LOGIN_PATH } },
            },
          ],
        },
        readingPath: {
          invoke: {
            id: 'getPath',
            src: 'getPath',
            onDone: [
              {
                guard: { type: 'isPublicPath', params: ({ event }) => ({ path: event.output }) },
                target: '#session.signedOut',
              },
              {
                target: '#session.signedOut',
                actions: { type: 'navigate', params: { to: LOGIN_PATH } },
              },
            ],
            onError: {
              target: '#session.signedOut',
              actions: [
                {
                  type: 'logError',
                  params: ({ event }) => ({
                    message: 'Reading the current path failed',
                    error: event.error,
                  }),
                },
                { type: 'navigate', params: { to: LOGIN_PATH } },
              ],
            },
          },
        },
      },
      exit: 'clearLogoutReason',
    },
  },
});

export type SessionMachine = typeof sessionMachine;
