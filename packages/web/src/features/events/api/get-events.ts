import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@portal/sdk';
import { useApi, type Api } from '../../../shared/api.tsx';

export type Event = Schemas['Event'];
export type PatientEvent = Schemas['PatientEvent'];
export type EventInput = Schemas['EventInput'];
export type ReminderChannel = Schemas['EventReminderChannel'];

/** Events per page of the staff list. */
export const EVENTS_PAGE_SIZE = 20;

/** The upcoming published events with the patient's reminders, soonest first (GET /api/events). */
export function getEventsQueryOptions($api: Api['$api']) {
  return $api.queryOptions('get', '/api/events');
}

export function useEvents() {
  return useQuery(getEventsQueryOptions(useApi().$api));
}

/** One published event with the patient's reminder (GET /api/events/{id}). */
export function getEventQueryOptions($api: Api['$api'], id: number) {
  return $api.queryOptions('get', '/api/events/{id}', { params: { path: { id } } });
}

export function useEvent(id: number) {
  return useQuery(getEventQueryOptions(useApi().$api, id));
}

/** One page of every event, unpublished too, latest date first (staff). */
export function getAdminEventsQueryOptions($api: Api['$api'], page: number) {
  return $api.queryOptions('get', '/api/admin/events', {
    params: { query: { page, pageSize: EVENTS_PAGE_SIZE } },
  });
}

export function useAdminEvents(page: number) {
  return useQuery(getAdminEventsQueryOptions(useApi().$api, page));
}

/** One event, published or not (GET /api/admin/events/{id}). */
export function getAdminEventQueryOptions($api: Api['$api'], id: number) {
  return $api.queryOptions('get', '/api/admin/events/{id}', { params: { path: { id } } });
}

export function useAdminEvent(id: number) {
  return useQuery(getAdminEventQueryOptions(useApi().$api, id));
}
