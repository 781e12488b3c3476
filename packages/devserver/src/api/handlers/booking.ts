import { monthAvailability, daySlots } from '../../core/booking/availability.ts';
import { reservationCalendar } from '../../core/booking/calendar-file.ts';
import { reservationById } from '../../core/booking/availability.ts';
import {
  notifyReservation,
  type ReservationEvent,
} from '../../core/notifications/notifications.ts';
import { listCustomerTypes, listReasons } from '../../core/booking/catalog.ts';
import { checkCampaignCode, checkVoucher } from '../../core/booking/codes.ts';
import {
  cancelReservation,
  confirmReservation,
  createReservation,
  getReservation,
  listReservations,
  listVisitHistory,
  moveReservation,
} from '../../core/booking/reservations.ts';
import type { Language, Schemas } from '@portal/sdk';
import type { DevState } from '../../core/state.ts';
import { type Result } from '../../core/result.ts';
import { reply } from '../pipeline.ts';
import type { OperationHandlers, Reply } from '../types.ts';
import { serverOrigin } from './auth.ts';

function json<T>(status: number, result: Result<T>): Result<Reply> {
  return result.ok ? reply.json(status, result.value) : result;
}

/** Runs a booking change and, when it succeeds, sends its messages (core/notifications). */
function notified(
  state: DevState,
  kind: ReservationEvent['kind'],
  userId: number,
  language: Language,
  origin: string,
  change: () => Result<Schemas['Reservation']>,
): Result<Schemas['Reservation']> {
  const result = change();
  if (result.ok)
    notifyReservation(state, { kind, userId, reservation: result.value, language, origin });
  return result;
}

/** Handlers of the booking operations: request → core → reply. */
export const bookingHandlers: OperationHandlers = {
  listCustomerTypes: ({ language }) => reply.json(200, listCustomerTypes(language)),
  listReasons: ({ query, language }) => reply.json(200, listReasons(query.customerType, language)),
  checkCampaignCode: ({ state, body, language }) =>
    json(200, checkCampaignCode(state, body, language)),
  checkVoucher: ({ state, body }) => json(200, checkVoucher(state, body)),
  getMonthAvailability: ({ state, query }) => json(200, monthAvailability(state, query)),
  getDaySlots: ({ state, query }) => json(200, daySlots(state, query)),
  createReservation: ({ state, user, body, language, headers }) =>
    json(
      201,
      notified(state, 'booked', user.id, language, serverOrigin(headers), () =>
        createReservation(state, user, body, language),
      ),
    ),
  listReservations: ({ state, user, query, language }) =>
    reply.json(200, listReservations(state, user, query.group, language)),
  getReservation: ({ state, user, path, language }) =>
    json(200, getReservation(state, user, path.id, language)),
  getReservationCalendar: ({ state, user, path, language, headers }) => {
    const file = reservationCalendar(state, user, path.id, language, serverOrigin(headers));
    if (!file.ok) return file;
    return reply.raw(200, file.value.ics, 'text/calendar; charset=utf-8', {
      'Content-Disposition': `attachment; filename="${file.value.fileName}"`,
    });
  },
  confirmReservation: ({ state, user, path, language }) =>
    json(200, confirmReservation(state, user, path.id, language)),
  moveReservation: ({ state, user, path, body, language, headers }) =>
    json(
      200,
      notified(state, 'moved', user.id, language, serverOrigin(headers), () =>
        moveReservation(state, user, path.id, body, language),
      ),
    ),
  cancelReservation: ({ state, user, path, language, headers }) => {
    // Cancelling a cancelled reservation answers it unchanged: no second receipt.
    const wasCancelled = reservationById(state, path.id)?.status === 'cancelled';
    const cancel = () => cancelReservation(state, user, path.id, language);
    return json(
      200,
      wasCancelled
        ? cancel()
        : notified(state, 'cancelled', user.id, language, serverOrigin(headers), cancel),
    );
  },
  listVisitHistory: ({ state, user, language }) =>
    reply.json(200, listVisitHistory(state, user, language)),
};
