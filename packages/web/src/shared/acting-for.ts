import { ACTING_FOR_CALLS } from '@portal/sdk';
import type { Query, QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whom the signed-in user acts for (issue 55): themself, a child, or an adult who gave them a
 * mandate. The choice is made explicitly after the login (FINLAND.md: a login never lands in
 * another person's data) and kept for the tab's session (sessionStorage), bound to the user who
 * made it: another login starts without one. The API client sends the person on the calls the
 * contract marks (`X-Acting-For`, see @portal/sdk's client); the app layer reads it here.
 */
export interface ActingChoice {
  /** The user who chose. */
  userId: number;
  /** The person chosen: null for the user themself. */
  personId: number | null;
}

const KEY = 'actingFor';
const listeners = new Set<() => void>();
let cached: { raw: string | null; choice: ActingChoice | null } = { raw: null, choice: null };

function parse(raw: string | null): ActingChoice | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<ActingChoice>;
    const personOk = value.personId === null || Number.isInteger(value.personId);
    return Number.isInteger(value.userId) && personOk
      ? { userId: value.userId as number, personId: value.personId as number | null }
      : null;
  } catch {
    return null;
  }
}

/** The stored choice (one object per stored value, as useSyncExternalStore wants). */
export function readActingChoice(): ActingChoice | null {
  if (typeof sessionStorage === 'undefined') return null;
  const raw = sessionStorage.getItem(KEY);
  if (raw !== cached.raw) cached = { raw, choice: parse(raw) };
  return cached.choice;
}

/** The person a user acts for now: null for themself, or when they have not chosen. */
export function actingPersonOf(userId: number | null): number | null {
  const choice = readActingChoice();
  return choice !== null && choice.userId === userId ? choice.personId : null;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Acts for `personId` (null: oneself) from now on. */
export function chooseActingFor(userId: number, personId: number | null): void {
  sessionStorage.setItem(KEY, JSON.stringify({ userId, personId } satisfies ActingChoice));
  notify();
}

/** Forgets the choice (a logout): the next login chooses again. */
export function forgetActingChoice(): void {
  if (typeof sessionStorage === 'undefined') return;
  sessionStorage.removeItem(KEY);
  notify();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The signed-in user's choice, or null when they have not made one in this tab. */
export function useActingChoice(userId: number | null): ActingChoice | null {
  const choice = useSyncExternalStore(subscribe, readActingChoice, () => null);
  return choice !== null && choice.userId === userId ? choice : null;
}

/** A cached answer of a call made for the person acted for (`x-acting-for`). */
const isPersonalQuery = (query: Query): boolean =>
  ACTING_FOR_CALLS.has(`GET ${String(query.queryKey[1])}`);

/**
 * Drops the cached answers of the calls made for the person acted for (another person is chosen,
 * or none): a call still on its way is cancelled, so its answer never shows, and a page that
 * shows one fetches it anew, for whom the pages are now.
 */
export function dropPersonalAnswers(queryClient: QueryClient): void {
  void queryClient.cancelQueries({ predicate: isPersonalQuery });
  void queryClient.resetQueries({ predicate: isPersonalQuery });
}
