import { useQuery } from '@tanstack/react-query';
import type { BookingAddress } from '@portal/machines';
import type { Schemas } from '@portal/sdk';
import { useApi } from '../../../shared/api.tsx';
import { reservationsQueryOptions } from '../../../shared/reservations-query.ts';

/**
 * The address of the signed-in patient's latest booking (issue 36: a returning patient types
 * nothing): of their reservations in every tab, the one made last. `undefined` while the lists
 * load or when they cannot be read, `null` for a first booking.
 */
export function latestAddress(
  reservations: readonly Schemas['Reservation'][],
): BookingAddress | null {
  const latest = [...reservations]
    .filter((reservation) => reservation.customer.street.trim() !== '')
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
  if (latest === undefined) return null;
  const { street, postalCode, city } = latest.customer;
  return { street, postalCode, city };
}

/** `latestAddress` of the signed-in patient's reservations (the same queries as My reservations). */
export function usePreviousAddress(signedIn: boolean): BookingAddress | null | undefined {
  const { $api } = useApi();
  const list = (group: Schemas['ReservationGroup']) => ({
    ...reservationsQueryOptions($api, group),
    enabled: signedIn,
  });
  // Three tabs, always the same three hooks.
  const lists = [useQuery(list('future')), useQuery(list('tentative')), useQuery(list('past'))];
  if (!signedIn || lists.some((query) => query.data === undefined)) return undefined;
  return latestAddress(lists.flatMap((query) => query.data ?? []));
}
