import type { Schemas } from '@portal/sdk';
import { useQuery } from '@tanstack/react-query';
import { useApi, type Api } from './api.tsx';

/**
 * The resources several features read: one query options function each, so that every feature
 * shares one cache entry (one key) and one lifetime, and the hook, preloading and invalidation
 * all use the same options.
 */
export type Branch = Schemas['Branch'];
export type CustomerTypeId = Schemas['CustomerTypeId'];

type QueryHooks = Api['$api'];

/** Branches, groups, practitioners and services change rarely (staff edit them elsewhere). */
export const DIRECTORY_STALE_TIME = 10 * 60_000;
/** Feature flags and constants. */
export const CONFIG_STALE_TIME = 5 * 60_000;

export const branchesQueryOptions = ($api: QueryHooks) =>
  $api.queryOptions('get', '/api/branches', undefined, { staleTime: DIRECTORY_STALE_TIME });

export const branchGroupsQueryOptions = ($api: QueryHooks) =>
  $api.queryOptions('get', '/api/branch-groups', undefined, { staleTime: DIRECTORY_STALE_TIME });

export const employeesQueryOptions = ($api: QueryHooks) =>
  $api.queryOptions('get', '/api/employees', undefined, { staleTime: DIRECTORY_STALE_TIME });

export const configQueryOptions = ($api: QueryHooks) =>
  $api.queryOptions('get', '/api/config', undefined, { staleTime: CONFIG_STALE_TIME });

/** The services (reasons for a visit) offered to a customer type. */
export const reasonsQueryOptions = ($api: QueryHooks, customerType: CustomerTypeId) =>
  $api.queryOptions(
    'get',
    '/api/reasons',
    { params: { query: { customerType } } },
    { staleTime: DIRECTORY_STALE_TIME },
  );

/** Every branch (GET /api/branches). */
export function useBranches() {
  return useQuery(branchesQueryOptions(useApi().$api));
}

/** The branch groups with their captions (GET /api/branch-groups). */
export function useBranchGroups() {
  return useQuery(branchGroupsQueryOptions(useApi().$api));
}

/** Every practitioner (GET /api/employees). */
export function useEmployees() {
  return useQuery(employeesQueryOptions(useApi().$api));
}

/** The portal configuration (GET /api/config): feature flags and constants. */
export function useConfig() {
  return useQuery(configQueryOptions(useApi().$api));
}

type Maintenance = Schemas['PortalConfig']['maintenance'];

const activeMaintenance = (config: Schemas['PortalConfig']): Maintenance | undefined =>
  config.maintenance.active ? config.maintenance : undefined;

/**
 * The maintenance break GET /api/config announces while one is on; undefined otherwise (and
 * until the configuration is in). A component that reads only this is not rendered anew when the
 * configuration arrives, or when a flag it does not read changes.
 */
export function useActiveMaintenance(): Maintenance | undefined {
  return useQuery({ ...configQueryOptions(useApi().$api), select: activeMaintenance }).data;
}

/** The services offered to a customer type; waits while there is none yet. */
export function useReasons(customerType: CustomerTypeId | null) {
  return useQuery({
    ...reasonsQueryOptions(useApi().$api, customerType ?? 'private'),
    enabled: customerType !== null,
  });
}
