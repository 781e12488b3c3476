import { useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../shared/api.tsx';

/** One patient in the admin view (GET /api/admin/patients/{id}). */
export function getPatientQueryOptions($api: Api['$api'], id: number) {
  return $api.queryOptions('get', '/api/admin/patients/{id}', { params: { path: { id } } });
}

/** One patient; `null` (an id that is not a number) loads nothing. */
export function usePatient(id: number | null) {
  return useQuery({ ...getPatientQueryOptions(useApi().$api, id ?? 0), enabled: id !== null });
}
