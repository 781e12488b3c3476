import type { Schemas } from '@portal/sdk';
import { toHelsinkiIso } from '../clock.ts';
import { randomToken } from '../random.ts';
import { fail, invalid, ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import { checkSlot, readSlotKey } from './availability.ts';

/**
 * Held slots (decision 023): choosing a time holds it for the patient for 10 minutes of the dev
 * clock while they fill in the details and log in. A live hold hides the practitioner's time
 * from everyone else (availability.ts leaves it out, `checkSlot` answers `slot-taken`); the
 * holder books it with the hold's key. A hold ends when it expires, is released or is booked.
 * Everything runs synchronously, so of concurrent holds of one slot exactly one is made.
 */

export const HOLD_MS = 10 * 60_000;

type HoldRow = ReturnType<DevState['db']['slotHold']['getAll']>[number];

/** A hold's key: 24 random bytes, base64url (32 characters). */
const HOLD_ID = /^[A-Za-z0-9_-]{22,64}$/;

function toSlotHold(state: DevState, row: HoldRow): Schemas['SlotHold'] {
  return {
    id: row.id,
    slotKey: row.slotKey,
    startTime: row.startTime,
    endTime: row.endTime,
    expiresAt: toHelsinkiIso(row.expiresMs),
    secondsLeft: Math.ceil((row.expiresMs - state.clock.nowMs()) / 1000),
  };
}

/** Drops the holds the clock has ended (they already count for nothing; this keeps the table small). */
function dropExpired(state: DevState): void {
  const now = state.clock.nowMs();
  state.db.slotHold.deleteMany({ where: { expiresMs: { lte: now } } });
}

function liveHold(state: DevState, id: string): HoldRow | undefined {
  const row = state.db.slotHold.findFirst({ where: { id: { equals: id } } });
  return row && row.expiresMs > state.clock.nowMs() ? row : undefined;
}

const holdIdMalformed = { field: 'holdId', message: 'validation.format' } as const;

/**
 * Holds a free slot for 10 minutes: 400 when the key is malformed, 409 `slot-unavailable` or
 * `slot-taken` (booked, or held by someone else) as a booking of it would answer.
 */
export function createHold(
  state: DevState,
  input: Schemas['SlotHoldRequest'],
): Result<Schemas['SlotHold']> {
  const parts = readSlotKey(input.slotKey);
  if (!parts) return invalid({ field: 'slotKey', message: 'booking.slotMalformed' });
  dropExpired(state);
  const slot = checkSlot(state, parts);
  if (!slot.ok) return slot;
  const row = state.db.slotHold.create({
    id: randomToken(24),
    slotKey: input.slotKey,
    employeeId: slot.value.employee.id,
    branchId: slot.value.branch.id,
    date: slot.value.date,
    startTime: slot.value.startTime,
    endTime: slot.value.endTime,
    startMs: slot.value.startMs,
    endMs: slot.value.endMs,
    expiresMs: state.clock.nowMs() + HOLD_MS,
  });
  return ok(toSlotHold(state, row));
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
  state.db.slotHold.delete({ where: { id: { equals: id } } });
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

/** A booking used the hold up. */
export function useHold(state: DevState, id: string | undefined): void {
  if (id !== undefined) state.db.slotHold.delete({ where: { id: { equals: id } } });
}
