import type { Language, Schemas } from '@portal/sdk';
import { sanitiseHtml } from './html.ts';
import { helsinkiDate, toHelsinkiIso } from '../clock.ts';
import { fail, invalid, ok, type FieldProblem, type Result } from '../result.ts';
import { nextId, type DevState } from '../state.ts';
import type { UserRow } from '../users/sessions.ts';
import { pageOf, type PageRequest } from './paging.ts';
import { remindAtFor } from './reminder-time.ts';
import { isBlank } from './text.ts';
import {
  DEFAULT_PORTAL_ORIGIN,
  scheduleEventReminder,
  withdrawEventReminders,
} from '../notifications/notifications.ts';

type Event = Schemas['Event'];
type EventInput = Schemas['EventInput'];
type EventReminder = Schemas['EventReminder'];
type EventRow = ReturnType<DevState['db']['event']['getAll']>[number];
type ReminderRow = ReturnType<DevState['db']['eventReminder']['getAll']>[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function toEvent(row: EventRow): Event {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    date: row.date,
    published: row.published,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toReminder(row: ReminderRow): EventReminder {
  return {
    eventId: row.eventId,
    channel: row.channel as EventReminder['channel'],
    remindAt: row.remindAt,
  };
}

function findEvent(state: DevState, id: number): EventRow | null {
  return state.db.event.findFirst({ where: { id: { equals: id } } });
}

function remindersOf(state: DevState, filter: (row: ReminderRow) => boolean): ReminderRow[] {
  return state.db.eventReminder.getAll().filter(filter);
}

function today(state: DevState): string {
  return helsinkiDate(state.clock.now());
}

function withReminder(event: EventRow, reminder: ReminderRow | undefined): Schemas['PatientEvent'] {
  return { ...toEvent(event), reminder: reminder ? toReminder(reminder) : null };
}

/** Published events dated on or after `from` (default today), soonest first, with the user's reminders. */
export function listEvents(
  state: DevState,
  userId: number,
  from?: string,
): Schemas['PatientEvent'][] {
  const first = from ?? today(state);
  const reminders = new Map(
    remindersOf(state, (r) => r.userId === userId).map((r) => [r.eventId, r]),
  );
  return state.db.event
    .getAll()
    .filter((row) => row.published && row.date >= first)
    .sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1))
    .map((row) => withReminder(row, reminders.get(row.id)));
}

/** One published event (past ones too) with the user's reminder; unpublished ones are unknown. */
export function getEvent(
  state: DevState,
  userId: number,
  id: number,
): Result<Schemas['PatientEvent']> {
  const row = findEvent(state, id);
  if (!row?.published) return fail('not-found');
  const [reminder] = remindersOf(state, (r) => r.userId === userId && r.eventId === id);
  return ok(withReminder(row, reminder));
}

/**
 * Sets or replaces the user's reminder for a published event. An event dated before today is
 * `event-passed`; the channel needs the matching contact in the user's profile.
 */
export function setEventReminder(
  state: DevState,
  user: Pick<UserRow, 'id' | 'phone' | 'email'>,
  eventId: number,
  input: Schemas['EventReminderInput'],
  context: { language: Language; origin: string } = {
    language: 'fi',
    origin: DEFAULT_PORTAL_ORIGIN,
  },
): Result<EventReminder> {
  const event = findEvent(state, eventId);
  if (!event?.published) return fail('not-found');
  if (event.date < today(state)) return fail('event-passed');
  if (input.channel === 'sms' && isBlank(user.phone))
    return invalid({ field: 'channel', message: 'event.reminderNeedsPhone' });
  if (input.channel === 'email' && isBlank(user.email))
    return invalid({ field: 'channel', message: 'event.reminderNeedsEmail' });
  const now = state.clock.now();
  const values = {
    channel: input.channel,
    remindAt: toHelsinkiIso(remindAtFor(event.date, now)),
    setAt: toHelsinkiIso(now),
    language: context.language,
    origin: context.origin,
  };
  const where = { eventId: { equals: eventId }, userId: { equals: user.id } };
  const existing = state.db.eventReminder.findFirst({ where });
  const row = existing
    ? state.db.eventReminder.update({ where: { id: { equals: existing.id } }, data: values })
    : state.db.eventReminder.create({
        id: nextId(state, 'eventReminder'),
        eventId,
        userId: user.id,
        ...values,
      });
  if (!row) return fail('not-found');
  sendReminder(state, event, row);
  return ok(toReminder(row));
}

/** Schedules the message of a reminder (09:00 the day before, or at once when that has passed). */
function sendReminder(state: DevState, event: EventRow, row: ReminderRow): void {
  scheduleEventReminder(state, {
    userId: row.userId,
    event,
    channel: row.channel as EventReminder['channel'],
    dueMs: Date.parse(row.remindAt),
    language: (row.language || 'fi') as Language,
    origin: row.origin || DEFAULT_PORTAL_ORIGIN,
  });
}

