import type { Language, Schemas } from '@portal/sdk';
import { toHelsinkiIso } from '../clock.ts';
import { displayClock, displayDate } from '../booking/calendar.ts';
import { translate, type MessageKey } from '../messages.ts';
import { nextId, type DevState } from '../state.ts';

/**
 * The messages the portal sends patients about their reservations, delivered to the dev
 * server's outbox instead of an SMS gateway or a mail server (GET /api/dev/outbox). A message is
 * stored with the instant it is due; it counts as sent once the dev clock has passed it, so a
 * reminder appears when QA advances the clock. Texts say when and where, never the national id
 * or the reason for the visit.
 */

export type OutboxMessage = Schemas['OutboxMessage'];
type Kind = OutboxMessage['kind'];
type Channel = OutboxMessage['channel'];
type NotificationRow = ReturnType<DevState['db']['notification']['getAll']>[number];

/** The portal's address when a request does not tell it (the dev server's default port). */
export const DEFAULT_PORTAL_ORIGIN = 'http://127.0.0.1:3000';

/** A reminder comes 48 hours before the start: 24 hours before the free move-or-cancel limit. */
export const REMINDER_BEFORE_START_MS = 48 * 3_600_000;

/** What happened to a reservation, as its handler saw it. */
export interface ReservationEvent {
  kind: 'booked' | 'moved' | 'cancelled';
  userId: number;
  reservation: Schemas['Reservation'];
  /** The request's language: the one the patient is using. */
  language: Language;
  /** The portal's origin, for the link. */
  origin: string;
}

const TEXT: Record<Kind, { subject: MessageKey; text: MessageKey }> = {
  'booking-confirmation': { subject: 'notify.booked.subject', text: 'notify.booked.text' },
  'move-receipt': { subject: 'notify.moved.subject', text: 'notify.moved.text' },
  'cancel-receipt': { subject: 'notify.cancelled.subject', text: 'notify.cancelled.text' },
  reminder: { subject: 'notify.reminder.subject', text: 'notify.reminder.text' },
  'waitlist-offer': { subject: 'notify.offer.subject', text: 'notify.offer.text' },
  'event-reminder': { subject: 'notify.event.subject', text: 'notify.event.text' },
  'family-booking-confirmation': {
    subject: 'notify.familyBooked.subject',
    text: 'notify.familyBooked.text',
  },
  'family-reminder': {
    subject: 'notify.familyReminder.subject',
    text: 'notify.familyReminder.text',
  },
};

const KIND_OF_EVENT: Record<ReservationEvent['kind'], Kind> = {
  booked: 'booking-confirmation',
  moved: 'move-receipt',
  cancelled: 'cancel-receipt',
};

function when(iso: string, language: Language): string {
  return translate('notify.when', language, {
    date: displayDate(iso.slice(0, 10)),
    time: displayClock(iso),
  });
}

/** The channels and addresses the user's consents allow for a kind of message. */
function recipients(
  state: DevState,
  userId: number,
  kind: Kind,
  reservation: Schemas['Reservation'],
): { channel: Channel; to: string }[] {
  const user = state.db.user.findFirst({ where: { id: { equals: userId } } });
  if (!user) return [];
  const reminder = kind === 'reminder';
  const sms = reminder ? user.reminderSmsEnabled : user.serviceSmsEnabled;
  const email = reminder ? user.reminderEmailEnabled : user.serviceEmailEnabled;
  // Where the booking says (issue 54: the patient may book with other details than the
  // profile's, and the booking shows them); the account's when the booking gave none.
  const phone = reservation.customer.phone || user.phone;
  const address = reservation.customer.email || user.email;
  return [
    ...(sms && phone ? [{ channel: 'sms' as const, to: phone }] : []),
    ...(email && address ? [{ channel: 'email' as const, to: address }] : []),
  ];
}

