import { useApi, type Api } from '../../../lib/api.tsx';

/** Every branch (GET /api/branches), for the favourite-branch select. */
export function getBranchesQueryOptions($api: Api['$api']) {
  return $api.queryOptions('get', '/api/branches');
}

export function useBranches() {
  const { $api } = useApi();
  return $api.useQuery('get', '/api/branches');
}

/** The branch groups (GET /api/branch-groups) the branch select groups by. */
export function getBranchGroupsQueryOptions($api: Api['$api']) {
  return $api.queryOptions('get', '/api/branch-groups');
}

export function useBranchGroups() {
  const { $api } = useApi();
  return $api.useQuery('get', '/api/branch-groups');
}

/** Every practitioner (GET /api/employees), for the favourite-practitioner select. */
export function getEmployeesQueryOptions($api: Api['$api']) {
  return $api.queryOptions('get', '/api/employees');
}

export function useEmployees() {
  const { $api } = useApi();
  return $api.useQuery('get', '/api/employees');
}
