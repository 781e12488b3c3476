import type { Language, Schemas } from '@portal/sdk';
import { helsinkiDate, toHelsinkiIso } from '../clock.ts';
import {
  branchesAndEmployees,
  reservationById,
  reservationsOfUser,
  type ReservationRow,
} from '../booking/booking-cache.ts';
import { displayDate } from '../booking/calendar.ts';
import { daySlots } from '../booking/day-slots.ts';
import { freedTimeOf, type FreedTime } from '../booking/freed-time.ts';
import {
  canModify,
  checkModifiable,
  insideWindow,
  modifiableUntilMs,
} from '../booking/modifiable.ts';
import {
  moveReservation,
  ownReservation,
  reservationBranch,
  seenBy,
  toReservation,
  type Caller,
} from '../booking/reservations.ts';
import { checkSlot, readSlotKey } from '../booking/slot-check.ts';
import { effectiveStatus } from '../booking/status.ts';
import { notifyWaitlistOffer } from '../notifications/notifications.ts';
import { fail, invalid, ok, type Result } from '../result.ts';
import { nextId, type DevState } from '../state.ts';

/**
 * The earlier-time waitlist (issue 16): a patient with a future reservation asks to be told of an
 * earlier time. When a practitioner's time frees up (a cancel or a move by anyone), every
 * waiting patient it suits gets an offer of the earliest matching slot in it; the first to accept
 * has their reservation moved there (the move runs synchronously, so a second accept finds the
 * slot taken). Offers lapse after two hours by the dev clock, and no offer is made for a
 * reservation inside its 24-hour window, which can no longer be moved online.
 */

export type WaitlistEntry = Schemas['WaitlistEntry'];
export type WaitlistOffer = Schemas['WaitlistOffer'];
type EntryRow = ReturnType<DevState['db']['waitlistEntry']['getAll']>[number];
type OfferRow = ReturnType<DevState['db']['waitlistOffer']['getAll']>[number];

/** How long an offer stays open: two hours (never past the reservation's own limit). */
export const OFFER_OPEN_MS = 2 * 3_600_000;

/**
 * An entry lists at most its newest 100 offers (the contract's `WaitlistEntry.offers` maxItems):
 * the open ones are all younger than two hours, and the page shows three of the others.
 */
export const MAX_LISTED_OFFERS = 100;

/** Where the offers' messages point, and in which language: the request's. */
export interface RequestContext {
  language: Language;
  origin: string;
}

function entryOf(state: DevState, reservationId: number): EntryRow | null {
  return state.db.waitlistEntry.findFirst({ where: { reservationId: { equals: reservationId } } });
}

function offersOf(state: DevState, reservationId: number): OfferRow[] {
  return state.db.waitlistOffer
    .findMany({ where: { reservationId: { equals: reservationId } } })
    .sort((a, b) => b.offeredMs - a.offeredMs || b.id - a.id);
}

/** Whether the reservation is still one an offer can move: active and outside its 24 hours. */
function waitable(row: ReservationRow | undefined, nowMs: number): row is ReservationRow {
  return row !== undefined && canModify(row, nowMs);
}

/** An offer's status as the patient sees it now (expired and withdrawn follow from the clock). */
function offerStatus(state: DevState, offer: OfferRow): WaitlistOffer['status'] {
  if (offer.status !== 'open') return offer.status as WaitlistOffer['status'];
  const now = state.clock.nowMs();
  if (now >= offer.expiresMs) return 'expired';
  const row = reservationById(state, offer.reservationId);
  if (!waitable(row, now) || offer.startMs >= row.startMs || !entryOf(state, row.id))
    return 'withdrawn';
  const parts = readSlotKey(offer.slotKey);
  return parts && checkSlot(state, parts, row.id).ok ? 'open' : 'taken';
}

function toOffer(state: DevState, offer: OfferRow): WaitlistOffer {
  const { employeeById } = branchesAndEmployees(state);
  const parts = readSlotKey(offer.slotKey);
  return {
    id: offer.id,
    reservationId: offer.reservationId,
    status: offerStatus(state, offer),
    startTime: parts?.startTime ?? toHelsinkiIso(offer.startMs),
    endTime: parts?.endTime ?? toHelsinkiIso(offer.startMs),
    branch: reservationBranch(state, offer.branchId),
    employee: { id: offer.employeeId, name: employeeById.get(offer.employeeId)?.name ?? '' },
    offeredAt: toHelsinkiIso(offer.offeredMs),
    expiresAt: toHelsinkiIso(offer.expiresMs),
  };
}