/** What a message says: a time at a place, a limit and the page it links to. */
interface MessageContent {
  kind: Kind;
  userId: number;
  /** For the contact given at booking, when the account has none. */
  reservation: Schemas['Reservation'];
  startTime: string;
  branch: Pick<Schemas['ReservationBranch'], 'name' | 'street' | 'postalCode' | 'city'>;
  /** Until when the patient can act (move or cancel free, or accept an offer). */
  limit: string;
  /** The page in the portal, without origin and language (`reservations?move=1024`). */
  page: string;
  language: Language;
  origin: string;
  dueMs: number;
}

function store(state: DevState, content: MessageContent): void {
  const { kind, branch, language } = content;
  const url = `${content.origin}/${language}/${content.page}`;
  const text = translate(TEXT[kind].text, language, {
    when: when(content.startTime, language),
    place: `${branch.name}, ${branch.street}, ${branch.postalCode} ${branch.city}`,
    limit: when(content.limit, language),
    url,
  });
  const subject = translate(TEXT[kind].subject, language);
  for (const { channel, to } of recipients(state, content.userId, kind, content.reservation)) {
    state.db.notification.create({
      id: nextId(state, 'notification'),
      userId: content.userId,
      kind,
      channel,
      to,
      language,
      subject: channel === 'email' ? subject : null,
      text,
      url,
      reservationId: content.reservation.id,
      eventId: null,
      dueMs: content.dueMs,
      status: 'scheduled',
      createdAt: toHelsinkiIso(state.clock.nowMs()),
    });
  }
}

function aboutReservation(kind: Kind, event: ReservationEvent, dueMs: number): MessageContent {
  const { reservation } = event;
  return {
    kind,
    userId: event.userId,
    reservation,
    startTime: reservation.startTime,
    branch: reservation.branch,
    limit: reservation.modifiableUntil,
    // The confirmation, the move receipt and the reminder open the move dialog (after the login
    // when needed): a time is moved in one step from the message. A cancel leaves a new booking.
    page: kind === 'cancel-receipt' ? 'reservation' : `reservations?move=${reservation.id}`,
    language: event.language,
    origin: event.origin,
    dueMs,
  };
}

/**
 * Sends the receipt of a booking, move or cancel at once, withdraws the reservation's reminder
 * that has not gone yet, and schedules a new one for a booked or moved reservation that starts
 * more than 48 hours from now.
 */
export function notifyReservation(state: DevState, event: ReservationEvent): void {
  const now = state.clock.nowMs();
  state.db.notification.updateMany({
    where: {
      reservationId: { equals: event.reservation.id },
      kind: { equals: 'reminder' },
      status: { equals: 'scheduled' },
      dueMs: { gt: now },
    },
    data: { status: 'withdrawn' },
  });
  store(state, aboutReservation(KIND_OF_EVENT[event.kind], event, now));
  if (event.kind === 'cancelled') return;
  const reminderAt = Date.parse(event.reservation.startTime) - REMINDER_BEFORE_START_MS;
  if (reminderAt > now) store(state, aboutReservation('reminder', event, reminderAt));
}

/** A family booking (issue 55): its booker, its block and its reservations, the earliest first. */
export interface FamilyBookingEvent {
  /** The booker: the messages go to them, by their own consents. */
  userId: number;
  familyBookingId: string;
  reservations: readonly Schemas['Reservation'][];
  language: Language;
  origin: string;
}

/** "Aino 1.12.2026 klo 9.00, Eetu 1.12.2026 klo 9.30": each member's first name and time. */
function familyVisits(reservations: readonly Schemas['Reservation'][], language: Language): string {
  return reservations
    .map(
      (reservation) => `${reservation.customer.firstName} ${when(reservation.startTime, language)}`,
    )
    .join(', ');
}

