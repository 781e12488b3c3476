import {
  GEOLOCATION_OPTIONS,
  type Coordinates,
  type DayQuery,
  type MonthQuery,
} from '@portal/machines';
import type { PortalClient, Schemas } from '@portal/sdk';
import { fromPromise } from 'xstate';
import { dataOf } from '../../../shared/api.tsx';

/** Whether this browser can tell the device position (spec §2: 'closest branch' only then). */
export function isGeolocationSupported(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator;
}

/** The device position, with the spec's options (high accuracy, 5000 ms timeout). */
export function currentPosition(): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      reject,
      GEOLOCATION_OPTIONS,
    );
  });
}

/**
 * The booking machine's side effects as real SDK calls (`bookingMachine.provide({ actors })`).
 * `onBooked` runs after a reservation is created (e.g. to save a changed phone to the profile).
 */
export function bookingActors(
  client: PortalClient,
  onBooked?: (request: Schemas['ReservationCreateRequest']) => void,
) {
  return {
    checkVoucher: fromPromise<Schemas['VoucherCheckResult'], Schemas['VoucherCheckRequest']>(
      async ({ input }) => dataOf(await client.POST('/api/vouchers/check', { body: input })),
    ),
    checkCampaignCode: fromPromise<
      Schemas['CampaignCodeCheckResult'],
      Schemas['CampaignCodeCheckRequest']
    >(async ({ input }) => dataOf(await client.POST('/api/campaign-codes/check', { body: input }))),
    // The machine declares this actor without input (`void`), so the type must say the same.
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type
    getPosition: fromPromise<Coordinates, void>(() => currentPosition()),
    loadMonthAvailability: fromPromise<Schemas['MonthAvailability'], MonthQuery>(
      async ({ input }) =>
        dataOf(await client.GET('/api/availability/month', { params: { query: input } })),
    ),
    loadDaySlots: fromPromise<Schemas['DaySlots'], DayQuery>(async ({ input }) =>
      dataOf(await client.GET('/api/availability/day', { params: { query: input } })),
    ),
    createReservation: fromPromise<Schemas['Reservation'], Schemas['ReservationCreateRequest']>(
      async ({ input }) => {
        const reservation = dataOf(await client.POST('/api/reservations', { body: input }));
        onBooked?.(input);
        return reservation;
      },
    ),
  };
}
