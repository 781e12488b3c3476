import type { Schemas } from '@portal/sdk';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { readDevMode, subscribeDevMode } from './session-storage.ts';

export type User = Schemas['User'];

/** What features may know and do about the session; the app layer implements it with the session machine. */
export interface Session {
  user: User | null;
  /** The user now, for code that runs outside render (a machine's actor, a callback). */
  currentUser: () => User | null;
  /** Stores the token of a finished login and loads the user; resolves with the user. */
  login: (token: string) => Promise<User>;
  /** Reloads the user from the server (or sets the given one); rejects when loading fails. */
  refresh: (user?: User) => Promise<User>;
  logout: () => void;
  /** The stored bearer token, or null (for a call the portal client does not make, e.g. a stream). */
  token: () => string | null;
  /** Drops the stored token without the logout call (after an account deletion or a dev reset). */
  forgetToken: () => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession() needs the app providers (SessionContext)');
  return session;
}

/** Whether the server runs in dev mode (its x-dev-mode header, kept in storage as `devMode`). */
export function useDevMode(): boolean {
  return useSyncExternalStore(subscribeDevMode, readDevMode, () => false);
}
