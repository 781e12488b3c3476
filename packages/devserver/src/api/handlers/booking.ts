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
import { bookFamily } from '../../core/flows/family-booking.ts';
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
import { setReservationVisibility } from '../../core/persons/visibility.ts';
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
        {
          slotKey: body.slotKey,
          ...(body.familySlotKeys === undefined ? {} : { familySlotKeys: body.familySlotKeys }),
        },
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
  createFamilyBooking: ({ state, user, body, language, origin }) =>
    json(201, bookFamily(state, user, body, { language, origin })),
  createReservation: ({ state, person, body, language, origin }) =>
    json(201, bookReservation(state, person, body, { language, origin })),
  listReservations: ({ state, person, query, language }) =>
    reply.json(200, listReservations(state, person, query.group, language)),
  getReservation: ({ state, person, path, language }) =>
    json(200, getReservation(state, person, path.id, language)),
  getReservationCalendar: ({ state, person, path, language, origin }) => {
    const file = reservationCalendar(state, person, path.id, language, origin);
    if (!file.ok) return file;
    return reply.raw(200, file.value.ics, 'text/calendar; charset=utf-8', {
      'Content-Disposition': `attachment; filename="${file.value.fileName}"`,
    });
  },
  confirmReservation: ({ state, person, path, language }) =>
    json(200, confirmReservation(state, person, path.id, language)),
  moveReservation: ({ state, person, path, body, language, origin }) =>
    json(200, moveOwnReservation(state, person, path.id, body, { language, origin })),
  cancelReservation: ({ state, person, path, language, origin }) =>
    json(200, cancelOwnReservation(state, person, path.id, { language, origin })),
  listWaitlist: ({ state, person }) => reply.json(200, listWaitlist(state, person)),
  setWaitlistEntry: ({ state, person, path, body, language, origin }) =>
    json(200, setWaitlistEntry(state, person, path.id, body, { language, origin })),
  leaveWaitlist: ({ state, person, path }) => {
    const left = leaveWaitlist(state, person, path.id);
    return left.ok ? reply.noContent() : left;
  },
  acceptWaitlistOffer: ({ state, person, path, language, origin }) =>
    json(200, acceptOffer(state, person, path.id, { language, origin })),
  listVisitHistory: ({ state, person, language }) =>
    reply.json(200, listVisitHistory(state, person, language)),
  setReservationVisibility: ({ state, user, path, body, language }) =>
    json(200, setReservationVisibility(state, user, path.id, body.hiddenFromGuardians, language)),
};
