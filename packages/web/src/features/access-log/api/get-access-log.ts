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

export type AdminAccessLogEntry = Schemas['AdminAccessLogEntry'];

/** What the staff search narrows by: ids and Helsinki dates (`YYYY-MM-DD`), each optional. */
export interface AccessLogSearch {
  subjectId: number | null;
  actorId: number | null;
  from: string;
  to: string;
  page: number;
}

/** One page of the staff search of the access log (GET /api/admin/access-log), newest first. */
export function useAdminAccessLog(search: AccessLogSearch) {
  const { $api } = useApi();
  const { subjectId, actorId, from, to, page } = search;
  return useQuery({
    ...$api.queryOptions('get', '/api/admin/access-log', {
      params: {
        query: {
          page,
          pageSize: 20,
          ...(subjectId === null ? {} : { subjectId }),
          ...(actorId === null ? {} : { actorId }),
          ...(from === '' ? {} : { from }),
          ...(to === '' ? {} : { to }),
        },
      },
    }),
    placeholderData: keepPreviousData,
  });
}
