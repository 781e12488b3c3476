import type { Schemas } from '@portal/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataOf, queryKeyOf, useApi } from '../../../shared/api.tsx';
import type { Event, EventInput, ReminderChannel } from './get-events.ts';

/** The events lists, patients' and staff's: refetched after any action, shown or not. */
const EVENT_LISTS = [queryKeyOf('/api/events'), queryKeyOf('/api/admin/events')];
/** One event's queries: marked stale (refetched when next shown). */
const EVENT_ONES = [queryKeyOf('/api/events/{id}'), queryKeyOf('/api/admin/events/{id}')];

function useRefreshEvents() {
  const queryClient = useQueryClient();
  // The form goes back to the list once its data is fresh: the list never shows the old one.
  return () =>
    Promise.all([
      ...EVENT_LISTS.map((queryKey) =>
        queryClient.invalidateQueries({ queryKey, refetchType: 'all' }),
      ),
      ...EVENT_ONES.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
}

/** The editable fields of an event, e.g. to republish it unchanged. */
export function inputOf(event: Event): EventInput {
  const { title, body, date, published } = event;
  return { title, body, date, published };
}

/** Creates an event (POST /api/admin/events) or replaces one (PUT /api/admin/events/{id}). */
export function useSaveEvent() {
  const { client } = useApi();
  const refresh = useRefreshEvents();
  return useMutation<Event, Error, { id?: number; input: EventInput }>({
    mutationFn: async ({ id, input }) =>
      id === undefined
        ? dataOf(await client.POST('/api/admin/events', { body: input }))
        : dataOf(
            await client.PUT('/api/admin/events/{id}', {
              params: { path: { id } },
              body: input,
            }),
          ),
    onSettled: refresh,
  });
}

/** Deletes an event with its reminders (DELETE /api/admin/events/{id}). */
export function useDeleteEvent() {
  const { client } = useApi();
  const refresh = useRefreshEvents();
  return useMutation<null, Error, number>({
    mutationFn: async (id) => {
      await client.DELETE('/api/admin/events/{id}', { params: { path: { id } } });
      return null;
    },
    onSettled: refresh,
  });
}

/** Turns the patient's reminder on (PUT) with a channel, or off (DELETE /api/events/{id}/reminder). */
export function useSetReminder() {
  const { client } = useApi();
  const refresh = useRefreshEvents();
  return useMutation<
    Schemas['EventReminder'] | null,
    Error,
    { id: number; channel: ReminderChannel | null }
  >({
    mutationFn: async ({ id, channel }) => {
      if (channel === null) {
        await client.DELETE('/api/events/{id}/reminder', { params: { path: { id } } });
        return null;
      }
      return dataOf(
        await client.PUT('/api/events/{id}/reminder', {
          params: { path: { id } },
          body: { channel },
        }),
      );
    },
    onSettled: refresh,
  });
}
