import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@portal/sdk';
import { useApi, queryKeyOf } from '../../../shared/api.tsx';
import { reservationsQueryOptions } from '../../../shared/reservations-query.ts';

export type Reservation = Schemas['Reservation'];
export type ReservationGroup = Schemas['ReservationGroup'];

/** The signed-in patient's reservations of one tab. */
export function useReservations(group: ReservationGroup) {
  const { $api } = useApi();
  return useQuery(reservationsQueryOptions($api, group));
}

/** The query-key prefix of every reservation list, for invalidation after an action. */
export const RESERVATIONS_KEY = queryKeyOf('/api/reservations');
