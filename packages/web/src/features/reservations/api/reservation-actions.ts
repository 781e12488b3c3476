import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataOf, useApi, queryKeyOf } from '../../../shared/api.tsx';
import { RESERVATIONS_KEY, type Reservation } from './get-reservations.ts';

/** After any action every tab may have changed: refetch all reservation lists and the history. */
export function useRefreshLists() {
  const queryClient = useQueryClient();
  // Stable, so that an effect may depend on it.
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: RESERVATIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/history') }),
      ]),
    [queryClient],
  );
}

/** Confirms a tentative reservation (POST /api/reservations/{id}/confirm). */
export function useConfirmReservation() {
  const { client } = useApi();
  const refresh = useRefreshLists();
  return useMutation<Reservation, Error, number>({
    mutationFn: async (id) =>
      dataOf(await client.POST('/api/reservations/{id}/confirm', { params: { path: { id } } })),
    onSettled: refresh,
  });
}

/** Cancels a reservation (POST /api/reservations/{id}/cancel). */
export function useCancelReservation() {
  const { client } = useApi();
  const refresh = useRefreshLists();
  return useMutation<Reservation, Error, number>({
    mutationFn: async (id) =>
      dataOf(await client.POST('/api/reservations/{id}/cancel', { params: { path: { id } } })),
    onSettled: refresh,
  });
}
