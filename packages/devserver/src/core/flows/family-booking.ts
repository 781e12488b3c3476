import type { Schemas } from '@portal/sdk';
import { reservationById } from '../booking/booking-cache.ts';
import { findReason, reasonAllows } from '../booking/catalog.ts';
import { familyHoldFor, familyOverlap, readFamilyKeys, useHold } from '../booking/holds.ts';
import {
  insertReservation,
  overlapFail,
  overlapOf,
  pricedWithCode,
  toReservation,
} from '../booking/reservations.ts';
import { checkSlot, type SlotRef } from '../booking/slot-check.ts';
import { notifyFamilyBooking, reviseFamilyReminder } from '../notifications/notifications.ts';
import { actingPerson, recordActingFor, type Person } from '../persons/persons.ts';
import { randomToken } from '../random.ts';
import { fail, invalid, ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import type { UserRow } from '../users/sessions.ts';
import type { RequestContext } from '../waitlist/waitlist.ts';

/**
 * A family booking (issue 55, `createFamilyBooking`): one service for two to four persons the
 * user may book for, back to back with one practitioner or at the same time with several at one
 * clinic. Every rule is checked for every member before anything is stored, all in one turn of
 * the event loop, so the block is booked all or none; then one confirmation and one reminder go
 * to the booker, and each booking for another person is recorded in that person's access log.
 */

type FamilyBooking = Schemas['FamilyBooking'];
type FamilyBookingRequest = Schemas['FamilyBookingRequest'];

const memberField = (index: number) => `members[${index}].slotKey`;

/** A conflict about one member's time or visit names the member (`ProblemIndex`). */
function aboutMember<T>(result: Result<T>, index: number): Result<never> {
  if (result.ok) throw new Error('aboutMember takes a failure');
  return {
    ok: false,
    error: { ...result.error, details: { ...result.error.details, ProblemIndex: index } },
  };
}

interface Member {
  person: Person;
  slot: SlotRef;
}

/** The members' persons, each once and each one the user may book for (else 403). */
function membersPersons(
  state: DevState,
  user: UserRow,
  members: FamilyBookingRequest['members'],
): Result<Person[]> {
  const ids = members.map((member) => member.personId);
  const twice = ids.findIndex((id, index) => ids.indexOf(id) !== index);
  if (twice >= 0)
    return invalid({ field: `members[${twice}].personId`, message: 'booking.familyPersonTwice' });
  const persons: Person[] = [];
  for (const id of ids) {
    const person = actingPerson(state, user, id, 'book');
    if (!person.ok) return person;
    persons.push(person.value);
  }
  return ok(persons);
}

/** Everything checked, in the contract's order; nothing stored. */
function checkFamily(
  state: DevState,
  user: UserRow,
  input: FamilyBookingRequest,
  context: RequestContext,
): Result<{ members: Member[]; price: number; campaignCode: string | null; hold?: string }> {
  const keys = input.members.map((member) => member.slotKey);
  const read = readFamilyKeys(keys, memberField);
  if (!read.ok) return read;
  const reason = findReason(read.value[0]?.reasonId ?? 0);
  if (!reason) return aboutMember(fail('slot-unavailable'), 0);
  if (!reasonAllows(reason, 'private'))
    return invalid({ field: memberField(0), message: 'booking.reasonNotForCustomerType' });
  if (reason.requiresStaffDescription)
    return invalid({ field: memberField(0), message: 'booking.familyNeedsDescription' });
  const persons = membersPersons(state, user, input.members);
  if (!persons.ok) return persons;

  const priced = pricedWithCode(state, reason, 'private', input.campaignCode);
  if (!priced.ok) return priced;
  const { price, campaignCode } = priced.value;

  const hold = familyHoldFor(state, input.holdId, keys);
  const members: Member[] = [];
  for (const [index, person] of persons.value.entries()) {
    const parts = read.value[index];
    if (parts === undefined) break;
    const slot = checkSlot(state, parts, undefined, hold);
    if (!slot.ok) return aboutMember(slot, index);
    members.push({ person, slot: slot.value });
  }
  const apart = familyOverlap(
    members.map((member) => member.slot),
    memberField,
  );
  if (!apart.ok) return apart;
  for (const [index, { person, slot }] of members.entries()) {
    const overlap = overlapOf(state, person.id, slot.startMs, slot.endMs);
    if (overlap) return aboutMember(overlapFail(state, person, overlap, context.language), index);
  }
  return ok({ members, price, campaignCode, ...(hold === undefined ? {} : { hold }) });
}

/** Books the family's times all or none; see the module's comment. */
export function bookFamily(
  state: DevState,
  user: UserRow,
  input: FamilyBookingRequest,
  context: RequestContext,
): Result<FamilyBooking> {
  const checked = checkFamily(state, user, input, context);
  if (!checked.ok) return checked;
  const { members, price, campaignCode, hold } = checked.value;
  const id = `fb-${randomToken(15)}`;
  const users = new Map(state.db.user.getAll().map((row) => [row.id, row]));
  const rows = members.map(({ person, slot }) => {
    const who = users.get(person.id);
    return insertReservation(state, {
      userId: person.id,
      slot,
      price,
      customerType: 'private',
      voucherIdentifier: null,
      campaignCode,
      descriptionForStaff: null,
      customer: {
        firstName: who?.firstName ?? '',
        lastName: who?.lastName ?? '',
        ssn: who?.ssn ?? null,
        ...input.contact,
      },
      familyBookingId: id,
    });
  });
  useHold(state, hold);
  for (const { person } of members)
    recordActingFor(state, user, person, {
      operation: 'createFamilyBooking',
      method: 'POST',
      data: 'reservations',
    });
  const reservations = rows.map((row) => toReservation(state, row, context.language));
  notifyFamilyBooking(state, {
    userId: user.id,
    familyBookingId: id,
    reservations: [...reservations].sort((a, b) => a.startTime.localeCompare(b.startTime)),
    ...context,
  });
  return ok({ id, reservations });
}

/**
 * A reservation moved or cancelled leaves its family block: it no longer carries the block's
 * id, and the block's reminder is made again for the members still in it (sent to the booker,
 * in the language of this change).
 */
export function leaveFamilyBlock(
  state: DevState,
  reservationId: number,
  context: RequestContext,
): void {
  const row = reservationById(state, reservationId);
  const blockId = row?.familyBookingId ?? null;
  if (row === undefined || blockId === null) return;
  state.db.reservation.update({
    where: { id: { equals: reservationId } },
    data: { familyBookingId: null },
  });
  const rest = state.db.reservation
    .findMany({ where: { familyBookingId: { equals: blockId } } })
    .filter((other) => other.status === 'confirmed' || other.status === 'tentative')
    .sort((a, b) => a.startMs - b.startMs);
  const booker = state.db.notification.findFirst({
    where: { familyBookingId: { equals: blockId } },
  });
  if (!booker) return;
  reviseFamilyReminder(state, {
    userId: booker.userId,
    familyBookingId: blockId,
    reservations: rest.map((other) => toReservation(state, other, context.language)),
    ...context,
  });
}
