import type { Language, Schemas } from '@portal/sdk';
import { helsinkiDate, toHelsinkiIso } from '../clock.ts';
import type { FieldProblem } from '../result.ts';
import { fail, invalid, ok, type Result } from '../result.ts';
import { isValidSsn } from '../ssn.ts';
import { nextId, type DevState } from '../state.ts';
import {
  ACTIVE_STATUSES,
  branchesAndEmployees,
  reservationById,
  reservationsOfUser,
  type ReservationRow,
} from './booking-cache.ts';
import { displayClock, displayDate } from './calendar.ts';
import {
  findReason,
  identifierRequired,
  pick,
  reasonAllows,
  reasonPrice,
  type CustomerTypeId,
} from './catalog.ts';
import { codeFail, discounted, findVoucher, validCampaign, validVoucher } from './codes.ts';
import { holdFor, useHold } from './holds.ts';
import { canModify, checkModifiable, insideWindow, modifiableUntilMs } from './modifiable.ts';
import { checkSlot, readSlotKey, type SlotRef } from './slot-check.ts';
import {
  effectiveStatus,
  groupOf,
  type ReservationGroup,
  type ReservationStatus,
} from './status.ts';

/**
 * The signed-in patient's reservations: booking, the three groups of "My reservations",
 * confirm, move, cancel and the visit history. A reservation belongs to its creator; anyone
 * else gets 404, as if it did not exist.
 */

/**
 * For whom a call is made: the signed-in patient, or the person they act for (`X-Acting-For`).
 * A guardian acting for a child sees nothing of a visit the child has hidden from guardians.
 */
export interface Caller {
  id: number;
  guardianView?: boolean;
}

/** Whether the caller sees a stored reservation: their own, and not hidden from them. */
export function seenBy(caller: Caller, row: ReservationRow): boolean {
  return row.userId === caller.id && !(caller.guardianView === true && row.hiddenFromGuardians);
}

/** The caller's stored reservations that the caller sees (see `seenBy`). */
function reservationsSeenBy(state: DevState, caller: Caller): ReservationRow[] {
  const rows = reservationsOfUser(state, caller.id);
  return caller.guardianView === true ? rows.filter((row) => !row.hiddenFromGuardians) : rows;
}

/** A branch as a reservation (or an offered time) names it, by id from the directory. */
export function reservationBranch(state: DevState, id: number): Schemas['ReservationBranch'] {
  const branch = branchesAndEmployees(state).branchById.get(id);
  return {
    id,
    name: branch?.name ?? '',
    street: branch?.street ?? '',
    postalCode: branch?.postalCode ?? '00000',
    city: branch?.city ?? '',
    phone: branch?.phone ?? '',
  };
}

export function toReservation(
  state: DevState,
  row: ReservationRow,
  language: Language,
): Schemas['Reservation'] {
  const now = state.clock.nowMs();
  const { employeeById } = branchesAndEmployees(state);
  const employee = row.employeeId === null ? undefined : employeeById.get(row.employeeId);
  const reason = findReason(row.reasonId);
  return {
    id: row.id,
    status: effectiveStatus(row, now),
    group: groupOf(row, now),
    branch: reservationBranch(state, row.branchId),
    reason: { id: row.reasonId, name: reason ? pick(reason.name, language) : '' },
    employee: employee ? { id: employee.id, name: employee.name } : null,
    startTime: row.startTime,
    endTime: row.endTime,
    price: row.price,
    customerType: row.customerType as CustomerTypeId,
    voucherIdentifier: row.voucherIdentifier,
    campaignCode: row.campaignCode,
    descriptionForStaff: row.descriptionForStaff,
    customer: {
      firstName: row.customer.firstName ?? '',
      lastName: row.customer.lastName ?? '',
      email: row.customer.email ?? '',
      phone: row.customer.phone ?? '',
      ssn: row.customer.ssn ?? null,
      street: row.customer.street ?? '',
      postalCode: row.customer.postalCode ?? '',
      city: row.customer.city ?? '',
    },
    modifiableUntil: toHelsinkiIso(modifiableUntilMs(row)),
    canModify: canModify(row, now),
    createdAt: row.createdAt,
    hiddenFromGuardians: row.hiddenFromGuardians,
    ...(row.familyBookingId === null ? {} : { familyBookingId: row.familyBookingId }),
  };
}

