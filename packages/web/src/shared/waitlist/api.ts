import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@portal/sdk';
import { dataOf, queryKeyOf, useApi } from '../api.tsx';

export type WaitlistEntry = Schemas['WaitlistEntry'];
export type WaitlistOffer = Schemas['WaitlistOffer'];
export type WaitlistRequest = Schemas['WaitlistRequest'];
type Reservation = Schemas['Reservation'];

/** The signed-in patient's earlier-time wishes with their offers (GET /api/waitlist). */
export function useWaitlist() {
  const { $api } = useApi();
  return useQuery($api.queryOptions('get', '/api/waitlist'));
}

/** What a waitlist change touches: the list, and (after an accept) the reservations. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      (['/api/waitlist', '/api/reservations', '/api/history'] as const).map((path) =>
        queryClient.invalidateQueries({ queryKey: queryKeyOf(path) }),
      ),
    );
}

/** Puts a reservation on the waitlist or changes its wish (PUT /api/reservations/{id}/waitlist). */
export function useSetWaitlistEntry(reservationId: number) {
  const { client } = useApi();
  const refresh = useRefresh();
  return useMutation<WaitlistEntry, Error, WaitlistRequest>({
    mutationFn: async (body) =>
      dataOf(
        await client.PUT('/api/reservations/{id}/waitlist', {
          params: { path: { id: reservationId } },
          body,
        }),
      ),
    onSettled: refresh,
  });
}

/** Stops waiting (DELETE /api/reservations/{id}/waitlist). */
export function useLeaveWaitlist(reservationId: number) {
  const { client } = useApi();
  const refresh = useRefresh();
  return useMutation<null, Error, null>({
    mutationFn: async () => {
      await client.DELETE('/api/reservations/{id}/waitlist', {
        params: { path: { id: reservationId } },
      });
      return null;
    },
    onSettled: refresh,
  });
}

/** Takes an offered time: the reservation moves there (POST /api/waitlist/offers/{id}/accept). */
export function useAcceptOffer() {
  const { client } = useApi();
  const refresh = useRefresh();
  return useMutation<Reservation, Error, number>({
    mutationFn: async (id) =>
      dataOf(await client.POST('/api/waitlist/offers/{id}/accept', { params: { path: { id } } })),
    onSettled: refresh,
  });
}
