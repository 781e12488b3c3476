import type { PortalClient } from '@portal/sdk';
import { attachmentName } from '../download.ts';

/** The file name the contract promises: `reservation-{id}.ics`. */
const FILE_NAME = /filename="?(reservation-\d+\.ics)"?/;

/** The download's name: the server's `Content-Disposition` one, else `reservation-{id}.ics`. */
export function calendarFileName(contentDisposition: string | null, reservationId: number): string {
  return attachmentName(contentDisposition, FILE_NAME, `reservation-${reservationId}.ics`);
}

/**
 * Fetches a reservation's iCalendar file (GET /api/reservations/{id}/calendar) through the SDK,
 * in the portal's language, with the bearer token (the client throws the ApiError of a failed
 * answer).
 */
export async function fetchReservationCalendar(
  client: PortalClient,
  reservationId: number,
): Promise<{ blob: Blob; fileName: string }> {
  const { data, response } = await client.GET('/api/reservations/{id}/calendar', {
    params: { path: { id: reservationId } },
    parseAs: 'blob',
  });
  if (data === undefined) throw new Error('The calendar file had no body');
  return {
    blob: data,
    fileName: calendarFileName(response.headers.get('Content-Disposition'), reservationId),
  };
}