function toEntry(state: DevState, entry: EntryRow, reasonId: number): WaitlistEntry {
  return {
    reservationId: entry.reservationId,
    reasonId,
    scope: entry.scope as Schemas['WaitlistScope'],
    sameEmployee: entry.sameEmployee,
    earliestDate: entry.earliestDate,
    createdAt: entry.createdAt,
    offers: offersOf(state, entry.reservationId)
      .slice(0, MAX_LISTED_OFFERS)
      .map((offer) => toOffer(state, offer)),
  };
}

/** The caller's entries whose reservation can still be moved online, by the reservation's start. */
export function listWaitlist(state: DevState, caller: Caller): WaitlistEntry[] {
  const now = state.clock.nowMs();
  return reservationsOfUser(state, caller.id)
    .filter((row) => seenBy(caller, row) && waitable(row, now))
    .sort((a, b) => a.startMs - b.startMs || a.id - b.id)
    .flatMap((row) => {
      const entry = entryOf(state, row.id);
      return entry ? [toEntry(state, entry, row.reasonId)] : [];
    });
}

/** Puts a reservation on the waitlist or changes its wish (contract: setWaitlistEntry). */
export function setWaitlistEntry(
  state: DevState,
  caller: Caller,
  reservationId: number,
  input: Schemas['WaitlistRequest'],
  context: RequestContext,
): Result<WaitlistEntry> {
  const own = ownReservation(state, caller, reservationId);
  if (!own.ok) return own;
  const row = own.value;
  const now = state.clock.nowMs();
  const modifiable = checkModifiable(state, row, now);
  if (!modifiable.ok) return modifiable;
  if (input.earliestDate < helsinkiDate(now))
    return invalid({ field: 'earliestDate', message: 'waitlist.earliestPast' });
  if (input.earliestDate >= row.date)
    return invalid({
      field: 'earliestDate',
      message: 'waitlist.earliestNotBefore',
      params: { date: displayDate(row.date) },
    });
  const data = {
    userId: caller.id,
    scope: input.scope,
    sameEmployee: input.sameEmployee,
    earliestDate: input.earliestDate,
    language: context.language,
    origin: context.origin,
  };
  const entry =
    (entryOf(state, row.id) &&
      state.db.waitlistEntry.update({ where: { reservationId: { equals: row.id } }, data })) ??
    state.db.waitlistEntry.create({
      reservationId: row.id,
      ...data,
      createdAt: toHelsinkiIso(now),
    });
  return ok(toEntry(state, entry, row.reasonId));
}

/** Takes a reservation off the waitlist (contract: leaveWaitlist); idempotent. */
export function leaveWaitlist(
  state: DevState,
  caller: Caller,
  reservationId: number,
): Result<null> {
  const own = ownReservation(state, caller, reservationId);
  if (!own.ok) return own;
  endWaitlistEntry(state, reservationId);
  return ok(null);
}

/** Ends a reservation's wish: it was fulfilled, left, or the reservation was cancelled. */
export function endWaitlistEntry(state: DevState, reservationId: number): void {
  state.db.waitlistEntry.delete({ where: { reservationId: { equals: reservationId } } });
}

/** Whether a freed practitioner's time suits an entry (apart from the slot itself). */
function suits(
  state: DevState,
  entry: EntryRow,
  row: ReservationRow,
  freed: FreedTime & { employeeId: number },
): boolean {
  if (entry.sameEmployee && row.employeeId !== freed.employeeId) return false;
  if (entry.scope === 'branch') return row.branchId === freed.branchId;
  const { branchById } = branchesAndEmployees(state);
  return branchById.get(row.branchId)?.city === branchById.get(freed.branchId)?.city;
}

/**
 * Offers a freed time to every waiting patient it suits: the earliest free slot of their reason
 * inside it, earlier than their reservation and not before their earliest date. Each offer is
 * stored and sent (waitlist-offer) in the language of the patient's wish. Returns the offers made.
 */
