import type { Schemas } from '@portal/sdk';
import { toHelsinkiIso } from '../clock.ts';
import { sha256Hex } from '../hash.ts';
import { randomToken } from '../random.ts';
import { fail, invalid, ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import { branchFreeTimes } from './free-slots.ts';
import { indexHeld, type HeldTime } from './held-times.ts';
import type { SlotKeyParts } from '@portal/sdk';
import { checkSlot, readSlotKey, type SlotRef } from './slot-check.ts';
import { addDays, bookingWindow } from './calendar.ts';

/**
 * Held slots (decision 023): choosing a time holds it for the patient for 10 minutes of the dev
 * clock while they fill in the details and log in. A live hold hides the practitioner's time
 * from everyone else (free-slots.ts leaves it out, `checkSlot` answers `slot-taken`); the
 * holder books it with the hold's key. A hold ends when it expires, is released or is booked.
 * Everything runs synchronously, so of concurrent holds of one slot exactly one is made.
 *
 * Holds cannot be hoarded (decision 030): a holder (the signed-in user, else the browser's
 * `holderKey`) has one live hold, a new one replacing it; a client address has at most
 * HOLDS_PER_CLIENT; and the live holds at a clinic together hide at most CLINIC_HOLD_SHARE of
 * the free times of its coming week. A hold refused by a limit leaves the time bookable.
 *
 * A family hold (issue 55) holds two to four times of one service at one clinic together
 * (`familySlotKeys`): its other times are rows of their own naming it (`groupId`), made, ended,
 * released and used up with it; it is one hold of its holder and client, and each of its times
 * counts in the clinic's budget.
 */

export const HOLD_MS = 10 * 60_000;
/** Live holds one client address may have at once (a family books a few times in a row). */
export const HOLDS_PER_CLIENT = 3;
/** The share of a clinic's free times of its coming week that live holds may hide together. */
export const CLINIC_HOLD_SHARE = 0.04;
/** The days of the free times a clinic's hold budget is measured in, from today. */
export const HOLD_BUDGET_DAYS = 7;

type HoldRow = ReturnType<DevState['db']['slotHold']['getAll']>[number];

/** A hold's key: 24 random bytes, base64url (32 characters). */
const HOLD_ID = /^[A-Za-z0-9_-]{22,64}$/;

/** A family hold's other times, in the order asked (their ids end `~1`, `~2`, `~3`). */
function groupRows(state: DevState, id: string): HoldRow[] {
  return state.db.slotHold
    .findMany({ where: { groupId: { equals: id } } })
    .sort((a, b) => a.id.localeCompare(b.id));
}

function toSlotHold(state: DevState, row: HoldRow): Schemas['SlotHold'] {
  const family = groupRows(state, row.id).map((member) => member.slotKey);
  return {
    id: row.id,
    slotKey: row.slotKey,
    startTime: row.startTime,
    endTime: row.endTime,
    expiresAt: toHelsinkiIso(row.expiresMs),
    secondsLeft: Math.ceil((row.expiresMs - state.clock.nowMs()) / 1000),
    ...(family.length > 0 ? { familySlotKeys: family } : {}),
  };
}

/** Ends a hold with its family times. */
function deleteHold(state: DevState, id: string): void {
  state.db.slotHold.delete({ where: { id: { equals: id } } });
  state.db.slotHold.deleteMany({ where: { groupId: { equals: id } } });
}

/** Drops the holds the clock has ended (they already count for nothing; this keeps the table small). */
function dropExpired(state: DevState): void {
  const now = state.clock.nowMs();
  state.db.slotHold.deleteMany({ where: { expiresMs: { lte: now } } });
}

function liveHold(state: DevState, id: string): HoldRow | undefined {
  const row = state.db.slotHold.findFirst({ where: { id: { equals: id } } });
  return row && row.groupId === null && row.expiresMs > state.clock.nowMs() ? row : undefined;
}

const holdIdMalformed = { field: 'holdId', message: 'validation.format' } as const;

/** Who asks for a hold, as the transport knows them. */
export interface Holder {
  /** The signed-in user, if any: their one hold. */
  userId?: number;
  /** The browser's own random key (`SlotHoldRequest.holderKey`) when signed out. */
  holderKey?: string;
  /** The client's address as the transport sees it (HTTP), null in the browser's mock mode. */
  client?: string | null;
}

/** Stored forms of a holder and an address: hashes, so that the state file keeps neither. */
function holderOf(holder: Holder): string | null {
  if (holder.userId !== undefined) return `user:${holder.userId}`;
  return holder.holderKey === undefined ? null : `key:${sha256Hex(holder.holderKey)}`;
}

function clientOf(holder: Holder): string | null {
  return holder.client ? sha256Hex(`client:${holder.client}`) : null;
}

function liveHolds(state: DevState): HoldRow[] {
  const now = state.clock.nowMs();
  return state.db.slotHold.getAll().filter((row) => row.expiresMs > now);
}

/**
 * Whether the clinic's live holds, with `candidate` and without `replaced`, stay within its
 * budget: the free times they hide (all reasons, on their own days) at most CLINIC_HOLD_SHARE of
 * the clinic's free times of the coming HOLD_BUDGET_DAYS days, none hidden.
 */
function withinClinicBudget(
  state: DevState,
  live: readonly HoldRow[],
  candidates: readonly SlotRef[],
  replaced: string | undefined,
): boolean {
  const branchId = candidates[0]?.branch.id;
  if (branchId === undefined) return true;
  const held: HeldTime[] = live.filter(
    (row) => row.branchId === branchId && row.id !== replaced && row.groupId !== replaced,
  );
  for (const candidate of candidates)
    held.push({
      employeeId: candidate.employee.id,
      date: candidate.date,
      startMs: candidate.startMs,
      endMs: candidate.endMs,
    });
  const index = indexHeld(held);
  let hidden = 0;
  for (const date of new Set(held.map((row) => row.date)))
    hidden +=
      branchFreeTimes(state, branchId, date) - branchFreeTimes(state, branchId, date, index);
  const { today } = bookingWindow(state.clock.nowMs());
  let week = 0;
  for (let day = 0; day < HOLD_BUDGET_DAYS; day++)
    week += branchFreeTimes(state, branchId, addDays(today, day));
  return hidden <= CLINIC_HOLD_SHARE * week;
}

/**
 * The slots of a family hold or booking read together: each key's parts, or a field error on
 * `field(i)` when a key is malformed, repeats, or names another service or clinic than the
 * first. `field(0)` is the first key's.
 */
export function readFamilyKeys(
  keys: readonly string[],
  field: (index: number) => string,
): Result<SlotKeyParts[]> {
  const all: SlotKeyParts[] = [];
  for (const [index, key] of keys.entries()) {
    const parts = readSlotKey(key);
    if (!parts) return invalid({ field: field(index), message: 'booking.slotMalformed' });
    const first = all[0];
    if (keys.indexOf(key) !== index)
      return invalid({ field: field(index), message: 'booking.familyTimeTwice' });
    if (first && (parts.reasonId !== first.reasonId || parts.branchId !== first.branchId))
      return invalid({ field: field(index), message: 'booking.familyOneServiceOneClinic' });
    all.push(parts);
  }
  return ok(all);
}

/**
 * A field error when two of a family's checked times overlap with one practitioner (one chair
 * cannot take two members at once), on the later one's `field(i)`.
 */
export function familyOverlap(
  slots: readonly SlotRef[],
  field: (index: number) => string,
): Result<void> {
  for (const [index, slot] of slots.entries()) {
    const clash = slots
      .slice(0, index)
      .some(
        (other) =>
          other.employee.id === slot.employee.id &&
          other.startMs < slot.endMs &&
          slot.startMs < other.endMs,
      );
    if (clash) return invalid({ field: field(index), message: 'booking.familyTimesOverlap' });
  }
  return ok(undefined);
}

const familyHoldField = (index: number) =>
  index === 0 ? 'slotKey' : `familySlotKeys[${index - 1}]`;

/**
 * Holds a free slot for 10 minutes: 400 when the key is malformed, 409 `slot-unavailable` or
 * `slot-taken` (booked, or held by someone else) as a booking of it would answer. The holder's
 * previous live hold is released when this one is made. 429 `too-many-requests` when the client
 * has HOLDS_PER_CLIENT live holds (Retry-After: until the first of them ends), 409 `holds-full`
 * when the clinic's holds would hide more than its budget; the time stays bookable unheld. With
 * `familySlotKeys`, every time is checked so and held together, or none is.
 */
export function createHold(
  state: DevState,
  input: Schemas['SlotHoldRequest'],
  who: Holder = {},
): Result<Schemas['SlotHold']> {
  const keys = [input.slotKey, ...(input.familySlotKeys ?? [])];
  const read = readFamilyKeys(keys, familyHoldField);
  if (!read.ok) return read;
  dropExpired(state);
  const holder = holderOf(who);
  const client = clientOf(who);
  const live = liveHolds(state);
  const previous =
    holder === null ? undefined : live.find((row) => row.holder === holder && row.groupId === null);
  const slots: SlotRef[] = [];
  for (const parts of read.value) {
    const slot = checkSlot(state, parts, undefined, previous?.id);
    if (!slot.ok) return slot;
    slots.push(slot.value);
  }
  const [first, ...others] = slots;
  if (first === undefined) return invalid({ field: 'slotKey', message: 'booking.slotMalformed' });
  const apart = familyOverlap(slots, familyHoldField);
  if (!apart.ok) return apart;
  if (client !== null) {
    const clientHolds = live.filter(
      (row) => row.client === client && row.groupId === null && row.id !== previous?.id,
    );
    if (clientHolds.length >= HOLDS_PER_CLIENT) {
      const firstEnd = Math.min(...clientHolds.map((row) => row.expiresMs));
      const seconds = Math.max(1, Math.ceil((firstEnd - state.clock.nowMs()) / 1000));
      return fail('too-many-requests', {
        message: 'booking.tooManyHolds',
        headers: { 'Retry-After': String(seconds) },
      });
    }
  }
  if (!withinClinicBudget(state, live, slots, previous?.id)) return fail('holds-full');
  if (previous) deleteHold(state, previous.id);
  const id = randomToken(24);
  const expiresMs = state.clock.nowMs() + HOLD_MS;
  const row = (slot: SlotRef, slotKey: string, member: number) =>
    state.db.slotHold.create({
      id: member === 0 ? id : `${id}~${member}`,
      slotKey,
      employeeId: slot.employee.id,
      branchId: slot.branch.id,
      date: slot.date,
      startTime: slot.startTime,
      endTime: slot.endTime,
      startMs: slot.startMs,
      endMs: slot.endMs,
      expiresMs,
      holder: member === 0 ? holder : null,
      client: member === 0 ? client : null,
      groupId: member === 0 ? null : id,
    });
  const hold = row(first, input.slotKey, 0);
  others.forEach((slot, index) => row(slot, keys[index + 1] ?? '', index + 1));
  return ok(toSlotHold(state, hold));
}

/** The live hold with its time left; 404 once it has expired, been released or booked. */
export function getHold(state: DevState, id: string): Result<Schemas['SlotHold']> {
  if (!HOLD_ID.test(id)) return invalid(holdIdMalformed);
  const row = liveHold(state, id);
  return row ? ok(toSlotHold(state, row)) : fail('not-found');
}

/** Ends a hold (idempotent: an ended or unknown one is fine). */
export function releaseHold(state: DevState, id: string): Result<void> {
  if (!HOLD_ID.test(id)) return invalid(holdIdMalformed);
  deleteHold(state, id);
  return ok(undefined);
}

/**
 * The caller's hold that protects a booking of `slotKey`: its id when it is live and holds that
 * very slot, else undefined (an ended hold, or one of another slot, protects nothing).
 */
export function holdFor(
  state: DevState,
  id: string | undefined,
  slotKey: string,
): string | undefined {
  if (id === undefined) return undefined;
  const row = liveHold(state, id);
  return row && row.slotKey === slotKey ? row.id : undefined;
}

/**
 * The caller's family hold that protects a family booking of `slotKeys`: its id when it is live
 * and holds every one of them, else undefined.
 */
export function familyHoldFor(
  state: DevState,
  id: string | undefined,
  slotKeys: readonly string[],
): string | undefined {
  if (id === undefined) return undefined;
  const row = liveHold(state, id);
  if (!row) return undefined;
  const held = new Set([row.slotKey, ...groupRows(state, id).map((member) => member.slotKey)]);
  return slotKeys.every((key) => held.has(key)) ? row.id : undefined;
}

/** A booking used the hold up (with a family hold's other times). */
export function useHold(state: DevState, id: string | undefined): void {
  if (id !== undefined) deleteHold(state, id);
}
