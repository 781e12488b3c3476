import type { Language, Schemas } from '@portal/sdk';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { translate } from '../messages.ts';
import type { Result } from '../result.ts';
import { ok } from '../result.ts';
import type { DevState } from '../state.ts';
import { reservationById } from './booking-cache.ts';
import { displayClock, displayDate } from './calendar.ts';
import { getReservation } from './reservations.ts';

/** The iCalendar file of one reservation (GET /api/reservations/{id}/calendar). */
export interface CalendarFile {
  fileName: string;
  ics: string;
}

/** A reservation's calendar entry is always this one: a moved reservation keeps its id. */
export function calendarUid(reservationId: number): string {
  return `reservation-${reservationId}@dental-portal`;
}

const STATUS: Record<Schemas['ReservationStatus'], ICalEventStatus> = {
  tentative: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  completed: ICalEventStatus.CONFIRMED,
  noShow: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
};

/**
 * The reservation as an RFC 5545 file made by ical-generator: UTC start and end (the instants
 * of the Helsinki times, right on both sides of a daylight-saving change), a stable UID, a
 * SEQUENCE that grows with each change, the status, and texts in the caller's language without
 * the national id or the reason for the visit. `portalOrigin` makes the URL of My reservations.
 */
export function reservationCalendar(
  state: DevState,
  caller: { id: number },
  id: number,
  language: Language,
  portalOrigin: string,
): Result<CalendarFile> {
  const found = getReservation(state, caller, id, language);
  if (!found.ok) return found;
  const reservation = found.value;
  const row = reservationById(state, id);
  const created = Date.parse(reservation.createdAt);
  const changed = row ? Date.parse(row.updatedAt) : created;
  const { branch, employee } = reservation;

  const description = [
    employee ? translate('calendar.practitioner', language, { name: employee.name }) : null,
    translate('calendar.phone', language, { phone: branch.phone }),
    reservation.status === 'cancelled'
      ? translate('calendar.cancelled', language)
      : reservation.canModify
        ? translate('calendar.modifiableUntil', language, {
            date: displayDate(reservation.modifiableUntil.slice(0, 10)),
            time: displayClock(reservation.modifiableUntil),
          })
        : null,
  ].filter((line) => line !== null);

  const calendar = ical({
    prodId: { company: 'Dental portal', product: 'Reservations', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: calendarUid(reservation.id),
    sequence: Math.max(0, Math.floor((changed - created) / 1000)),
    stamp: new Date(state.clock.nowMs()),
    created: new Date(created),
    lastModified: new Date(changed),
    start: new Date(Date.parse(reservation.startTime)),
    end: new Date(Date.parse(reservation.endTime)),
    summary: translate('calendar.summary', language, { branch: branch.name }),
    location: `${branch.name}, ${branch.street}, ${branch.postalCode} ${branch.city}`,
    description: description.join('\n'),
    status: STATUS[reservation.status],
    url: `${portalOrigin}/${language}/reservations`,
  });
  // RFC 5545 ends every content line, the last one too, with CRLF; ical-generator leaves it off.
  const ics = calendar.toString().replace(/(?:\r\n)?$/, '\r\n');
  return ok({ fileName: `reservation-${reservation.id}.ics`, ics });
}