/** The seed's reminders get their messages scheduled as if set through the portal. */
export function scheduleStoredReminders(state: DevState): void {
  for (const row of state.db.eventReminder.getAll()) {
    const event = findEvent(state, row.eventId);
    if (event) sendReminder(state, event, row);
  }
}

/** Removes the user's reminder; idempotent, `not-found` only for an unknown or unpublished event. */
export function deleteEventReminder(
  state: DevState,
  userId: number,
  eventId: number,
): Result<null> {
  const event = findEvent(state, eventId);
  if (!event?.published) return fail('not-found');
  state.db.eventReminder.deleteMany({
    where: { eventId: { equals: eventId }, userId: { equals: userId } },
  });
  withdrawEventReminders(state, eventId, userId);
  return ok(null);
}

/** Staff list: every event, unpublished too, latest date first (then highest id), paged. */
export function adminListEvents(state: DevState, paging: PageRequest): Schemas['EventPage'] {
  const rows = state.db.event
    .getAll()
    .sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1));
  return pageOf(rows.map(toEvent), paging);
}

export function adminGetEvent(state: DevState, id: number): Result<Event> {
  const row = findEvent(state, id);
  return row ? ok(toEvent(row)) : fail('not-found');
}

/** Every field of the event form is required: a missing or blank one is 'Fill the field'. */
export function eventProblems(input: Partial<Record<keyof EventInput, unknown>>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of ['title', 'body'] as const) {
    if (isBlank(input[field])) problems.push({ field, message: 'event.fillField' });
  }
  const date = input.date;
  if (typeof date !== 'string' || !DATE.test(date) || !isCalendarDate(date))
    problems.push({ field: 'date', message: 'event.fillField' });
  if (typeof input.published !== 'boolean')
    problems.push({ field: 'published', message: 'event.fillField' });
  return problems;
}

function isCalendarDate(date: string): boolean {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(y, m - 1, d));
  return utc.getUTCFullYear() === y && utc.getUTCMonth() === m - 1 && utc.getUTCDate() === d;
}

export function createEvent(state: DevState, input: EventInput): Result<Event> {
  // Stored sanitised; what is left must not be blank either.
  const clean = { ...input, body: sanitiseHtml(input.body) };
  const problems = eventProblems(clean);
  if (problems.length > 0) return invalid(...problems);
  const now = toHelsinkiIso(state.clock.now());
  const row = state.db.event.create({
    id: nextId(state, 'event'),
    title: input.title,
    body: clean.body,
    date: input.date,
    published: input.published,
    createdAt: now,
    updatedAt: now,
  });
  return ok(toEvent(row));
}

/**
 * Replaces the editable fields. When the date changes, the patients' reminders follow it
 * (09:00 the day before, or now when that has passed); reminders of an event moved to a day
 * before today are dropped, as no reminder can be set for a passed event.
 */
export function updateEvent(state: DevState, id: number, input: EventInput): Result<Event> {
  const row = findEvent(state, id);
  if (!row) return fail('not-found');
  // Stored sanitised; what is left must not be blank either.
  const clean = { ...input, body: sanitiseHtml(input.body) };
  const problems = eventProblems(clean);
  if (problems.length > 0) return invalid(...problems);
  const nowDate = state.clock.now();
  const updated = state.db.event.update({
    where: { id: { equals: id } },
    data: {
      title: input.title,
      body: clean.body,
      date: input.date,
      published: input.published,
      updatedAt: toHelsinkiIso(nowDate),
    },
  });
  if (!updated) return fail('not-found');
  if (input.date !== row.date) {
    if (input.date < today(state)) {
      state.db.eventReminder.deleteMany({ where: { eventId: { equals: id } } });
    } else {
      const remindAt = toHelsinkiIso(remindAtFor(input.date, nowDate));
      state.db.eventReminder.updateMany({
        where: { eventId: { equals: id } },
        data: { remindAt },
      });
    }
  }
  // The messages not sent yet follow the event: new date or title, none while unpublished.
  withdrawEventReminders(state, id);
  if (updated.published)
    for (const reminder of remindersOf(state, (r) => r.eventId === id))
      sendReminder(state, updated, reminder);
  return ok(toEvent(updated));
}

/** Deletes the event for good, with every patient's reminder for it. */
export function deleteEvent(state: DevState, id: number): Result<null> {
  const deleted = state.db.event.delete({ where: { id: { equals: id } } });
  if (!deleted) return fail('not-found');
  state.db.eventReminder.deleteMany({ where: { eventId: { equals: id } } });
  withdrawEventReminders(state, id);
  return ok(null);
}