function storeFamily(
  state: DevState,
  kind: 'family-booking-confirmation' | 'family-reminder',
  event: FamilyBookingEvent,
  dueMs: number,
): void {
  const { language, reservations } = event;
  const first = reservations[0];
  if (!first) return;
  const { branch } = first;
  const url = `${event.origin}/${language}/reservations`;
  const body = translate(TEXT[kind].text, language, {
    visits: familyVisits(reservations, language),
    place: `${branch.name}, ${branch.street}, ${branch.postalCode} ${branch.city}`,
    limit: when(first.modifiableUntil, language),
    url,
  });
  for (const { channel, to } of recipients(
    state,
    event.userId,
    kind === 'family-reminder' ? 'reminder' : kind,
    first,
  )) {
    state.db.notification.create({
      id: nextId(state, 'notification'),
      userId: event.userId,
      kind,
      channel,
      to,
      language,
      subject: channel === 'email' ? translate(TEXT[kind].subject, language) : null,
      text: body,
      url,
      reservationId: first.id,
      eventId: null,
      familyBookingId: event.familyBookingId,
      dueMs,
      status: 'scheduled',
      createdAt: toHelsinkiIso(state.clock.nowMs()),
    });
  }
}

/** The block's reminder, 48 hours before its first visit (when that is still ahead). */
function scheduleFamilyReminder(state: DevState, event: FamilyBookingEvent): void {
  const first = event.reservations[0];
  if (!first) return;
  const reminderAt = Date.parse(first.startTime) - REMINDER_BEFORE_START_MS;
  if (reminderAt > state.clock.nowMs()) storeFamily(state, 'family-reminder', event, reminderAt);
}

/**
 * A family booking's messages: one confirmation naming every member's time at once, and one
 * reminder before the block's first visit, to the booker by their consents (not one per
 * reservation).
 */
export function notifyFamilyBooking(state: DevState, event: FamilyBookingEvent): void {
  storeFamily(state, 'family-booking-confirmation', event, state.clock.nowMs());
  scheduleFamilyReminder(state, event);
}

/**
 * A member's reservation left the block (moved or cancelled): the block's reminder not sent yet
 * is withdrawn and made again for the members still in it (`reservations`; none: no reminder).
 */
export function reviseFamilyReminder(state: DevState, event: FamilyBookingEvent): void {
  state.db.notification.updateMany({
    where: {
      familyBookingId: { equals: event.familyBookingId },
      kind: { equals: 'family-reminder' },
      status: { equals: 'scheduled' },
      dueMs: { gt: state.clock.nowMs() },
    },
    data: { status: 'withdrawn' },
  });
  scheduleFamilyReminder(state, event);
}

/** An earlier time offered to a patient on the waitlist, sent at once by the service consents. */
export interface OfferEvent {
  userId: number;
  /** The reservation the offer would move. */
  reservation: Schemas['Reservation'];
  startTime: string;
  branch: Schemas['ReservationBranch'];
  /** When the offer expires. */
  expiresAt: string;
  language: Language;
  origin: string;
}

export function notifyWaitlistOffer(state: DevState, event: OfferEvent): void {
  store(state, {
    kind: 'waitlist-offer',
    userId: event.userId,
    reservation: event.reservation,
    startTime: event.startTime,
    branch: event.branch,
    limit: event.expiresAt,
    page: 'reservations',
    language: event.language,
    origin: event.origin,
    dueMs: state.clock.nowMs(),
  });
}

/** A patient's reminder of an event, as they set it (core/content/events.ts). */
export interface EventReminderEvent {
  userId: number;
  event: { id: number; title: string; date: string };
  /** The channel the patient chose: their choice is the consent. */
  channel: Channel;
  dueMs: number;
  language: Language;
  origin: string;
}

/** Withdraws the event's reminders not sent yet (one user's, or everyone's). */
export function withdrawEventReminders(state: DevState, eventId: number, userId?: number): void {
  state.db.notification.updateMany({
    where: {
      eventId: { equals: eventId },
      kind: { equals: 'event-reminder' },
      status: { equals: 'scheduled' },
      dueMs: { gt: state.clock.nowMs() },
      ...(userId === undefined ? {} : { userId: { equals: userId } }),
    },
    data: { status: 'withdrawn' },
  });
}

