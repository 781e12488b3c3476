import { createPortalClient, type ApiError, type PortalClient } from '@portal/sdk';
import { createPortalQueryHooks } from '@portal/sdk/query';
import { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { onFirstInteraction, toast } from '../ui/index.ts';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import type { Api } from '../shared/api.tsx';
import { resolveApiUrl } from '../shared/api-base.ts';
import { toLanguage, withLanguagePrefix } from '../shared/language.ts';
import { rememberReturnPath } from '../shared/return-to.ts';
import { withCallsInTasksOfTheirOwn } from '../shared/yield.ts';
import type { Session, User } from '../shared/session.tsx';
import {
  hasToken,
  readDevMode,
  readToken,
  removeStored,
  ACCESS_TOKEN_KEY,
} from '../shared/session-storage.ts';
import { createI18n } from './i18n.ts';
import type { SessionRuntime } from './session-runtime.ts';
import { followDevClock, forgetDevClock } from '../shared/app-clock.ts';
import { isShownAtField } from '../shared/refusal-shown.ts';
import { actingPersonOf, dropPersonalAnswers, forgetActingChoice } from '../shared/acting-for.ts';

export interface AppServices {
  i18n: I18n;
  queryClient: QueryClient;
  api: Api;
  /** The API's root-relative URLs (images) as served for this deployment (`AssetUrlContext`). */
  assetUrl: (url: string) => string;
  /** What React renders from: the user, and whether a stored token is still being checked. */
  sessionStore: SessionStore;
  session: Session;
  /** Starts the session and idle logout; returns the cleanup. */
  start: () => () => void;
}

export interface SessionView {
  user: User | null;
  /** A stored token is being checked: routes wait (spec §4, the user loads before routes render). */
  restoring: boolean;
}

export interface SessionStore {
  getSnapshot: () => SessionView;
  /** What a prerendered page shows: a visitor (the browser hydrates it only without a stored token). */
  getServerSnapshot: () => SessionView;
  subscribe: (onChange: () => void) => () => void;
}

/** A visitor with nothing to check: what every prerendered page is rendered for. */
export const VISITOR_VIEW: SessionView = { user: null, restoring: false };

export interface AppServicesOptions {
  /** The API's base: '' for this page's origin, else the deployment's API host (`readApiBase`); tests pass an absolute origin. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** The app's i18next instance, made ahead (src/app/render.tsx: a task of its own); else made here. */
  i18n?: I18n;
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
  const i18n = options.i18n ?? createI18n();
  const baseUrl = options.baseUrl ?? '';

  const onError = (error: ApiError): void => {
    switch (error.kind) {
      case 'bad-request':
        // Spec §8: every 400 shows its UserMessage as an error toast. Field errors are shown by
        // the form under their fields as well; the toast keeps to the short UserMessage ("Check
        // the highlighted fields."), never the list of fields (docs/decisions/010). A refusal the
        // screen shows at its field with a message of its own (a voucher's or campaign code's
        // case) is not toasted on top of it: one message per refusal (issue 54). The caller
        // marks it as the rejection reaches it, before this task.
        setTimeout(() => {
          if (!isShownAtField(error))
            toast.error(error.userMessage ?? i18n.t('app:errors.badRequest'));
        }, 0);
        break;
      case 'unauthorized': {
        const path = window.location.pathname + window.location.search;
        rememberReturnPath(path);
        withRuntime((r) => r.actor.send({ type: 'api.unauthorized' }));
        break;
      }
      case 'maintenance':
        navigateInApp('/maintenance');
        break;
      case 'forbidden':
        // The person acted for is no longer the user's to act for (a mandate ended, an 18th
        // birthday; issue 55): the server's message says so, and the choice is asked again.
        if (error.code === 'not-allowed-for-person') {
          forgetActingChoice();
          toast.error(error.userMessage ?? i18n.t('app:errors.notAllowedForPerson'));
          // Once the refused call has settled: the persons anew, and the pages' data as the
          // user's own (or the person chosen next).
          setTimeout(() => {
            void queryClient.invalidateQueries({ queryKey: ['get', '/api/persons'] });
            dropPersonalAnswers(queryClient);
          }, 0);
        }
        break;
      default:
        break;
    }
  };

  const client: PortalClient = createPortalClient({
    baseUrl,
    fetch: options.fetch,
    getToken: readToken,
    getLanguage: () => toLanguage(i18n.resolvedLanguage ?? i18n.language),
    // The person chosen after the login (issue 55), on the calls the contract marks.
    getActingFor: () => actingPersonOf(view.user?.Id ?? null),
    onDevNow: followDevClock,
    onDevMode: (devMode) => {
      if (!devMode) forgetDevClock();
      // Before the session machine has loaded, an answer that repeats the stored flag changes
      // nothing: no reason to fetch the machine for it (a visitor's first page stays light).
      if (runtime === null && readDevMode() === devMode) return;
      withRuntime((r) => r.actor.send({ type: 'api.devMode', devMode }));
    },
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

  // The session machine (and XState) arrive in their own chunk, started by start().
  let runtime: Promise<SessionRuntime> | null = null;
  // Assigned below, once ensureRuntime exists (the client's error handler needs it first).
  let withRuntime: (use: (r: SessionRuntime) => void) => void = () => undefined;

  const listeners = new Set<() => void>();
  // The visitor's view is the very object a prerendered page was rendered with, so hydrating it
  // sees no change (a change would make React render the page's content anew).
  let view: SessionView = hasToken() ? { user: null, restoring: true } : VISITOR_VIEW;
  const setView = (next: SessionView): void => {
    if (next.user === view.user && next.restoring === view.restoring) return;
    view = next;
    for (const listener of listeners) listener();
  };
  const sessionStore: SessionStore = {
    getSnapshot: () => view,
    getServerSnapshot: () => VISITOR_VIEW,
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };

  let stopped = false;
  /** Loads and starts the session machine once; every session call goes through it. */
  const ensureRuntime = (): Promise<SessionRuntime> => {
    runtime ??= import('./session-runtime.ts').then(({ startSessionRuntime }) => {
      const started = startSessionRuntime({
        client,
        navigate: navigateInApp,
        onSignedOut: () => {
          forgetActingChoice();
          queryClient.removeQueries({ predicate: (query) => query.queryKey[1] !== '/api/config' });
        },
      });
      const follow = (): void => {
        const snapshot = started.actor.getSnapshot();
        setView({
          user: snapshot.context.user,
          // A visitor without a token never sees the check (no spinner flash over the page).
          restoring: snapshot.matches('restoring') && hasToken(),
        });
      };
      const subscription = started.actor.subscribe(follow);
      follow();
      const runtimeWithCleanup: SessionRuntime = {
        ...started,
        stop: () => {
          subscription.unsubscribe();
          started.stop();
        },
      };
      if (stopped) runtimeWithCleanup.stop();
      return runtimeWithCleanup;
    });
    return runtime;
  };
  withRuntime = (use) => void ensureRuntime().then(use);

  const session: Session = {
    get user() {
      return view.user;
    },
    currentUser: () => view.user,
    login: async (token) => (await ensureRuntime()).login(token),
    refresh: async (user) => (await ensureRuntime()).refresh(user),
    logout: () => withRuntime((r) => r.logout()),
    token: readToken,
    forgetToken: () => removeStored(ACCESS_TOKEN_KEY),
  };

  const start = (): (() => void) => {
    stopped = false;
    // A stored token is checked at once (routes wait for it). A visitor without one gets the
    // session machine at the first interaction (or sooner, when a call needs it: a login, a 401,
    // a new dev-mode flag), so reading a page fetches none of it.
    let cancelWait = (): void => undefined;
    if (hasToken()) void ensureRuntime();
    else cancelWait = onFirstInteraction(() => void ensureRuntime());
    return () => {
      stopped = true;
      cancelWait();
      void runtime?.then((r) => r.stop());
    };
  };

  return {
    i18n,
    queryClient,
    api: { client, $api: createPortalQueryHooks(withCallsInTasksOfTheirOwn(client)) },
    assetUrl: (url) => resolveApiUrl(baseUrl, url),
    sessionStore,
    session,
    start,
  };
}
