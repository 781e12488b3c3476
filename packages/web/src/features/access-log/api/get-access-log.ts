import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@portal/sdk';
import { useApi } from '../../../shared/api.tsx';

export type AccessLogEntry = Schemas['AccessLogEntry'];

/** One page of the signed-in user's access log (GET /api/access-log), newest first. */
export function useAccessLog(month: string | null, page: number) {
  const { $api } = useApi();
  return useQuery({
    ...$api.queryOptions('get', '/api/access-log', {
      params: { query: { page, pageSize: 20, ...(month === null ? {} : { month }) } },
    }),
    placeholderData: keepPreviousData,
  });
}
