import type { StorageKey } from '@portal/machines';

/**
 * The session's browser storage (spec §3 and §9): the bearer token `access_token` and the
 * `devMode` flag ('true' / 'false', from the x-dev-mode header). This module is the only one that
 * touches them (lint refuses `localStorage` elsewhere); features reach them through `useSession`.
 */

/** The keys the session machine reads and writes (spec §3); types only, no machine code here. */
export type SessionStorageKey = StorageKey;
export const ACCESS_TOKEN_KEY = 'access_token' satisfies SessionStorageKey;
export const DEV_MODE_KEY = 'devMode' satisfies SessionStorageKey;

/** Fired on this window when devMode changes here (`storage` fires only in other tabs). */
const DEV_MODE_EVENT = 'devmodechange';

export function readStored(key: SessionStorageKey): string | null {
  return localStorage.getItem(key);
}

export function writeStored(key: SessionStorageKey, value: string): void {
  localStorage.setItem(key, value);
  if (key === DEV_MODE_KEY) window.dispatchEvent(new Event(DEV_MODE_EVENT));
}

export function removeStored(key: SessionStorageKey): void {
  localStorage.removeItem(key);
}

/** The stored bearer token, or null when signed out. */
export function readToken(): string | null {
  return readStored(ACCESS_TOKEN_KEY);
}

export function hasToken(): boolean {
  return readToken() !== null;
}

/** Whether the server said it runs in dev mode (the QA toolbar shows then). */
export function readDevMode(): boolean {
  return readStored(DEV_MODE_KEY) === 'true';
}

/** Calls `onChange` when devMode changes, in this tab or another. */
export function subscribeDevMode(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(DEV_MODE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(DEV_MODE_EVENT, onChange);
  };
}
