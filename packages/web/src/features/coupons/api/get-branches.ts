import { useApi } from '../../../lib/api.tsx';

/** The branches, to name the clinics where a coupon can be used (GET /api/branches). */
export function useBranches() {
  const { $api } = useApi();
  return $api.useQuery('get', '/api/branches', undefined, { staleTime: 10 * 60_000 });
}
