import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@portal/sdk';
import { useApi } from './api.tsx';
import { reservationsQueryOptions } from './reservations-query.ts';
import type { OwnTime } from './slot-picker.tsx';

/**
 * The signed-in patient's reservations of every tab (the same queries as My reservations):
 * `undefined` while they load, signed out, or when one cannot be read.
 */
export function useOwnReservations(signedIn: boolean): Schemas['Reservation'][] | undefined {
  const { $api } = useApi();
  const list = (group: Schemas['ReservationGroup']) => ({
    ...reservationsQueryOptions($api, group),
    enabled: signedIn,
  });
  // Three tabs, always the same three hooks.
  const lists = [useQuery(list('future')), useQuery(list('tentative')), useQuery(list('past'))];
  if (!signedIn || lists.some((query) => query.data === undefined)) return undefined;
  return lists.flatMap((query) => query.data ?? []);
}

/**
 * The times the signed-in patient is already booked at (tentative or confirmed, any service), but
 * the reservation being moved (`exceptId`): the time list marks the free times that overlap them,
 * which the server would refuse (409 `overlapping-reservation`). Empty while the lists load,
 * signed out, or when they fail.
 */
export function useOwnTimes(signedIn: boolean, exceptId?: number): OwnTime[] {
  return ownTimesOf(useOwnReservations(signedIn) ?? [], exceptId);
}

export function ownTimesOf(
  reservations: readonly Schemas['Reservation'][],
  exceptId?: number,
): OwnTime[] {
  return reservations
    .filter(
      (reservation) =>
        reservation.id !== exceptId &&
        (reservation.status === 'confirmed' || reservation.status === 'tentative'),
    )
    .map((reservation) => ({
      startMs: Date.parse(reservation.startTime),
      endMs: Date.parse(reservation.endTime),
    }));
}
