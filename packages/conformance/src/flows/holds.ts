import type { OperationId } from '@portal/sdk/contract';
import { expectErrorCode, expectStatus, idOf, jsonObject } from '../expect.ts';
import { describe, fail, type Runner } from '../runner.ts';
import { withDevClock } from './dev-clock.ts';
import { need, stringField, type Flow } from './flow.ts';

export const HOLD_OPERATIONS: readonly OperationId[] = [
  'createSlotHold',
  'getSlotHold',
  'releaseSlotHold',
];

/** How long a hold lasts (the contract's `SlotHold.secondsLeft` maximum). */
const HOLD_SECONDS = 600;

/** The checker's holder key (`SlotHoldRequest.holderKey`) for the one-hold-per-holder check. */
const HOLDER_KEY = 'conformanceCheckerHolderKey1';

interface HoldContext {
  runner: Runner;
  flow: Flow;
  token: string | null;
  /** A free slot that the steps may hold, book and free again. */
  slot: { key: string; startTime: string } | undefined;
  /** Whether the day view lists the slot now. */
  listed: (slotKey: string) => Promise<boolean>;
  /** A booking request of the slot (as the booking flow makes it). */
  book: (slotKey: string) => Promise<unknown>;
}

/**
 * Held slots, inside the booking flow: a hold of a free slot (201 with up to 600 seconds left)
 * takes it out of the day view and cannot be made twice; the holder books it with `holdId`,
 * which uses the hold up; a released hold frees the slot at once, and releasing is idempotent;
 * a holder's new hold replaces its previous one (decision 030); by the dev clock, a hold ends after its 600 seconds. Leaves the slot free (the booking is
 * cancelled, the last hold released).
 */
export async function holdSteps(context: HoldContext): Promise<void> {
  const { runner, flow, token } = context;
  if (!HOLD_OPERATIONS.every((id) => runner.has(id))) return;
  const slot = () => need(context.slot, 'a free slot');

  const hold = async (label: string, holderKey?: string): Promise<string> => {
    const answer = await runner.call('createSlotHold', label, {
      json: { slotKey: slot().key, ...(holderKey === undefined ? {} : { holderKey }) },
    });
    expectStatus(runner.op('createSlotHold'), answer, [201]);
    const body = jsonObject(answer);
    const id = stringField(body, 'id');
    if (!id) fail(`no hold id in ${describe(answer)}`);
    if (body.slotKey !== slot().key)
      fail(`slotKey ${String(body.slotKey)}, expected ${slot().key}`);
    const left = body.secondsLeft;
    if (typeof left !== 'number' || left < 1 || left > HOLD_SECONDS)
      fail(`secondsLeft ${String(left)}, expected 1–${HOLD_SECONDS}`);
    return id;
  };
  const holdState = async (label: string, id: string, expected: 200 | 404): Promise<void> => {
    const answer = await runner.call('getSlotHold', label, { path: { holdId: id } });
    expectStatus(runner.op('getSlotHold'), answer, [expected]);
  };

  const holdId = await flow.step(
    'createSlotHold',
    'holds a free slot (201 with its key and up to 600 seconds left)',
    { destructive: true },
    () => hold('holds: hold a free slot'),
  );

  await flow.step(
    'getDaySlots',
    'leaves a held slot out of the day view',
    { soft: true, invariant: 'held_slot_is_hidden' },
    async () => {
      if (await context.listed(slot().key))
        fail(`the day view still lists the held slot ${slot().key}`);
    },
  );

  await flow.step(
    'createSlotHold',
    'answers 409 slot-taken when a held slot is held again',
    { destructive: true, soft: true },
    async () => {
      const answer = await runner.call('createSlotHold', 'holds: hold the held slot again', {
        json: { slotKey: slot().key },
      });
      expectStatus(runner.op('createSlotHold'), answer, [409]);
      expectErrorCode(answer, ['slot-taken']);
    },
  );

  await flow.step('getSlotHold', 'returns a live hold (200)', { soft: true }, () =>
    holdState('holds: read the hold', need(holdId, 'a hold'), 200),
  );

  // What the later steps need of this one is the slot free again: a booking answered with the
  // wrong status is cancelled all the same, and the flow goes on.
  let leftBooked = false;
  await flow.step(
    'createReservation',
    "books a held slot with the hold's holdId (201), which uses the hold up (getSlotHold 404)",
    { destructive: true, soft: () => !leftBooked },
    async () => {
      const id = need(holdId, 'a hold');
      const request = await context.book(slot().key);
      const json = typeof request === 'object' && request !== null ? request : {};
      const answer = await runner.call('createReservation', 'holds: book with the hold', {
        token,
        json: { ...json, holdId: id },
      });
      const booked = answer.status !== null && answer.status >= 200 && answer.status < 300;
      const freed = booked
        ? await runner.call('cancelReservation', 'cleanup: cancel the held booking', {
            token,
            path: { id: idOf(answer.json) },
          })
        : undefined;
      leftBooked = freed !== undefined && freed.status !== 200;
      expectStatus(runner.op('createReservation'), answer, [201]);
      if (freed === undefined) fail(`nothing was booked: ${describe(answer)}`);
      expectStatus(runner.op('cancelReservation'), freed, [200]);
      await holdState('holds: the booked hold is gone', id, 404);
    },
  );

  await flow.step(
    'releaseSlotHold',
    'releases a hold (204, and 204 again), after which the day view lists the slot and getSlotHold answers 404',
    { destructive: true, soft: true },
    async () => {
      const id = await hold('holds: hold the slot again');
      for (const label of ['holds: release', 'holds: release again']) {
        const answer = await runner.call('releaseSlotHold', label, { path: { holdId: id } });
        expectStatus(runner.op('releaseSlotHold'), answer, [204]);
      }
      if (!(await context.listed(slot().key)))
        fail(`the day view does not list the released slot ${slot().key}`);
      await holdState('holds: the released hold is gone', id, 404);
    },
  );

  await flow.step(
    'createSlotHold',
    "replaces a holder's previous hold: the same holderKey holds the slot again (201), and the first hold answers 404",
    { destructive: true, soft: true, invariant: 'one_hold_per_holder' },
    async () => {
      const first = await hold('holds: hold as one holder', HOLDER_KEY);
      const held = [first];
      try {
        held.push(await hold('holds: the same holder holds again', HOLDER_KEY));
        await holdState('holds: the replaced hold is gone', first, 404);
      } finally {
        for (const id of held)
          await runner.call('releaseSlotHold', 'cleanup: release the hold', {
            path: { holdId: id },
          });
      }
    },
  );

  await flow.step(
    'getSlotHold',
    'lets a hold expire after its 600 seconds: 601 seconds on by the dev clock, getSlotHold answers 404 and the day view lists the slot again',
    { destructive: true, soft: true, invariant: 'hold_expires' },
    () =>
      withDevClock(runner, 'holds', async (clock) => {
        const id = await hold('holds: hold the slot once more');
        try {
          await clock.advance(HOLD_SECONDS + 1, `${HOLD_SECONDS + 1} seconds on`);
          await holdState('holds: the hold after its time', id, 404);
          if (!(await context.listed(slot().key)))
            fail(`the day view does not list ${slot().key} once its hold has expired`);
        } finally {
          await runner.call('releaseSlotHold', 'cleanup: release the hold', {
            path: { holdId: id },
          });
        }
      }),
  );
}