/** The caller's reservation, or `not-found` (someone else's is as if it did not exist). */
export function ownReservation(
  state: DevState,
  caller: Caller,
  id: number,
): Result<ReservationRow> {
  const row = reservationById(state, id);
  return row && seenBy(caller, row) ? ok(row) : fail('not-found');
}

function update(
  state: DevState,
  row: ReservationRow,
  data: Partial<Omit<ReservationRow, 'id' | 'customer'>>,
): ReservationRow {
  const updated = state.db.reservation.update({
    where: { id: { equals: row.id } },
    data: { ...data, updatedAt: toHelsinkiIso(state.clock.nowMs()) },
  });
  if (!updated) throw new Error(`reservation ${row.id} vanished`);
  return updated;
}

const slotMalformed: FieldProblem = { field: 'slotKey', message: 'booking.slotMalformed' };

function customerProblems(customer: Schemas['ReservationCustomerInput']): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of ['firstName', 'lastName', 'street', 'city'] as const) {
    if (customer[field].trim() === '')
      problems.push({ field: `customer.${field}`, message: 'validation.required' });
  }
  if (customer.ssn && !isValidSsn(customer.ssn))
    problems.push({ field: 'customer.ssn', message: 'validation.ssn' });
  return problems;
}

export type ReservationInput = Schemas['ReservationCreateRequest'];

/**
 * A booking's price for the customer type, less a campaign code's discount when one is given:
 * the code in its canonical form, or 400 `invalid-campaign-code` on the `campaignCode` field.
 */
export function pricedWithCode(
  state: DevState,
  reason: NonNullable<ReturnType<typeof findReason>>,
  customerType: CustomerTypeId,
  code: string | null | undefined,
): Result<{ price: number; campaignCode: string | null }> {
  const price = reasonPrice(reason, customerType);
  if (!code) return ok({ price, campaignCode: null });
  const campaign = validCampaign(state, code, reason.id, 'campaignCode');
  if (!campaign.ok) return campaign;
  return ok({
    price: discounted(price, campaign.value.discountPercent),
    campaignCode: campaign.value.code,
  });
}

/** How near in time a reservation of the same reason makes a new booking a likely duplicate. */
export const DUPLICATE_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * The caller's reservation that a booking of `reasonId` at `startMs` would duplicate: one of the
 * same reason that has not started (future or tentative) and starts less than 14 days before or
 * after, the nearest in time (the earlier on a tie); undefined when there is none.
 */
export function duplicateOf(
  state: DevState,
  caller: Caller,
  reasonId: number,
  startMs: number,
): ReservationRow | undefined {
  const now = state.clock.nowMs();
  let nearest: ReservationRow | undefined;
  for (const row of reservationsSeenBy(state, caller)) {
    if (row.reasonId !== reasonId || groupOf(row, now) === 'past') continue;
    const distance = Math.abs(row.startMs - startMs);
    if (distance >= DUPLICATE_WINDOW_MS) continue;
    const best = nearest ? Math.abs(nearest.startMs - startMs) : Infinity;
    if (distance < best || (distance === best && nearest && row.startMs < nearest.startMs))
      nearest = row;
  }
  return nearest;
}

/**
 * The caller's reservation whose time overlaps `startMs`–`endMs`: tentative or confirmed, of any
 * service, the earliest; `ignoreId` is the one being moved. A patient cannot sit in two chairs
 * at once, whoever the practitioners are (issue 54).
 */
