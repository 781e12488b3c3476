import { daySlots } from '../../core/booking/day-slots.ts';
import { firstFreeTimes } from '../../core/booking/first-free.ts';
import { monthAvailability } from '../../core/booking/month-availability.ts';
import { reservationCalendar } from '../../core/booking/calendar-file.ts';
import {
  acceptOffer,
  bookReservation,
  cancelOwnReservation,
  moveOwnReservation,
} from '../../core/flows/reservation-changes.ts';
import { leaveWaitlist, listWaitlist, setWaitlistEntry } from '../../core/waitlist/waitlist.ts';
import { listCustomerTypes, listReasons } from '../../core/booking/catalog.ts';
import { checkCampaignCode, checkVoucher } from '../../core/booking/codes.ts';
import { createHold, getHold, releaseHold } from '../../core/booking/holds.ts';
import {
  confirmReservation,
  getReservation,
  listReservations,
  listVisitHistory,
} from '../../core/booking/reservations.ts';
import { type Result } from '../../core/result.ts';
import { reply } from '../pipeline.ts';
import type { OperationHandlers, Reply } from '../types.ts';

function json<T>(status: number, result: Result<T>): Result<Reply> {
  return result.ok ? reply.json(status, result.value) : result;
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
  getFirstFreeTimes: ({ state, query, language }) =>
    json(200, firstFreeTimes(state, query, language)),
  createSlotHold: ({ state, body, user, client }) =>
    json(
      201,
      createHold(
        state,
        { slotKey: body.slotKey },
        {
          ...(user ? { userId: user.id } : {}),
          ...(body.holderKey === undefined ? {} : { holderKey: body.holderKey }),
          client,
        },
      ),
    ),
  getSlotHold: ({ state, path }) => json(200, getHold(state, path.holdId)),
  releaseSlotHold: ({ state, path }) => {
    const released = releaseHold(state, path.holdId);
    return released.ok ? reply.noContent() : released;
  },
  createReservation: ({ state, user, body, language, origin }) =>
    json(201, bookReservation(state, user, body, { language, origin })),
  listReservations: ({ state, user, query, language }) =>
    reply.json(200, listReservations(state, user, query.group, language)),
  getReservation: ({ state, user, path, language }) =>
    json(200, getReservation(state, user, path.id, language)),
  getReservationCalendar: ({ state, user, path, language, origin }) => {
    const file = reservationCalendar(state, user, path.id, language, origin);
    if (!file.ok) return file;
    return reply.raw(200, file.value.ics, 'text/calendar; charset=utf-8', {
      'Content-Disposition': `attachment; filename="${file.value.fileName}"`,
    });
  },
  confirmReservation: ({ state, user, path, language }) =>
    json(200, confirmReservation(state, user, path.id, language)),
  moveReservation: ({ state, user, path, body, language, origin }) =>
    json(200, moveOwnReservation(state, user, path.id, body, { language, origin })),
  cancelReservation: ({ state, user, path, language, origin }) =>
    json(200, cancelOwnReservation(state, user, path.id, { language, origin })),
  listWaitlist: ({ state, user }) => reply.json(200, listWaitlist(state, user)),
  setWaitlistEntry: ({ state, user, path, body, language, origin }) =>
    json(200, setWaitlistEntry(state, user, path.id, body, { language, origin })),
  leaveWaitlist: ({ state, user, path }) => {
    const left = leaveWaitlist(state, user, path.id);
    return left.ok ? reply.noContent() : left;
  },
  acceptWaitlistOffer: ({ state, user, path, language, origin }) =>
    json(200, acceptOffer(state, user, path.id, { language, origin })),
  listVisitHistory: ({ state, user, language }) =>
    reply.json(200, listVisitHistory(state, user, language)),
};