export function offerFreedTime(state: DevState, freed: FreedTime): number[] {
  const { employeeId } = freed;
  if (employeeId === null) return [];
  const now = state.clock.nowMs();
  const date = helsinkiDate(freed.startMs);
  const made: number[] = [];
  const entries = state.db.waitlistEntry
    .getAll()
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.reservationId - b.reservationId);
  for (const entry of entries) {
    const row = reservationById(state, entry.reservationId);
    if (!waitable(row, now) || freed.startMs >= row.startMs || date < entry.earliestDate) continue;
    if (!suits(state, entry, row, { ...freed, employeeId })) continue;
    const day = daySlots(state, {
      branchIds: [freed.branchId],
      reasonId: row.reasonId,
      employeeId,
      customerType: row.customerType as Schemas['CustomerTypeId'],
      date,
    });
    if (!day.ok) continue;
    const slot = day.value.slots.find((candidate) => {
      const start = Date.parse(candidate.startTime);
      return (
        start < freed.endMs && Date.parse(candidate.endTime) > freed.startMs && start < row.startMs
      );
    });
    if (!slot) continue;
    const offered = offersOf(state, row.id).some(
      (offer) => offer.slotKey === slot.key && offerStatus(state, offer) === 'open',
    );
    if (offered) continue;
    const expiresMs = Math.min(
      now + OFFER_OPEN_MS,
      modifiableUntilMs(row),
      Date.parse(slot.startTime),
    );
    const offer = state.db.waitlistOffer.create({
      id: nextId(state, 'waitlistOffer'),
      reservationId: row.id,
      userId: row.userId,
      slotKey: slot.key,
      branchId: slot.branchId,
      employeeId,
      startMs: Date.parse(slot.startTime),
      offeredMs: now,
      expiresMs,
      status: 'open',
    });
    made.push(offer.id);
    const language = entry.language as Language;
    const reservation = toReservation(state, row, language);
    notifyWaitlistOffer(state, {
      userId: row.userId,
      reservation,
      startTime: slot.startTime,
      branch: toOffer(state, offer).branch,
      expiresAt: toHelsinkiIso(expiresMs),
      language,
      origin: entry.origin,
    });
  }
  return made;
}

/** What accepting an offer did: the moved reservation and the time it left free. */
export interface Accepted {
  reservation: Schemas['Reservation'];
  freed: FreedTime;
}

/**
 * Accepts an offer: moves its reservation into the offered time through the ordinary move (so
 * every rule of a move holds), in one synchronous turn. A time gone to someone else answers
 * `slot-taken` (with the waitlist's message) and the offer is marked so; the other open offers of the same time are marked
 * taken once one is accepted.
 */
export function acceptWaitlistOffer(
  state: DevState,
  caller: Caller,
  offerId: number,
  language: Language,
): Result<Accepted> {
  const offer = state.db.waitlistOffer.findFirst({ where: { id: { equals: offerId } } });
  const row = offer && reservationById(state, offer.reservationId);
  if (!offer || offer.userId !== caller.id || (row && !seenBy(caller, row)))
    return fail('not-found');
  const status = offerStatus(state, offer);
  const now = state.clock.nowMs();
  if (row && effectiveStatus(row, now) !== 'cancelled' && !canModify(row, now))
    return insideWindow(state, row);
  if (status === 'taken') return markTaken(state, offer);
  if (status !== 'open' || !row)
    return fail('slot-unavailable', { message: 'waitlist.offerExpired' });
  const freed = freedTimeOf(row);
  const moved = moveReservation(state, caller, row.id, { slotKey: offer.slotKey }, language);
  if (!moved.ok) {
    const { code } = moved.error;
    return code === 'slot-taken' || code === 'slot-unavailable' ? markTaken(state, offer) : moved;
  }
  state.db.waitlistOffer.update({
    where: { id: { equals: offer.id } },
    data: { status: 'accepted' },
  });
  state.db.waitlistOffer.updateMany({
    where: {
      id: { notEquals: offer.id },
      slotKey: { equals: offer.slotKey },
      status: { equals: 'open' },
    },
    data: { status: 'taken' },
  });
  endWaitlistEntry(state, row.id);
  return ok({ reservation: moved.value, freed });
}

function markTaken(state: DevState, offer: OfferRow): Result<never> {
  state.db.waitlistOffer.update({ where: { id: { equals: offer.id } }, data: { status: 'taken' } });
  return fail('slot-taken', { message: 'waitlist.offerTaken' });
}

/** A deleted account's wishes and offers go with it. */
export function deleteWaitlistOf(state: DevState, userId: number): void {
  state.db.waitlistEntry.deleteMany({ where: { userId: { equals: userId } } });
  state.db.waitlistOffer.deleteMany({ where: { userId: { equals: userId } } });
}