export function overlapOf(
  state: DevState,
  userId: number,
  startMs: number,
  endMs: number,
  ignoreId?: number,
): ReservationRow | undefined {
  let earliest: ReservationRow | undefined;
  for (const row of reservationsOfUser(state, userId)) {
    if (row.id === ignoreId || !ACTIVE_STATUSES.has(row.status)) continue;
    if (row.startMs >= endMs || row.endMs <= startMs) continue;
    if (!earliest || row.startMs < earliest.startMs) earliest = row;
  }
  return earliest;
}

/**
 * A time the person already has a reservation at: `overlapping-reservation` naming it, unless
 * it is a visit hidden from the guardian who acts for them; then the time is simply not
 * available (a hidden visit is never revealed, not even by an error).
 */
export function overlapFail(
  state: DevState,
  caller: Caller,
  overlap: ReservationRow,
  language: Language,
): Result<never> {
  return seenBy(caller, overlap)
    ? existingReservationFail('overlapping-reservation', state, overlap, language)
    : fail('slot-unavailable');
}

/**
 * A 409 about the caller's own reservation, which it names (its service, day and time) and
 * carries: `overlapping-reservation`, a time they already have a reservation at, or
 * `duplicate-reservation`, which asks them to keep both or move that one here instead.
 */
function existingReservationFail<T>(
  code: 'overlapping-reservation' | 'duplicate-reservation',
  state: DevState,
  existing: ReservationRow,
  language: Language,
): Result<T> {
  const reservation = toReservation(state, existing, language);
  return fail(code, {
    params: {
      reason: reservation.reason.name,
      date: displayDate(reservation.startTime.slice(0, 10)),
      time: displayClock(reservation.startTime),
    },
    details: { ExistingReservation: reservation },
  });
}

/**
 * Books a slot for the caller. Everything from reading the key to storing the reservation runs
 * synchronously, so two requests for one slot cannot both pass the check: the second one sees
 * the first one's row and answers 409 `slot-taken`. The caller's live hold of the slot
 * (`holdId`, holds.ts) lets the booking past the hold, which it then uses up.
 */
export function createReservation(
  state: DevState,
  caller: Caller,
  input: ReservationInput,
  language: Language,
): Result<Schemas['Reservation']> {
  const parts = readSlotKey(input.slotKey);
  if (!parts) return invalid(slotMalformed);
  const reason = findReason(parts.reasonId);
  if (!reason) return fail('slot-unavailable');

  const problems = customerProblems(input.customer);
  if (!reasonAllows(reason, input.customerType))
    problems.push({ field: 'customerType', message: 'booking.reasonNotForCustomerType' });
  const description = input.descriptionForStaff?.trim() || null;
  if (reason.requiresStaffDescription && !description)
    problems.push({
      field: 'descriptionForStaff',
      message: 'reservation.staffDescriptionRequired',
    });
  const needsIdentifier = identifierRequired(input.customerType);
  if (needsIdentifier && !input.voucherIdentifier)
    problems.push({ field: 'voucherIdentifier', message: 'reservation.voucherRequired' });
  if (problems.length > 0) return invalid(...problems);

  let voucherIdentifier: string | null = null;
  if (needsIdentifier && input.voucherIdentifier) {
    const voucher = validVoucher(
      state,
      {
        customerType: input.customerType,
        identifier: input.voucherIdentifier,
        reasonId: reason.id,
        visitDate: helsinkiDate(Date.parse(parts.startTime)),
      },
      'voucherIdentifier',
    );
    if (!voucher.ok) return voucher;
    voucherIdentifier = voucher.value.identifier;
  }
  const priced = pricedWithCode(state, reason, input.customerType, input.campaignCode);
  if (!priced.ok) return priced;
  const { price, campaignCode } = priced.value;

  const hold = holdFor(state, input.holdId, input.slotKey);
  const slot = checkSlot(state, parts, undefined, hold);
  if (!slot.ok) return slot;
  // Before the duplicate rule: "keep both" is no choice at the same time.
  const overlap = overlapOf(state, caller.id, slot.value.startMs, slot.value.endMs);
  if (overlap) return overlapFail(state, caller, overlap, language);
  if (input.allowDuplicate !== true) {
    const existing = duplicateOf(state, caller, reason.id, slot.value.startMs);
    if (existing)
      return existingReservationFail('duplicate-reservation', state, existing, language);
  }
  const row = insertReservation(state, {
    userId: caller.id,
    slot: slot.value,
    price,
    customerType: input.customerType,
    voucherIdentifier,
    campaignCode,
    descriptionForStaff: description,
    customer: input.customer,
    familyBookingId: null,
  });
  useHold(state, hold);
  return ok(toReservation(state, row, language));
}

