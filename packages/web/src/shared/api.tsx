import type { paths, PortalClient } from '@portal/sdk';
import type { PortalQueryHooks } from '@portal/sdk/query';
import { createContext, useContext } from 'react';

/** The portal client and its TanStack Query hooks, provided once by the app layer. */
export interface Api {
  client: PortalClient;
  $api: PortalQueryHooks;
}

export const ApiContext = createContext<Api | null>(null);

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (api === null) throw new Error('useApi() needs the app providers (ApiContext)');
  return api;
}

/**
 * The data of a call that resolved. The portal client rejects every failure with an ApiError,
 * so a resolved call always holds data; this only narrows the type (and guards an empty body).
 */
export function dataOf<T>(result: { data?: T }): T {
  if (result.data === undefined) throw new Error('The response had no body');
  return result.data;
}

/** The contract's paths that answer GET (typed: a misspelt path is a compile error). */
export type GetPath = {
  [P in keyof paths]: paths[P] extends { get: unknown } ? P : never;
}[keyof paths];

/**
 * The key prefix of every cached answer of a GET path, whatever its parameters: what
 * `$api.queryOptions('get', path, …)` keys start with, for invalidating after a change.
 */
export function queryKeyOf<P extends GetPath>(path: P): readonly ['get', P] {
  return ['get', path] as const;
}
