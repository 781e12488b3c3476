import type { Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.ts';
import { branchFreeTimes } from './free-slots.ts';
import { heldIndex } from './held-times.ts';
import { addDays, bookingWindow } from './calendar.ts';
import { CLINIC_HOLD_SHARE, HOLD_BUDGET_DAYS, HOLDS_PER_CLIENT } from './holds.ts';
import { book, bookingBody, daySlots, firstSlot, type Slot } from './test-helpers.ts';

/**
 * Holds cannot be hoarded (issue 52 item 1, decision 030): one live hold per holder, a few per
 * client address, and a clinic's live holds hide at most a small share of its coming week.
 */

const KEY_A = 'holderKeyOfTabA-0123456789';
const KEY_B = 'holderKeyOfTabB-0123456789';

interface HoldCall {
  holderKey?: string;
  client?: string;
  as?: 'patient' | 'survey';
}

function hold(h: Harness, slot: Pick<Slot, 'key'>, who: HoldCall = {}) {
  return h.call('createSlotHold', {
    body: { slotKey: slot.key, ...(who.holderKey ? { holderKey: who.holderKey } : {}) },
    ...(who.client ? { client: who.client } : {}),
    ...(who.as ? { as: who.as } : {}),
  });
}

async function held(h: Harness, slot: Pick<Slot, 'key'>, who: HoldCall = {}) {
  const answer = await hold(h, slot, who);
  expect(answer.status).toBe(201);
  return answer.json as Schemas['SlotHold'];
}

async function keysOn(h: Harness, date: string, branchIds?: number[]): Promise<string[]> {
  return (await daySlots(h, { date, ...(branchIds ? { branchIds } : {}) })).slots.map(
    (slot) => slot.key,
  );
}

/** The free times of a clinic's coming week that live holds hide, and that week's total. */
function hiddenAtClinic(h: Harness, branchId: number): { hidden: number; week: number } {
  const { today } = bookingWindow(h.state.clock.nowMs());
  const held = heldIndex(h.state);
  let hidden = 0;
  let week = 0;
  for (let day = 0; day < HOLD_BUDGET_DAYS; day++) {
    const date = addDays(today, day);
    const free = branchFreeTimes(h.state, branchId, date);
    week += free;
    hidden += free - branchFreeTimes(h.state, branchId, date, held);
  }
  return { hidden, week };
}

describe('one live hold per holder', () => {
  test('a new hold with the same holderKey replaces the previous one, whose time is offered again at once', async () => {
    const h = createHarness();
    const [first, second] = (await daySlots(h, { date: '2026-12-01' })).slots;
    const previous = await held(h, first!, { holderKey: KEY_A });
    expect(await keysOn(h, '2026-12-01')).not.toContain(first!.key);

    await held(h, second!, { holderKey: KEY_A });
    expect((await h.call('getSlotHold', { path: { holdId: previous.id } })).status).toBe(404);
    expect(await keysOn(h, '2026-12-01')).toContain(first!.key);
    expect(await keysOn(h, '2026-12-01')).not.toContain(second!.key);
    expect(h.state.db.slotHold.count()).toBe(1);

    // Another tab's key is another holder: both holds live.
    await held(h, first!, { holderKey: KEY_B });
    expect(h.state.db.slotHold.count()).toBe(2);
  });

  test('the holder may hold its own held time again (Next after Back), and a refused hold keeps the previous one', async () => {
    const h = createHarness();
    const [slot, other] = (await daySlots(h, { date: '2026-12-02' })).slots;
    const first = await held(h, slot!, { holderKey: KEY_A });
    const again = await held(h, slot!, { holderKey: KEY_A });
    expect(again.id).not.toBe(first.id);
    expect(h.state.db.slotHold.count()).toBe(1);

    // Someone else holds `other`: the holder's try of it is refused and their hold stays.
    await held(h, other!, { holderKey: KEY_B });
    expect((await hold(h, other!, { holderKey: KEY_A })).json.Code).toBe('slot-taken');
    expect((await h.call('getSlotHold', { path: { holdId: again.id } })).status).toBe(200);
  });

  test('a signed-in patient is the holder, whatever holderKey the request carries', async () => {
    const h = createHarness();
    const [first, second] = (await daySlots(h, { date: '2026-12-03' })).slots;
    // Two logins (two tokens) of one patient: one holder.
    const previous = await held(h, first!, { as: 'patient', holderKey: KEY_A });
    await held(h, second!, { as: 'patient', holderKey: KEY_B });
    expect((await h.call('getSlotHold', { path: { holdId: previous.id } })).status).toBe(404);
    // Another patient is another holder.
    await held(h, first!, { as: 'survey' });
    expect(h.state.db.slotHold.count()).toBe(2);
  });

  test('a hold without holderKey or token names no holder and replaces nothing; the state keeps only hashes', async () => {
    const h = createHarness();
    const [first, second] = (await daySlots(h, { date: '2026-12-04' })).slots;
    await held(h, first!);
    await held(h, second!, { holderKey: KEY_A, client: '203.0.113.7' });
    const rows = h.state.db.slotHold.getAll();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.holder).toBeNull();
    expect(rows[1]!.holder).toMatch(/^key:[0-9a-f]{64}$/);
    expect(rows[1]!.client).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(KEY_A);
    expect(JSON.stringify(rows)).not.toContain('203.0.113.7');
  });

  test('a malformed holderKey is a 400 naming the field, and holds nothing', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-04' });
    const answer = await hold(h, slot, { holderKey: 'short' });
    expect(answer.status).toBe(400);
    expect(answer.json.Errors.map((e: { field: string }) => e.field)).toContain('holderKey');
    expect(h.state.db.slotHold.count()).toBe(0);
  });
});