/** A new online reservation's facts, its slot checked free and its price counted. */
export interface NewReservation {
  userId: number;
  slot: SlotRef;
  price: number;
  customerType: CustomerTypeId;
  voucherIdentifier: string | null;
  campaignCode: string | null;
  descriptionForStaff: string | null;
  customer: Schemas['ReservationCustomerInput'];
  familyBookingId: string | null;
}

/** Stores a confirmed online reservation (the caller has checked its slot in this same turn). */
export function insertReservation(state: DevState, data: NewReservation): ReservationRow {
  const now = toHelsinkiIso(state.clock.nowMs());
  const { slot, customer } = data;
  return state.db.reservation.create({
    id: nextReservationId(state),
    userId: data.userId,
    status: 'confirmed',
    branchId: slot.branch.id,
    employeeId: slot.employee.id,
    reasonId: slot.reason.id,
    startTime: slot.startTime,
    endTime: slot.endTime,
    startMs: slot.startMs,
    endMs: slot.endMs,
    date: slot.date,
    price: data.price,
    chargedPrice: data.price,
    customerType: data.customerType,
    voucherIdentifier: data.voucherIdentifier,
    campaignCode: data.campaignCode,
    descriptionForStaff: data.descriptionForStaff,
    customer: {
      firstName: customer.firstName.trim(),
      lastName: customer.lastName.trim(),
      email: customer.email.trim(),
      phone: customer.phone.trim(),
      ssn: customer.ssn ?? null,
      street: customer.street.trim(),
      postalCode: customer.postalCode,
      city: customer.city.trim(),
    },
    source: 'online',
    familyBookingId: data.familyBookingId,
    createdAt: now,
    updatedAt: now,
  });
}

/** Reservation ids continue after the largest one in the store (seeded or restored). */
function nextReservationId(state: DevState): number {
  let id = nextId(state, 'reservation');
  while (reservationById(state, id)) id = nextId(state, 'reservation');
  return id;
}

export function listReservations(
  state: DevState,
  caller: Caller,
  group: ReservationGroup,
  language: Language,
): Schemas['Reservation'][] {
  const now = state.clock.nowMs();
  const rows = reservationsSeenBy(state, caller).filter((row) => groupOf(row, now) === group);
  rows.sort((a, b) =>
    group === 'past' ? b.startMs - a.startMs || b.id - a.id : a.startMs - b.startMs || a.id - b.id,
  );
  return rows.map((row) => toReservation(state, row, language));
}

export function getReservation(
  state: DevState,
  caller: Caller,
  id: number,
  language: Language,
): Result<Schemas['Reservation']> {
  const own = ownReservation(state, caller, id);
  return own.ok ? ok(toReservation(state, own.value, language)) : own;
}

/** A tentative reservation that has not started becomes confirmed. */
export function confirmReservation(
  state: DevState,
  caller: Caller,
  id: number,
  language: Language,
): Result<Schemas['Reservation']> {
  const own = ownReservation(state, caller, id);
  if (!own.ok) return own;
  const row = own.value;
  if (row.status !== 'tentative' || row.startMs <= state.clock.nowMs())
    return fail('not-confirmable');
  return ok(toReservation(state, update(state, row, { status: 'confirmed' }), language));
}

