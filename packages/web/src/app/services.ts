import {
  IDLE_ACTIVITY_EVENTS,
  idleLogoutMachine,
  refreshSession,
  sessionMachine,
} from '@portal/machines';
import type { SessionActor } from '@portal/machines';
import { createPortalClient, type ApiError, type PortalClient } from '@portal/sdk';
import { createPortalQueryHooks } from '@portal/sdk/query';
import { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { toast } from '../ui/index.ts';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { createActor, fromPromise, waitFor, type Actor } from 'xstate';
import type { Api } from '../lib/api.tsx';
import { toLanguage, withLanguagePrefix } from '../lib/language.ts';
import { rememberReturnPath } from '../lib/return-to.ts';
import type { Session, User } from '../lib/session.tsx';
import { createI18n } from './i18n.ts';

export const ACCESS_TOKEN_KEY = 'access_token';
export const DEV_MODE_KEY = 'devMode';

export interface AppServices {
  i18n: I18n;
  queryClient: QueryClient;
  api: Api;
  sessionActor: SessionActor;
  session: Session;
  /** Starts the session and idle logout; returns the cleanup. */
  start: () => () => void;
}

export interface AppServicesOptions {
  /** '' in the browser; tests pass an absolute origin. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
}

/** Absolute navigation that keeps the current language prefix. */
function navigateInApp(path: string): void {
  browserNavigate(withLanguagePrefix(path, window.location.pathname));
}

/**
 * Everything the app shares, built outside React so that the API client's error handling
 * (400 → toast, 401 → logout, 503 → /maintenance, spec §8) can reach the session.
 */
export function createAppServices(options: AppServicesOptions = {}): AppServices {
  const i18n = createI18n();
  let sessionActor: SessionActor | null = null;

  const onError = (error: ApiError): void => {
    switch (error.kind) {
      case 'bad-request':
        toast.error(error.userMessage ?? i18n.t('app:errors.badRequest'));
        break;
      case 'unauthorized': {
        const path = window.location.pathname + window.location.search;
        rememberReturnPath(path);
        sessionActor?.send({ type: 'api.unauthorized' });
        break;
      }
      case 'maintenance':
        navigateInApp('/maintenance');
        break;
      default:
        break;
    }
  };

  const client: PortalClient = createPortalClient({
    baseUrl: options.baseUrl ?? '',
    fetch: options.fetch,
    getToken: () => localStorage.getItem(ACCESS_TOKEN_KEY),
    getLanguage: () => toLanguage(i18n.resolvedLanguage ?? i18n.language),
    onDevMode: (devMode) => sessionActor?.send({ type: 'api.devMode', devMode }),
    onError,
  });

  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });

  // Texts from the server follow Accept-Language: reload them in the new language.
  i18n.on('languageChanged', () => void queryClient.invalidateQueries());

  const actor = createActor(
    sessionMachine.provide({
      actors: {
        readStorage: fromPromise(async ({ input }) => localStorage.getItem(input.key)),
        loadUser: fromPromise(async () => (await client.GET('/api/me')).data as User),
        // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- the machine declares this actor's input as void
        logout: fromPromise<unknown, void>(async () => {
          await client.GET('/api/logout');
          return null;
        }),
        getPath: fromPromise(async () => window.location.pathname),
      },
      actions: {
        writeStorage: (_, { key, value }) => {
          localStorage.setItem(key, value);
          if (key === DEV_MODE_KEY) window.dispatchEvent(new Event('devmodechange'));
        },
        removeStorage: (_, { key }) => localStorage.removeItem(key),
        navigate: (_, { to }) => navigateInApp(to),
        logError: (_, { message, error }) => console.error(message, error),
      },
    }),
  );
  sessionActor = actor;

  const session: Session = {
    get user() {
      return actor.getSnapshot().context.user;
    },
    login: async (token) => {
      actor.send({ type: 'session.login', token });
      const snapshot = await waitFor(actor, (state) => !state.hasTag('busy'));
      if (snapshot.context.user === null) throw snapshot.context.error ?? new Error('Login failed');
      return snapshot.context.user;
    },
    refresh: (user) => refreshSession(actor, user),
    logout: () => actor.send({ type: 'session.logout' }),
  };

  const start = (): (() => void) => {
    const idle: Actor<typeof idleLogoutMachine> = createActor(
      idleLogoutMachine.provide({
        actions: { logout: () => actor.send({ type: 'session.logout' }) },
      }),
    );
    let signedIn = false;
    const subscription = actor.subscribe((snapshot) => {
      const nowSignedIn = snapshot.matches('signedIn');
      if (nowSignedIn && !signedIn) idle.send({ type: 'idle.start' });
      if (!nowSignedIn && signedIn && !snapshot.hasTag('busy')) {
        idle.send({ type: 'idle.stop' });
        queryClient.removeQueries({ predicate: (query) => query.queryKey[1] !== '/api/config' });
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
    return () => {
      subscription.unsubscribe();
      for (const name of IDLE_ACTIVITY_EVENTS) {
        window.removeEventListener(name, onActivity, { capture: true });
      }
      idle.stop();
      actor.stop();
    };
  };

  return {
    i18n,
    queryClient,
    api: { client, $api: createPortalQueryHooks(client) },
    sessionActor: actor,
    session,
    start,
  };
}