/**
 * Schedules a patient's event reminder (replacing one not sent yet), to the profile's phone or
 * email by the chosen channel, in the language of the request that set it; its link opens the
 * event.
 */
export function scheduleEventReminder(state: DevState, reminder: EventReminderEvent): void {
  const { userId, event, channel, language } = reminder;
  withdrawEventReminders(state, event.id, userId);
  const user = state.db.user.findFirst({ where: { id: { equals: userId } } });
  const to = channel === 'sms' ? user?.phone : user?.email;
  if (!to) return;
  const url = `${reminder.origin}/${language}/event/${event.id}`;
  state.db.notification.create({
    id: nextId(state, 'notification'),
    userId,
    kind: 'event-reminder',
    channel,
    to,
    language,
    subject: channel === 'email' ? translate('notify.event.subject', language) : null,
    text: translate('notify.event.text', language, {
      title: event.title,
      date: displayDate(event.date),
      url,
    }),
    url,
    reservationId: null,
    eventId: event.id,
    dueMs: reminder.dueMs,
    status: 'scheduled',
    createdAt: toHelsinkiIso(state.clock.nowMs()),
  });
}

function toOutboxMessage(row: NotificationRow): OutboxMessage {
  return {
    id: row.id,
    userId: row.userId,
    kind: row.kind as Kind,
    channel: row.channel as Channel,
    to: row.to,
    language: row.language as Language,
    subject: row.subject,
    text: row.text,
    url: row.url,
    reservationId: row.reservationId,
    eventId: row.eventId,
    ...(row.familyBookingId === null ? {} : { familyBookingId: row.familyBookingId }),
    sentAt: toHelsinkiIso(row.dueMs),
  };
}

export interface OutboxFilter {
  userId?: number;
  kind?: Kind;
  /** Only messages sent at or after this instant (dev clock). */
  sinceMs?: number;
}

/** The messages delivered by now (the dev clock), newest first, as the filter narrows them. */
export function listOutbox(state: DevState, filter: OutboxFilter = {}): OutboxMessage[] {
  const now = state.clock.nowMs();
  return state.db.notification
    .findMany({
      where: {
        status: { equals: 'scheduled' },
        dueMs: { lte: now, gte: filter.sinceMs ?? 0 },
        ...(filter.userId === undefined ? {} : { userId: { equals: filter.userId } }),
        ...(filter.kind === undefined ? {} : { kind: { equals: filter.kind } }),
      },
    })
    .sort((a, b) => b.dueMs - a.dueMs || b.id - a.id)
    .map(toOutboxMessage);
}

/**
 * Empties the outbox (QA): the messages delivered by now go; reminders and offers not yet due
 * stay and arrive when the dev clock passes their time.
 */
export function clearOutbox(state: DevState): void {
  const now = state.clock.nowMs();
  state.db.notification.deleteMany({
    where: { status: { equals: 'scheduled' }, dueMs: { lte: now } },
  });
}

/** A deleted account's messages go with it. */
export function deleteNotificationsOf(state: DevState, userId: number): void {
  state.db.notification.deleteMany({ where: { userId: { equals: userId } } });
}

/**
 * Sends a reservation's messages not yet due (its reminder) to other contact details: a visit a
 * 12–17-year-old hides from their guardians reminds the patient, never the guardian whose
 * details the booking gave (issue 55). A channel without an address drops its message.
 */
export function readdressScheduled(
  state: DevState,
  reservationId: number,
  contact: { email: string; phone: string },
): void {
  const now = state.clock.nowMs();
  for (const [channel, to] of [
    ['email', contact.email],
    ['sms', contact.phone],
  ] as const) {
    const where = {
      reservationId: { equals: reservationId },
      channel: { equals: channel },
      status: { equals: 'scheduled' },
      dueMs: { gt: now },
    };
    if (to === '') state.db.notification.updateMany({ where, data: { status: 'withdrawn' } });
    else state.db.notification.updateMany({ where, data: { to } });
  }
}