/**
 * Moves a reservation to another free slot of the same reason; the moved reservation is
 * confirmed. Checked in the contract's order: 404, not-modifiable, inside-cancel-window, the key
 * (400), then the new slot (409 slot-taken / slot-unavailable).
 */
export function moveReservation(
  state: DevState,
  caller: Caller,
  id: number,
  input: Schemas['ReservationMoveRequest'],
  language: Language,
): Result<Schemas['Reservation']> {
  const own = ownReservation(state, caller, id);
  if (!own.ok) return own;
  const row = own.value;
  const modifiable = checkModifiable(state, row, state.clock.nowMs());
  if (!modifiable.ok) return modifiable;
  const status = modifiable.value;
  const parts = readSlotKey(input.slotKey);
  if (!parts) return invalid(slotMalformed);
  if (parts.reasonId !== row.reasonId)
    return invalid({ field: 'slotKey', message: 'reservation.otherReason' });
  if (row.voucherIdentifier) {
    // A voucher covers visits up to its last day: the new time must not be later.
    const voucher = findVoucher(state, row.voucherIdentifier);
    const visitDate = helsinkiDate(Date.parse(parts.startTime));
    if (voucher && visitDate > voucher.validUntil)
      return codeFail(
        'invalid-voucher',
        'slotKey',
        'ends-before-visit',
        'booking.voucherEndsBeforeVisit',
        voucher.validUntil,
      );
  }
  const hold = holdFor(state, input.holdId, input.slotKey);
  const slot = checkSlot(state, parts, row.id, hold);
  if (!slot.ok) return slot;
  const overlap = overlapOf(state, caller.id, slot.value.startMs, slot.value.endMs, row.id);
  if (overlap) return overlapFail(state, caller, overlap, language);
  useHold(state, hold);
  // The time it already has, confirmed: a repeated move (a retry) changes nothing.
  if (
    status === 'confirmed' &&
    row.employeeId === slot.value.employee.id &&
    row.branchId === slot.value.branch.id &&
    row.startMs === slot.value.startMs &&
    row.endMs === slot.value.endMs
  )
    return ok(toReservation(state, row, language));
  const moved = update(state, row, {
    status: 'confirmed',
    branchId: slot.value.branch.id,
    employeeId: slot.value.employee.id,
    startTime: slot.value.startTime,
    endTime: slot.value.endTime,
    startMs: slot.value.startMs,
    endMs: slot.value.endMs,
    date: slot.value.date,
  });
  return ok(toReservation(state, moved, language));
}

/**
 * Cancels free of charge up to 24 hours before the start; an already cancelled reservation is
 * answered unchanged. Otherwise (inside the window, started, completed, no-show) the patient
 * must phone the branch: 409 `inside-cancel-window` with its number.
 */
export function cancelReservation(
  state: DevState,
  caller: Caller,
  id: number,
  language: Language,
): Result<Schemas['Reservation']> {
  const own = ownReservation(state, caller, id);
  if (!own.ok) return own;
  const row = own.value;
  if (row.status === 'cancelled') return ok(toReservation(state, row, language));
  if (!canModify(row, state.clock.nowMs())) return insideWindow(state, row);
  return ok(toReservation(state, update(state, row, { status: 'cancelled' }), language));
}

/** Completed visits, newest first. */
export function listVisitHistory(
  state: DevState,
  caller: Caller,
  language: Language,
): Schemas['Visit'][] {
  const now = state.clock.nowMs();
  const { branchById, employeeById } = branchesAndEmployees(state);
  return reservationsSeenBy(state, caller)
    .filter((row) => effectiveStatus(row, now) === 'completed')
    .sort((a, b) => b.startMs - a.startMs || b.id - a.id)
    .map((row) => {
      const reason = findReason(row.reasonId);
      return {
        id: row.id,
        startTime: row.startTime,
        branchName: branchById.get(row.branchId)?.name ?? '',
        reasonName: reason ? pick(reason.name, language) : '',
        employeeName:
          row.employeeId === null ? null : (employeeById.get(row.employeeId)?.name ?? null),
        price: row.chargedPrice,
      };
    });
}

