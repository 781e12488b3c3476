import type { Schemas } from '@portal/sdk';
import type { Api } from './api.tsx';

/**
 * The signed-in patient's reservations of one "My reservations" tab (GET
 * /api/reservations?group=…): My reservations shows them, the booking reads the latest address.
 */
export const reservationsQueryOptions = ($api: Api['$api'], group: Schemas['ReservationGroup']) =>
  $api.queryOptions('get', '/api/reservations', { params: { query: { group } } });
