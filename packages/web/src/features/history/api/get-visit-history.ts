import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@portal/sdk';
import { useApi, type Api } from '../../../shared/api.tsx';

export type Visit = Schemas['Visit'];

/** The query of the patient's completed visits (GET /api/history), newest first. */
export function getVisitHistoryQueryOptions($api: Api['$api']) {
  return $api.queryOptions('get', '/api/history');
}

/** The signed-in patient's completed visits, newest first. */
export function useVisitHistory() {
  const { $api } = useApi();
  return useQuery(getVisitHistoryQueryOptions($api));
}
