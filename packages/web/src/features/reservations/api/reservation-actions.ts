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

/**
 * A 12–17-year-old hides a visit from their guardians, or shows it again (PUT
 * /api/reservations/{id}/visibility; issue 55).
 */
export function useSetVisibility() {
  const { client } = useApi();
  const refresh = useRefreshLists();
  return useMutation<Reservation, Error, { id: number; hidden: boolean }>({
    mutationFn: async ({ id, hidden }) =>
      dataOf(
        await client.PUT('/api/reservations/{id}/visibility', {
          params: { path: { id } },
          body: { hiddenFromGuardians: hidden },
        }),
      ),
    onSettled: refresh,
  });
}