export interface StoredReservationInput {
  id?: number;
  userId: number;
  status: ReservationStatus;
  branchId: number;
  employeeId: number | null;
  reasonId: number;
  /** The start instant; the end follows from the reason's duration. */
  start: Date | number;
  customerType?: CustomerTypeId;
  price?: number;
  chargedPrice?: number | null;
  voucherIdentifier?: string | null;
  campaignCode?: string | null;
  descriptionForStaff?: string | null;
  source?: 'online' | 'phone' | 'clinic';
  createdAt?: Date | number;
}

/**
 * Stores a reservation as the clinic's own systems would (booked by phone, at the clinic, or a
 * proposal waiting for confirmation), without the online booking's slot checks. The seed and
 * tests use it; the patient's details come from the user.
 */
export function storeReservation(state: DevState, input: StoredReservationInput): ReservationRow {
  const reason = findReason(input.reasonId);
  if (!reason) throw new Error(`no reason ${input.reasonId}`);
  const user = state.db.user.findFirst({ where: { id: { equals: input.userId } } });
  if (!user) throw new Error(`no user ${input.userId}`);
  const startMs = typeof input.start === 'number' ? input.start : input.start.getTime();
  const endMs = startMs + reason.durationMinutes * 60_000;
  const customerType = input.customerType ?? 'private';
  const price = input.price ?? reasonPrice(reason, customerType);
  const createdAt = toHelsinkiIso(input.createdAt ?? state.clock.nowMs());
  return state.db.reservation.create({
    id: input.id ?? nextReservationId(state),
    userId: user.id,
    status: input.status,
    branchId: input.branchId,
    employeeId: input.employeeId,
    reasonId: reason.id,
    startTime: toHelsinkiIso(startMs),
    endTime: toHelsinkiIso(endMs),
    startMs,
    endMs,
    date: helsinkiDate(startMs),
    price,
    chargedPrice: input.chargedPrice === undefined ? price : input.chargedPrice,
    customerType,
    voucherIdentifier: input.voucherIdentifier ?? null,
    campaignCode: input.campaignCode ?? null,
    descriptionForStaff: input.descriptionForStaff ?? null,
    customer: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email ?? `user${user.id}@example.fi`,
      phone: user.phone ?? '+358401000000',
      ssn: user.ssn,
      street: user.street,
      postalCode: user.postalCode,
      city: user.city,
    },
    source: input.source ?? 'phone',
    createdAt,
    updatedAt: createdAt,
  });
}

/** A deleted account's reservations go with it: its future times become free again. */
export function deleteReservationsOf(state: DevState, userId: number): void {
  state.db.reservation.deleteMany({ where: { userId: { equals: userId } } });
}

/**
 * Hides a visit from the patient's guardians, or shows it again. Hidden, its messages (the
 * reminder among them) go to the patient's own e-mail and phone, never to the guardian's that a
 * guardian's booking may have given.
 */
export function setHiddenFromGuardians(
  state: DevState,
  row: ReservationRow,
  hidden: boolean,
  own: { email: string; phone: string },
): ReservationRow {
  if (row.hiddenFromGuardians === hidden) return row;
  const customer = hidden ? { ...row.customer, email: own.email, phone: own.phone } : row.customer;
  const updated = state.db.reservation.update({
    where: { id: { equals: row.id } },
    data: {
      hiddenFromGuardians: hidden,
      customer,
      updatedAt: toHelsinkiIso(state.clock.nowMs()),
    },
  });
  if (!updated) throw new Error(`reservation ${row.id} vanished`);
  return updated;
}
