/**
 * The outside probe's hold attack (issue 52 item 1, decision 030), run on the core with the dev
 * clock frozen between rounds: 30 client addresses, each at every documented limit for 10
 * minutes (60 holds a minute, the contract's rate limit; a fresh holder key for every hold, so
 * that no hold replaces another; renewing as holds end), aim at one clinic's coming week (the
 * worst case: all on Helsinki Kamppi) and then at the whole chain. Printed: the share of the free
 * times (every service counted) the holds hide at the attack's worst minute, against the target
 * of at most 5 %, and whether a patient still books a time meanwhile.
 */
import { daySlots } from '../src/core/booking/day-slots.ts';
import { branchFreeTimes } from '../src/core/booking/free-slots.ts';
import { heldIndex } from '../src/core/booking/held-times.ts';
import { addDays, bookingWindow } from '../src/core/booking/calendar.ts';
import { reasonCustomerTypes, reasons } from '../src/core/booking/catalog.ts';
import { createHold } from '../src/core/booking/holds.ts';
import { createReservation } from '../src/core/booking/reservations.ts';
import { createSeededState } from '../src/core/seed.ts';
import type { DevState } from '../src/core/state.ts';

const ADDRESSES = 30;
const HOLDS_PER_MINUTE = 60;
const MINUTES = 10;
const DAYS = 7;
/** A Monday morning, frozen: the attack's minutes are the clock's only moves. */
const START = new Date('2026-11-23T08:00:00+02:00');

export interface HoldAttackFigures {
  target: string;
  holdsTried: number;
  holdsMade: number;
  /** The free times of the target's coming week, none hidden. */
  freeTimes: number;
  /** The most hidden at the end of any minute, and its share. */
  worstHidden: number;
  worstShare: number;
  /** A patient's hold and booking of a free time of the target at the attack's end. */
  patientHeld: boolean;
  patientBooks: boolean;
}

/** The slot keys of a branch's coming week, the longest services first (they hide the most). */
function targetKeys(state: DevState, branchIds: readonly number[]): string[] {
  const { today } = bookingWindow(state.clock.nowMs());
  const keys: string[] = [];
  const byLength = [...reasons].sort((a, b) => b.durationMinutes - a.durationMinutes);
  for (let day = 0; day < DAYS; day++) {
    const date = addDays(today, day);
    for (const reason of byLength) {
      const customerType = reasonCustomerTypes(reason)[0] ?? 'private';
      const answer = daySlots(state, {
        branchIds: [...branchIds],
        reasonId: reason.id,
        customerType,
        date,
      });
      if (answer.ok) keys.push(...answer.value.slots.map((slot) => slot.key));
    }
  }
  return keys;
}

function hiddenShare(
  state: DevState,
  branchIds: readonly number[],
): { hidden: number; free: number } {
  const { today } = bookingWindow(state.clock.nowMs());
  const held = heldIndex(state);
  let hidden = 0;
  let free = 0;
  for (const branchId of branchIds)
    for (let day = 0; day < DAYS; day++) {
      const date = addDays(today, day);
      const all = branchFreeTimes(state, branchId, date);
      free += all;
      hidden += all - branchFreeTimes(state, branchId, date, held);
    }
  return { hidden, free };
}

function attack(target: string, branchIds: readonly number[]): HoldAttackFigures {
  const state = createSeededState({ devMode: true });
  state.clock.set(START, true);
  const keys = targetKeys(state, branchIds);
  let tried = 0;
  let made = 0;
  let worstHidden = 0;
  let worstShare = 0;
  let freeTimes = 0;
  let serial = 0;
  for (let minute = 0; minute < MINUTES; minute++) {
    for (let address = 0; address < ADDRESSES; address++) {
      // Each address works through the keys from its own place, a minute's worth of holds.
      for (let attempt = 0; attempt < HOLDS_PER_MINUTE; attempt++) {
        const key = keys[(address * 97 + minute * HOLDS_PER_MINUTE + attempt) % keys.length]!;
        tried += 1;
        serial += 1;
        const answer = createHold(
          state,
          { slotKey: key },
          {
            holderKey: `attackerHolderKey-${String(serial).padStart(8, '0')}`,
            client: `198.51.100.${address}`,
          },
        );
        if (answer.ok) made += 1;
      }
    }
    const { hidden, free } = hiddenShare(state, branchIds);
    freeTimes = free;
    if (hidden / free > worstShare) {
      worstShare = hidden / free;
      worstHidden = hidden;
    }
    state.clock.advance(60_000);
  }
  // A patient at the end of the attack: a free time of the target, held if the budget allows,
  // and booked either way (a refused hold leaves it bookable).
  // A check-up (reason 1, as most patients book).
  const free = targetKeys(state, branchIds).find((key) => key.split('=')[2] === '1');
  let patientBooks = false;
  let patientHeld = false;
  if (free) {
    const hold = createHold(
      state,
      { slotKey: free },
      { holderKey: 'patientHolderKeyOfOneTab', client: '203.0.113.99' },
    );
    const { reservationId } = bookFreeTime(state, free, hold.ok ? hold.value.id : undefined);
    patientBooks = reservationId !== null;
    patientHeld = hold.ok;
  }
  return {
    target,
    holdsTried: tried,
    holdsMade: made,
    freeTimes,
    worstHidden,
    worstShare,
    patientHeld,
    patientBooks,
  };
}

/** Books a key as the seeded patient, through the core call the booking operation makes. */
function bookFreeTime(
  state: DevState,
  slotKey: string,
  holdId: string | undefined,
): { reservationId: number | null } {
  const user = state.db.user.findFirst({ where: { devKey: { equals: 'patient' } } })!;
  const answer = createReservation(
    state,
    user,
    {
      slotKey,
      customerType: 'private',
      allowDuplicate: true,
      ...(holdId ? { holdId } : {}),
      customer: {
        firstName: 'Maija',
        lastName: 'Meikäläinen',
        email: 'maija@example.fi',
        phone: '+358401234567',
        street: 'Esimerkkikatu 1',
        postalCode: '00100',
        city: 'Helsinki',
      },
    } as never,
    'fi',
  );
  return { reservationId: answer.ok ? (answer.value as { id: number }).id : null };
}

export function holdAttackFigures(): HoldAttackFigures[] {
  const enabled = createSeededState({ devMode: true })
    .db.branch.getAll()
    .filter((branch) => branch.enabled)
    .map((branch) => branch.id);
  return [
    attack('Helsinki Kamppi (all 30 addresses on one clinic)', [1]),
    attack('the whole chain', enabled),
  ];
}
