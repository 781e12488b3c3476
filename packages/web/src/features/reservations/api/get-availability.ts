import type { Schemas } from '@portal/sdk';
import { useApi } from '../../../shared/api.tsx';

/** The filters of the reschedule calendar: the reservation's branch, reason and customer type. */
export interface AvailabilityFilter {
  branchIds: number[];
  reasonId: number;
  customerType: Schemas['CustomerTypeId'];
}

/** Free slots per day of a month (GET /api/availability/month). */
export function useMonthAvailability(filter: AvailabilityFilter, month: string) {
  const { $api } = useApi();
  return $api.useQuery('get', '/api/availability/month', {
    params: { query: { ...filter, month } },
  });
}

/** The free slots of one day (GET /api/availability/day). */
export function useDaySlots(filter: AvailabilityFilter, date: string) {
  const { $api } = useApi();
  return $api.useQuery('get', '/api/availability/day', {
    params: { query: { ...filter, date } },
  });
}
