import { slotPickerMachine, type DayQuery, type MonthQuery } from '@portal/machines';
import type { PortalClient, Schemas } from '@portal/sdk';
import { fromPromise } from 'xstate';
import { dataOf } from './api.tsx';

/**
 * The slot picker machine with its loaders as SDK calls (GET /api/availability/month and /day):
 * what the booking wizard and the reschedule dialog provide as their `slotPicker` actor.
 */
export function slotPickerLogic(client: PortalClient) {
  return slotPickerMachine.provide({
    actors: {
      loadMonthAvailability: fromPromise<Schemas['MonthAvailability'], MonthQuery>(
        async ({ input }) =>
          dataOf(await client.GET('/api/availability/month', { params: { query: input } })),
      ),
      loadDaySlots: fromPromise<Schemas['DaySlots'], DayQuery>(async ({ input }) =>
        dataOf(await client.GET('/api/availability/day', { params: { query: input } })),
      ),
    },
    actions: {
      logError: (_, params) => console.error(params.message, params.error),
    },
  });
}
