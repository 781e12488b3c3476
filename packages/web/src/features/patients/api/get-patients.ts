import type { Schemas } from '@portal/sdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi, type Api, queryKeyOf } from '../../../shared/api.tsx';

export type AdminPatient = Schemas['AdminPatient'];

/** Rows per page of the patients list (the contract allows 1–100; 20 is its default). */
export const PATIENTS_PAGE_SIZE = 20;

export interface PatientsFilter {
  /** Substring of name, email, phone or national id; '' lists everyone. */
  search: string;
  /** Page number, from 1. */
  page: number;
}

function queryOf({ search, page }: PatientsFilter) {
  const trimmed = search.trim();
  return {
    ...(trimmed === '' ? {} : { search: trimmed }),
    page,
    pageSize: PATIENTS_PAGE_SIZE,
  };
}

/** One page of the admin patient search (GET /api/admin/patients). */
export function getPatientsQueryOptions($api: Api['$api'], filter: PatientsFilter) {
  return $api.queryOptions('get', '/api/admin/patients', {
    params: { query: queryOf(filter) },
  });
}

/** One page of patients; the previous page stays shown while the next one loads. */
export function usePatients(filter: PatientsFilter) {
  return useQuery({
    ...getPatientsQueryOptions(useApi().$api, filter),
    placeholderData: keepPreviousData,
  });
}

/** The query-key prefix of every patients list, for invalidation after an edit or delete. */
export const PATIENTS_KEY = queryKeyOf('/api/admin/patients');
