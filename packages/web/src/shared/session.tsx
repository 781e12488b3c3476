import type { Schemas } from '@portal/sdk';
import { createContext, useContext } from 'react';

export type User = Schemas['User'];

/** What features may know and do about the session; the app layer implements it with the session machine. */
export interface Session {
  user: User | null;
  /** Stores the token of a finished login and loads the user; resolves with the user. */
  login: (token: string) => Promise<User>;
  /** Reloads the user from the server (or sets the given one); rejects when loading fails. */
  refresh: (user?: User) => Promise<User>;
  logout: () => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession() needs the app providers (SessionContext)');
  return session;
}
