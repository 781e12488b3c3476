import type { BookingAddress } from '@portal/machines';
import type { Schemas } from '@portal/sdk';
import { useOwnReservations } from '../../../shared/own-times.ts';

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

/** `latestAddress` of the signed-in patient's reservations. */
export function usePreviousAddress(signedIn: boolean): BookingAddress | null | undefined {
  const reservations = useOwnReservations(signedIn);
  return reservations === undefined ? undefined : latestAddress(reservations);
}