describe('live holds per client address', () => {
  test(`an address has at most ${HOLDS_PER_CLIENT} live holds: the next answers 429 with Retry-After until the first ends; another address is not affected`, async () => {
    const h = createHarness();
    const slots = (await daySlots(h, { date: '2026-12-07' })).slots;
    const client = '203.0.113.10';
    for (let i = 0; i < HOLDS_PER_CLIENT; i++) {
      await held(h, slots[i]!, { holderKey: `${KEY_A}-${i}`, client });
      h.state.clock.advance(60_000);
    }
    const refused = await hold(h, slots[HOLDS_PER_CLIENT]!, { holderKey: KEY_B, client });
    expect(refused.status).toBe(429);
    expect(refused.json.Code).toBe('too-many-requests');
    expect(refused.json.UserMessage).toBe(
      'Several times are already held from this address. You can still book this time.',
    );
    // The first hold was made 3 minutes ago: it ends in 7.
    expect(refused.headers['Retry-After']).toBe('420');
    expect(await keysOn(h, '2026-12-07')).toContain(slots[HOLDS_PER_CLIENT]!.key);

    await held(h, slots[HOLDS_PER_CLIENT]!, { holderKey: KEY_B, client: '203.0.113.11' });
    // A holder replacing its own hold is not a new one.
    await held(h, slots[HOLDS_PER_CLIENT + 1]!, { holderKey: `${KEY_A}-0`, client });
    // Once one of them ends (the second, made at minute 1, ends at minute 11), the address may
    // hold again.
    h.state.clock.advance(7 * 60_000 + 59_000);
    expect(
      (
        await hold(h, slots[HOLDS_PER_CLIENT + 2]!, {
          holderKey: 'yetAnotherHolderKey-000',
          client,
        })
      ).status,
    ).toBe(429);
    h.state.clock.advance(1000);
    await held(h, slots[HOLDS_PER_CLIENT + 2]!, { holderKey: 'yetAnotherHolderKey-000', client });
  });
});

describe("a clinic's hold budget", () => {
  test(`a clinic's live holds hide at most ${CLINIC_HOLD_SHARE * 100} % of its coming week's free times; beyond, 409 holds-full, translated, and the time stays bookable`, async () => {
    const h = createHarness();
    const kamppi = 1;
    const before = hiddenAtClinic(h, kamppi).week;
    let made = 0;
    let refused: Awaited<ReturnType<typeof hold>> | undefined;
    let refusedSlot: Slot | undefined;
    for (let day = 0; day < HOLD_BUDGET_DAYS && !refused; day++) {
      const date = addDays('2026-11-23', day);
      for (const slot of (await daySlots(h, { date, branchIds: [kamppi] })).slots) {
        const answer = await hold(h, slot, { holderKey: `holderKeyNumber-${made}-0000000` });
        if (answer.status === 201) made += 1;
        else if (answer.json.Code === 'holds-full') {
          refused = answer;
          refusedSlot = slot;
          break;
        }
      }
    }
    expect(made).toBeGreaterThan(0);
    expect(refused?.status).toBe(409);
    expect(refused?.json.UserMessage).toBe(
      'This time cannot be held for you just now. You can still book it.',
    );
    const { hidden, week } = hiddenAtClinic(h, kamppi);
    expect(week).toBe(before);
    expect(hidden / week).toBeLessThanOrEqual(CLINIC_HOLD_SHARE);
    expect(hidden).toBeGreaterThan(0);

    // The refused time is still offered and booked without a hold.
    expect(await keysOn(h, refusedSlot!.startTime.slice(0, 10), [kamppi])).toContain(
      refusedSlot!.key,
    );
    await book(h, refusedSlot!);
    // Another clinic has a budget of its own.
    const kallio = await firstSlot(h, { date: '2026-11-24', branchIds: [2] });
    await held(h, kallio, { holderKey: KEY_B });
  });

  test('a patient who holds a time books it, whatever holds are made after it', async () => {
    const h = createHarness();
    const kamppi = 1;
    const date = '2026-11-25';
    const [mine, ...rest] = (await daySlots(h, { date, branchIds: [kamppi] })).slots;
    const { id } = await held(h, mine!, { holderKey: KEY_A });
    for (const [i, slot] of rest.entries())
      await hold(h, slot, {
        holderKey: `attackerKeyNumber-${i}-000000`,
        client: `198.51.100.${i % 30}`,
      });
    const booked = await h.call('createReservation', {
      as: 'patient',
      body: bookingBody(mine!, { allowDuplicate: true, holdId: id }),
    });
    expect(booked.status).toBe(201);
  });
});
