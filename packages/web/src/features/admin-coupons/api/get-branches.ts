import type { Schemas } from '@portal/sdk';
import { useApi } from '../../../lib/api.tsx';

export type Branch = Schemas['Branch'];
export type BranchGroup = Schemas['BranchGroup'];

/** Every branch (GET /api/branches). */
export function useBranches() {
  const { $api } = useApi();
  return $api.useQuery('get', '/api/branches', {}, { staleTime: 5 * 60_000 });
}

/** The branch groups with their captions (GET /api/branch-groups). */
export function useBranchGroups() {
  const { $api } = useApi();
  return $api.useQuery('get', '/api/branch-groups', {}, { staleTime: 5 * 60_000 });
}
