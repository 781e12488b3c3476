import type { Schemas } from '@portal/sdk';
import type { DevUserKey, Harness } from '../../../test/harness.ts';

/** Shared helpers of the booking tests (not a test file itself). */

export type Slot = Schemas['Slot'];

export const HELSINKI_BRANCHES = [1, 2, 3, 4];

export function customer(
  overrides: Partial<Schemas['ReservationCustomerInput']> = {},
): Schemas['ReservationCustomerInput'] {
  return {
    firstName: 'Maija',
    lastName: 'Meikäläinen',
    email: 'maija.meikalainen@example.fi',
    phone: '+358 40 123 4567',
    ssn: '150385-914H',
    street: 'Esimerkkitie 12 B 7',
    postalCode: '00510',
    city: 'Helsinki',
    ...overrides,
  };
}

export interface SlotQuery {
  branchIds?: number[];
  reasonId?: number;
  customerType?: Schemas['CustomerTypeId'];
  employeeId?: number;
  date: string;
}

export async function daySlots(h: Harness, query: SlotQuery): Promise<Schemas['DaySlots']> {
  const response = await h.call('getDaySlots', {
    query: {
      branchIds: query.branchIds ?? HELSINKI_BRANCHES,
      reasonId: query.reasonId ?? 1,
      customerType: query.customerType ?? 'private',
      employeeId: query.employeeId,
      date: query.date,
    },
  });
  if (response.status !== 200) throw new Error(`getDaySlots ${response.status}`);
  return response.json as Schemas['DaySlots'];
}

/** The free slots of the first date on or after `date` that has any. */
export async function slotsFrom(h: Harness, query: SlotQuery): Promise<Slot[]> {
  const day = await daySlots(h, query);
  if (day.slots.length > 0) return day.slots;
  if (!day.nextDateWithSlots) throw new Error(`no slots from ${query.date}`);
  return (await daySlots(h, { ...query, date: day.nextDateWithSlots })).slots;
}

export async function firstSlot(h: Harness, query: SlotQuery): Promise<Slot> {
  const slot = (await slotsFrom(h, query))[0];
  if (!slot) throw new Error('no slot');
  return slot;
}

/**
 * Of a day's free times, in order, those one patient can book together: each starts as the one
 * before ends or later (a patient cannot sit in two chairs at once: 409 overlapping-reservation).
 */
export function apart<S extends Pick<Slot, 'startTime' | 'endTime'>>(slots: readonly S[]): S[] {
  const chosen: S[] = [];
  for (const slot of slots) {
    const last = chosen.at(-1);
    if (last === undefined || Date.parse(slot.startTime) >= Date.parse(last.endTime))
      chosen.push(slot);
  }
  return chosen;
}

export function bookingBody(
  slot: Pick<Slot, 'key'>,
  overrides: Partial<Schemas['ReservationCreateRequest']> = {},
): Schemas['ReservationCreateRequest'] {
  return { slotKey: slot.key, customerType: 'private', customer: customer(), ...overrides };
}

/**
 * Books a slot and returns the reservation, failing the test on any other answer. The seeded
 * patients already have reservations, so the duplicate rule is waived (`allowDuplicate`) unless
 * a test asks for it: only the duplicate tests are about that rule.
 */
export async function book(
  h: Harness,
  slot: Pick<Slot, 'key'>,
  as: DevUserKey = 'patient',
  overrides: Partial<Schemas['ReservationCreateRequest']> = {},
): Promise<Schemas['Reservation']> {
  const response = await h.call('createReservation', {
    as,
    body: bookingBody(slot, { allowDuplicate: true, ...overrides }),
  });
  if (response.status !== 201)
    throw new Error(`createReservation ${response.status} ${JSON.stringify(response.json)}`);
  return response.json as Schemas['Reservation'];
}

/**
 * A booking as the survey patient (whose one reservation the duplicate and overlap tests book
 * around), answered whatever it is, in the given language.
 */
export async function attemptBooking(
  h: Harness,
  slot: Pick<Slot, 'key'>,
  overrides: Partial<Schemas['ReservationCreateRequest']> = {},
  language = 'en',
) {
  return h.call('createReservation', {
    as: 'survey',
    headers: { 'accept-language': language },
    body: bookingBody(slot, overrides),
  });
}

/** A reservation as its owner reads it (`getReservation`). */
export async function reservation(h: Harness, id: number, as: 'patient' | 'survey' = 'patient') {
  return (await h.call('getReservation', { as, path: { id } })).json;
}

/** A slot key from its parts, times as given. */
export function keyOf(parts: {
  branchId: number;
  resourceId: number;
  reasonId: number;
  startTime: string;
  endTime: string;
}): string {
  return [parts.branchId, parts.resourceId, parts.reasonId, parts.startTime, parts.endTime].join(
    '=',
  );
}
