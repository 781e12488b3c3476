import { icsProperty } from '@portal/sdk';
import { expectStatus } from '../expect.ts';
import { fail, type Runner } from '../runner.ts';

/** `20261201T070000Z`: an instant as an iCalendar UTC date-time. */
const icsUtc = (iso: string): string =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * Checks a reservation's iCalendar file: one event with the contract's stable UID, the start as
 * a UTC date-time of the reservation's instant, and the status.
 */
export async function checkCalendarFile(
  runner: Runner,
  label: string,
  token: string | null,
  reservationId: number,
  expected: { startTime?: string; status: 'CONFIRMED' | 'CANCELLED' },
): Promise<void> {
  const answer = await runner.call('getReservationCalendar', label, {
    token,
    path: { id: reservationId },
  });
  expectStatus(runner.op('getReservationCalendar'), answer, [200]);
  const uid = icsProperty(answer.text, 'UID');
  if (uid !== `reservation-${reservationId}@dental-portal`)
    fail(`UID ${String(uid)}, expected reservation-${reservationId}@dental-portal`);
  const start = icsProperty(answer.text, 'DTSTART');
  if (expected.startTime !== undefined && start !== icsUtc(expected.startTime))
    fail(
      `DTSTART ${String(start)}, expected ${icsUtc(expected.startTime)} (${expected.startTime})`,
    );
  const status = icsProperty(answer.text, 'STATUS');
  if (status !== expected.status) fail(`STATUS ${String(status)}, expected ${expected.status}`);
}
