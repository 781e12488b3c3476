import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@portal/sdk';
import { useApi, type Api, queryKeyOf } from '../../../shared/api.tsx';

export type Reservation = Schemas['Reservation'];
export type ReservationGroup = Schemas['ReservationGroup'];

/** The query of one "My reservations" tab (GET /api/reservations?group=…). */
export function getReservationsQueryOptions($api: Api['$api'], group: ReservationGroup) {
  return $api.queryOptions('get', '/api/reservations', { params: { query: { group } } });
}

/** The signed-in patient's reservations of one tab. */
export function useReservations(group: ReservationGroup) {
  const { $api } = useApi();
  return useQuery(getReservationsQueryOptions($api, group));
}

/** The query-key prefix of every reservation list, for invalidation after an action. */
export const RESERVATIONS_KEY = queryKeyOf('/api/reservations');
