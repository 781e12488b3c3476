import { describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.ts';
import { SEEDED_RESERVATION_IDS as SEEDED } from './seed.ts';
import { book, daySlots, firstSlot, reservation, slotsFrom } from './test-helpers.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;

function phoneOf(h: Harness, branchId: number): string {
  return h.state.db.branch.getAll().find((b) => b.id === branchId)!.phone;
}

describe('confirming', () => {
  test('A tentative reservation becomes confirmed and moves to the future tab', async () => {
    const h = createHarness();
    const { status, json } = await h.call('confirmReservation', {
      as: 'patient',
      path: { id: SEEDED.tentative },
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ id: SEEDED.tentative, status: 'confirmed', group: 'future' });
    const tentative = await h.call('listReservations', {
      as: 'patient',
      query: { group: 'tentative' },
    });
    expect(tentative.json).toEqual([]);
    const future = await h.call('listReservations', { as: 'patient', query: { group: 'future' } });
    expect(future.json.map((r: { id: number }) => r.id)).toContain(SEEDED.tentative);
  });

  test('Only a tentative reservation can be confirmed', async () => {
    const h = createHarness();
    for (const id of [SEEDED.futureCheckUp, SEEDED.cancelled, SEEDED.completedCheckUp]) {
      const { status, json } = await h.call('confirmReservation', { as: 'patient', path: { id } });
      expect(status).toBe(409);
      expect(json.Code).toBe('not-confirmable');
    }
    await h.call('confirmReservation', { as: 'patient', path: { id: SEEDED.tentative } });
    const again = await h.call('confirmReservation', {
      as: 'patient',
      path: { id: SEEDED.tentative },
    });
    expect(again.json.Code).toBe('not-confirmable');
  });

  test('A tentative reservation that has started cannot be confirmed', async () => {
    const h = createHarness();
    const tentative = await reservation(h, SEEDED.tentative);
    h.state.clock.set(new Date(Date.parse(tentative.startTime) + MINUTE));
    const { json } = await h.call('confirmReservation', {
      as: 'patient',
      path: { id: SEEDED.tentative },
    });
    expect(json.Code).toBe('not-confirmable');
  });

  test("Someone else's reservation answers 404", async () => {
    const h = createHarness();
    const { status } = await h.call('confirmReservation', {
      as: 'survey',
      path: { id: SEEDED.tentative },
    });
    expect(status).toBe(404);
  });
});

describe('cancelling', () => {
  test('A patient cancels more than 24 hours ahead: the reservation is past and its slot free again', async () => {
    const h = createHarness();
    const before = await reservation(h, SEEDED.futureCheckUp);
    const date = before.startTime.slice(0, 10);
    const listed = async () =>
      (await daySlots(h, { date, branchIds: [before.branch.id] })).slots.some(
        (s) => s.startTime === before.startTime && s.employeeId === before.employee.id,
      );
    expect(await listed()).toBe(false);
    const { status, json } = await h.call('cancelReservation', {
      as: 'patient',
      path: { id: SEEDED.futureCheckUp },
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ status: 'cancelled', group: 'past', canModify: false });
    expect(await listed()).toBe(true);
    const future = await h.call('listReservations', { as: 'patient', query: { group: 'future' } });
    expect(future.json.map((r: { id: number }) => r.id)).not.toContain(SEEDED.futureCheckUp);
  });

  test('Cancelling a cancelled reservation answers it unchanged', async () => {
    const h = createHarness();
    const first = await h.call('cancelReservation', {
      as: 'patient',
      path: { id: SEEDED.futureCheckUp },
    });
    h.state.clock.advance(HOUR);
    const again = await h.call('cancelReservation', {
      as: 'patient',
      path: { id: SEEDED.futureCheckUp },
    });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    const old = await h.call('cancelReservation', {
      as: 'patient',
      path: { id: SEEDED.cancelled },
    });
    expect(old.json.status).toBe('cancelled');
  });

  test('A patient cannot cancel inside 24 hours: the message gives the branch’s phone number', async () => {
    const h = createHarness();
    const inside = await reservation(h, SEEDED.insideWindow);
    expect(inside.canModify).toBe(false);
    const phone = phoneOf(h, inside.branch.id);
    const en = await h.call('cancelReservation', {
      as: 'patient',
      path: { id: SEEDED.insideWindow },
    });
    expect(en.status).toBe(409);
    expect(en.json.Code).toBe('inside-cancel-window');
    expect(en.json.UserMessage).toContain(phone);
    const fi = await h.call('cancelReservation', {
      as: 'patient',
      path: { id: SEEDED.insideWindow },
      headers: { 'Accept-Language': 'fi' },
    });
    expect(fi.json.UserMessage).toBe(
      `Varausta voi muuttaa tai perua verkossa 24 tuntia ennen sen alkua. Soita klinikalle: ${phone}.`,
    );
    expect((await reservation(h, SEEDED.insideWindow)).status).toBe('confirmed');
  });

  test('Completed visits and started reservations cannot be cancelled online', async () => {
    const h = createHarness();
    const completed = await h.call('cancelReservation', {
      as: 'patient',
      path: { id: SEEDED.completedCheckUp },
    });
    expect(completed.json.Code).toBe('inside-cancel-window');
    const inside = await reservation(h, SEEDED.insideWindow);
    h.state.clock.set(new Date(Date.parse(inside.startTime) + 5 * MINUTE));
    const started = await h.call('cancelReservation', {
      as: 'patient',
      path: { id: SEEDED.insideWindow },
    });
    expect(started.json.Code).toBe('inside-cancel-window');
  });

  test("Someone else's or a missing reservation answers 404; no token answers 401", async () => {
    const h = createHarness();
    for (const [as, id] of [
      ['survey', SEEDED.futureCheckUp],
      ['admin', SEEDED.futureCheckUp],
      ['patient', 99_999],
    ] as const) {
      const { status, json } = await h.call('cancelReservation', { as, path: { id } });
      expect(status).toBe(404);
      expect(json.Code).toBe('not-found');
    }
    const anonymous = await h.call('cancelReservation', { path: { id: SEEDED.futureCheckUp } });
    expect(anonymous.status).toBe(401);
    expect((await reservation(h, SEEDED.futureCheckUp)).status).toBe('confirmed');
  });
});

describe('moving', () => {
  test('A reservation moves to a free slot of the same reason; the old slot is free again', async () => {
    const h = createHarness();
    const before = await reservation(h, SEEDED.futureCheckUp);
    const target = (await slotsFrom(h, { date: '2026-12-08' })).at(-1)!;
    const { status, json } = await h.call('moveReservation', {
      as: 'patient',
      path: { id: SEEDED.futureCheckUp },
      body: { slotKey: target.key },
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      id: SEEDED.futureCheckUp,
      status: 'confirmed',
      branch: { id: target.branchId },
      employee: { id: target.employeeId },
      startTime: target.startTime,
      endTime: target.endTime,
      price: before.price,
      campaignCode: 'HYMY10',
      canModify: true,
    });
    expect(Date.parse(json.modifiableUntil)).toBe(Date.parse(target.startTime) - 24 * HOUR);
    const newDay = await daySlots(h, { date: target.startTime.slice(0, 10) });
    expect(newDay.slots.some((s) => s.key === target.key)).toBe(false);
    const oldDay = await daySlots(h, {
      date: before.startTime.slice(0, 10),
      branchIds: [before.branch.id],
    });
    expect(
      oldDay.slots.some(
        (s) => s.startTime === before.startTime && s.employeeId === before.employee.id,
      ),
    ).toBe(true);
  });

  test('Moving a tentative reservation confirms it', async () => {
    const h = createHarness();
    const target = await firstSlot(h, { date: '2026-12-09', reasonId: 5, branchIds: [1] });
    const { json } = await h.call('moveReservation', {
      as: 'patient',
      path: { id: SEEDED.tentative },
      body: { slotKey: target.key },
    });
    expect(json).toMatchObject({
      status: 'confirmed',
      group: 'future',
      startTime: target.startTime,
    });
  });

  test('A reservation may be moved onto a time only it occupies', async () => {
    const h = createHarness();
    const booked = await book(h, await firstSlot(h, { date: '2026-12-02' }), 'survey');
    const slotKey = [
      booked.branch.id,
      booked.employee!.id * 1000 + booked.branch.id,
      1,
      booked.startTime,
      booked.endTime,
    ].join('=');
    const { status } = await h.call('moveReservation', {
      as: 'survey',
      path: { id: booked.id },
      body: { slotKey },
    });
    expect(status).toBe(200);
  });

  test('A slot of another reason answers 400 on slotKey', async () => {
    const h = createHarness();
    const cleaning = await firstSlot(h, { date: '2026-12-08', reasonId: 2 });
    const { status, json } = await h.call('moveReservation', {
      as: 'patient',
      path: { id: SEEDED.futureCheckUp },
      body: { slotKey: cleaning.key },
    });
    expect(status).toBe(400);
    expect(json.Errors).toEqual([
      { field: 'slotKey', errorMessage: 'The new time must be for the same service.' },
    ]);
  });

  test('Cancelled and completed reservations cannot be moved', async () => {
    const h = createHarness();
    const target = await firstSlot(h, { date: '2026-12-08' });
    for (const id of [SEEDED.cancelled, SEEDED.completedCheckUp]) {
      const { status, json } = await h.call('moveReservation', {
        as: 'patient',
        path: { id },
        body: { slotKey: target.key },
      });
      expect(status).toBe(409);
      expect(json.Code).toBe('not-modifiable');
    }
  });

  test('A patient cannot move inside 24 hours: the message gives the branch’s phone number', async () => {
    const h = createHarness();
    const inside = await reservation(h, SEEDED.insideWindow);
    const target = await firstSlot(h, { date: '2026-12-08', reasonId: 4 });
    const { status, json } = await h.call('moveReservation', {
      as: 'patient',
      path: { id: SEEDED.insideWindow },
      body: { slotKey: target.key },
    });
    expect(status).toBe(409);
    expect(json.Code).toBe('inside-cancel-window');
    expect(json.UserMessage).toContain(phoneOf(h, inside.branch.id));
  });

  test('A new slot booked meanwhile answers slot-taken; one no longer offered slot-unavailable', async () => {
    const h = createHarness();
    const [taken, past] = [
      await firstSlot(h, { date: '2026-12-08' }),
      (await daySlots(h, { date: '2026-11-23' })).slots[0]!,
    ];
    await book(h, taken, 'survey');
    const takenMove = await h.call('moveReservation', {
      as: 'patient',
      path: { id: SEEDED.futureCheckUp },
      body: { slotKey: taken.key },
    });
    expect(takenMove.json.Code).toBe('slot-taken');
    h.state.clock.set(new Date(Date.parse(past.startTime) + MINUTE));
    const pastMove = await h.call('moveReservation', {
      as: 'patient',
      path: { id: SEEDED.futureCheckUp },
      body: { slotKey: past.key },
    });
    expect(pastMove.json.Code).toBe('slot-unavailable');
  });

  test('A voucher reservation cannot move past the voucher’s last day', async () => {
    const h = createHarness();
    const voucher = {
      customerType: 'serviceVoucher' as const,
      voucherIdentifier: 'PSV-2026-010204', // valid until 7.12.2026
    };
    const booked = await book(
      h,
      await firstSlot(h, { date: '2026-12-01', customerType: 'serviceVoucher' }),
      'survey',
      voucher,
    );
    const late = await firstSlot(h, { date: '2026-12-09', customerType: 'serviceVoucher' });
    const { status, json } = await h.call('moveReservation', {
      as: 'survey',
      path: { id: booked.id },
      body: { slotKey: late.key },
    });
    expect(status).toBe(400);
    expect(json.Code).toBe('invalid-voucher');
    expect(json.Errors[0]).toEqual({ field: 'slotKey', errorMessage: expect.any(String) });
    expect(json.Errors[0].errorMessage).toContain('7.12.2026');
    expect(json).toMatchObject({ Problem: 'ends-before-visit', ProblemDate: '2026-12-07' });
  });

  test("Someone else's reservation answers 404, even with a valid slot", async () => {
    const h = createHarness();
    const target = await firstSlot(h, { date: '2026-12-08' });
    const { status } = await h.call('moveReservation', {
      as: 'survey',
      path: { id: SEEDED.futureCheckUp },
      body: { slotKey: target.key },
    });
    expect(status).toBe(404);
  });
});
