import { useCallback, useEffect, useState } from 'react';

/**
 * A national identity code, whole or begun (birth date and century sign: `131052-`). FINLAND.md:
 * it is kept out of URLs, so such a search lives in the history entry's state instead.
 */
const NATIONAL_ID = /\d{6}[-+A-FU-Y]/i;

export function containsNationalId(text: string): boolean {
  return NATIONAL_ID.test(text);
}

const STATE_KEY = 'patientSearch';

function readHistorySearch(): string {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null || !(STATE_KEY in state)) return '';
  const value: unknown = (state as Record<string, unknown>)[STATE_KEY];
  return typeof value === 'string' ? value : '';
}

/**
 * The search kept in the current history entry's state (survives reload and back/forward, never
 * shown in the address bar), and how to store one with a navigation.
 */
export function useHistorySearch(): [string, (search: string) => Record<string, string> | null] {
  const [search, setSearch] = useState(readHistorySearch);
  useEffect(() => {
    const onPop = () => setSearch(readHistorySearch());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const remember = useCallback((next: string) => {
    setSearch(next);
    return next === '' ? null : { [STATE_KEY]: next };
  }, []);
  return [search, remember];
}
