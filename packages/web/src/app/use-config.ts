import { useApi } from '../lib/api.tsx';

/** The portal configuration (GET /api/config): feature flags and constants. */
export function useConfig() {
  const { $api } = useApi();
  return $api.useQuery('get', '/api/config', {}, { staleTime: 5 * 60_000 });
}
