import { parseSlotKey } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { createHarness } from '../../../test/harness.ts';
import { book, daySlots, firstSlot } from './test-helpers.ts';

describe('day slots', () => {
  const h = createHarness();

  test('Slots are sorted by start, branch and practitioner, and their keys name them', async () => {
    const { slots } = await daySlots(h, { date: '2026-12-01' });
    expect(slots.length).toBeGreaterThan(10);
    const sorted = [...slots].sort(
      (a, b) =>
        Date.parse(a.startTime) - Date.parse(b.startTime) ||
        a.branchId - b.branchId ||
        a.employeeName.localeCompare(b.employeeName, 'fi'),
    );
    expect(slots).toEqual(sorted);
    for (const slot of slots) {
      expect(parseSlotKey(slot.key)).toEqual({
        branchId: slot.branchId,
        resourceId: slot.resourceId,
        reasonId: 1,
        startTime: slot.startTime,
        endTime: slot.endTime,
      });
      expect(Date.parse(slot.endTime) - Date.parse(slot.startTime)).toBe(30 * 60_000);
      expect(slot.startTime).toMatch(/^2026-12-01T\d{2}:\d{2}:00\+02:00$/);
      expect(slot.price).toBe(79);
    }
  });

  test('Slots are offered only by practitioners who perform the reason, at the chosen branches', async () => {
    const cleaning = await daySlots(h, { date: '2026-12-01', reasonId: 2, branchIds: [2] });
    expect(cleaning.slots.length).toBeGreaterThan(0);
    for (const slot of cleaning.slots) {
      const employee = h.state.db.employee.getAll().find((e) => e.id === slot.employeeId)!;
      expect(employee.kind).toBe('hygienist');
      expect(slot.branchId).toBe(2);
      expect(employee.branchIds).toContain(2);
    }
  });

  test('The price is the customer type’s price', async () => {
    const { slots } = await daySlots(h, { date: '2026-12-01', customerType: 'serviceVoucher' });
    expect(slots[0]!.price).toBe(32);
  });

  test('The practitioner filter keeps only that practitioner; one of another kind has none', async () => {
    const any = await firstSlot(h, { date: '2026-12-02' });
    const only = await daySlots(h, { date: '2026-12-02', employeeId: any.employeeId });
    expect(only.slots.length).toBeGreaterThan(0);
    expect(new Set(only.slots.map((s) => s.employeeId))).toEqual(new Set([any.employeeId]));
    const hygienist = h.state.db.employee
      .getAll()
      .find((e) => e.kind === 'hygienist' && e.enabled && e.branchIds.includes(1))!;
    const none = await daySlots(h, { date: '2026-12-02', employeeId: hygienist.id });
    expect(none.slots).toEqual([]);
    expect(none.nextDateWithSlots).toBeNull();
  });

  test('Slots that have started or passed are not offered', async () => {
    const s = createHarness();
    const morning = await daySlots(s, { date: '2026-11-23' });
    expect(morning.slots.every((slot) => Date.parse(slot.startTime) > s.state.clock.nowMs())).toBe(
      true,
    );
    s.state.clock.set(new Date('2026-11-23T13:00:00+02:00'));
    const afternoon = await daySlots(s, { date: '2026-11-23' });
    expect(afternoon.slots.length).toBeLessThan(morning.slots.length);
    expect(afternoon.slots.every((slot) => slot.startTime >= '2026-11-23T13:00')).toBe(true);
    expect(afternoon.slots.some((slot) => slot.startTime === '2026-11-23T13:00:00+02:00')).toBe(
      false,
    );
  });

  test('A slot says whether its booking can still be changed online, and gives the clinic’s own phone', async () => {
    const s = createHarness();
    const now = s.state.clock.nowMs();
    const slots = [
      ...(await daySlots(s, { date: '2026-11-24' })).slots,
      ...(await daySlots(s, { date: '2026-11-25' })).slots,
    ];
    const inside = slots.filter((slot) => !slot.canModify);
    const outside = slots.filter((slot) => slot.canModify);
    expect(inside.length).toBeGreaterThan(0);
    expect(outside.length).toBeGreaterThan(0);
    for (const slot of slots) {
      const until = Date.parse(slot.startTime) - 24 * 3_600_000;
      expect(Date.parse(slot.modifiableUntil)).toBe(until);
      expect(slot.canModify).toBe(now < until);
    }
    // The same number as the reservation shows once booked.
    const booked = await book(s, inside[0]!);
    expect(inside[0]!.branchPhone).toMatch(/^010 555 \d{4}$/);
    expect(booked.branch.phone).toBe(inside[0]!.branchPhone);
    expect(booked.canModify).toBe(false);
    const later = await book(s, outside.at(-1)!);
    expect(later.canModify).toBe(true);
  });

  test('The previous and next dates with slots skip closed days, and stay inside today and the horizon', async () => {
    const sunday = await daySlots(h, { date: '2026-12-06' });
    expect(sunday.slots).toEqual([]);
    expect(sunday.nextDateWithSlots).toBe('2026-12-07');
    expect(['2026-12-04', '2026-12-05']).toContain(sunday.previousDateWithSlots);
    const christmas = await daySlots(h, { date: '2026-12-25' });
    expect(christmas.nextDateWithSlots).toBe('2026-12-28');
    expect(christmas.previousDateWithSlots! < '2026-12-24').toBe(true);
    const today = await daySlots(h, { date: '2026-11-23' });
    expect(today.previousDateWithSlots).toBeNull();
    const yesterday = await daySlots(h, { date: '2026-11-22' });
    expect(yesterday.slots).toEqual([]);
    expect(yesterday.previousDateWithSlots).toBeNull();
    expect(yesterday.nextDateWithSlots).toBe('2026-11-23');
    const beyond = await daySlots(h, { date: '2027-04-01' });
    expect(beyond.slots).toEqual([]);
    expect(beyond.nextDateWithSlots).toBeNull();
    expect(beyond.previousDateWithSlots! <= '2027-02-20').toBe(true);
    // The last day there is: no later day, and the previous one is the horizon's last with slots.
    const farthest = await daySlots(h, { date: '9999-12-31' });
    expect(farthest.slots).toEqual([]);
    expect(farthest.nextDateWithSlots).toBeNull();
    expect(farthest.previousDateWithSlots).toBe(beyond.previousDateWithSlots);
  });

  test('A disabled practitioner’s slots are never offered', async () => {
    const s = createHarness();
    const slot = await firstSlot(s, { date: '2026-12-01' });
    const before = await daySlots(s, { date: '2026-12-01' });
    s.state.db.employee.update({
      where: { id: { equals: slot.employeeId } },
      data: { enabled: false },
    });
    const after = await daySlots(s, { date: '2026-12-01' });
    expect(after.slots.some((x) => x.employeeId === slot.employeeId)).toBe(false);
    expect(after.slots.length).toBe(
      before.slots.filter((x) => x.employeeId !== slot.employeeId).length,
    );
  });

  test('A branch disabled after listing no longer offers its slots', async () => {
    const s = createHarness();
    s.state.db.branch.update({ where: { id: { equals: 2 } }, data: { enabled: false } });
    const { slots } = await daySlots(s, { date: '2026-12-01' });
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.some((x) => x.branchId === 2)).toBe(false);
  });

  test('A booked slot and the practitioner’s overlapping slots disappear, and come back on cancellation', async () => {
    const s = createHarness();
    const filling = await firstSlot(s, { date: '2026-12-02', reasonId: 5, branchIds: [1] });
    const overlapping = (slots: { employeeId: number; startTime: string }[]) =>
      slots.filter(
        (x) =>
          x.employeeId === filling.employeeId &&
          Date.parse(x.startTime) < Date.parse(filling.endTime) &&
          Date.parse(filling.startTime) < Date.parse(x.startTime) + 30 * 60_000,
      );
    const before = await daySlots(s, { date: filling.startTime.slice(0, 10), branchIds: [1] });
    expect(overlapping(before.slots).length).toBeGreaterThan(0);
    const booked = await book(s, filling, 'survey', { descriptionForStaff: 'Paikka irronnut.' });
    const after = await daySlots(s, { date: filling.startTime.slice(0, 10), branchIds: [1] });
    expect(overlapping(after.slots)).toEqual([]);
    await s.call('cancelReservation', { as: 'survey', path: { id: booked.id } });
    const again = await daySlots(s, { date: filling.startTime.slice(0, 10), branchIds: [1] });
    expect(again.slots).toEqual(before.slots);
  });

  test('Across the spring DST change slots keep their local hours and offsets', async () => {
    const s = createHarness({ now: new Date('2027-03-22T10:00:00+02:00') });
    // Easter 2027: Good Friday 26 March, the clocks go forward on Sunday 28 March, Easter Monday 29.
    const before = await daySlots(s, { date: '2027-03-25' });
    const after = await daySlots(s, { date: '2027-03-30' });
    expect(before.slots.length).toBeGreaterThan(0);
    expect(after.slots.length).toBeGreaterThan(0);
    expect(before.slots.every((x) => x.startTime.endsWith('+02:00'))).toBe(true);
    expect(after.slots.every((x) => x.startTime.endsWith('+03:00'))).toBe(true);
    for (const slot of [...before.slots, ...after.slots]) {
      const hhmm = slot.startTime.slice(11, 16);
      expect(hhmm >= '08:00' && hhmm < '19:00').toBe(true);
    }
    expect(after.slots[0]!.startTime).toBe('2027-03-30T08:00:00+03:00');
    expect(['2027-03-27', '2027-03-30']).toContain(before.nextDateWithSlots);
    expect(after.previousDateWithSlots).toBe(
      before.nextDateWithSlots === '2027-03-27' ? '2027-03-27' : '2027-03-25',
    );
  });

  test('The same seed gives the same slots; another seed other slots', async () => {
    const again = createHarness();
    const other = createHarness({ seed: 7 });
    const date = '2026-12-03';
    expect(await daySlots(again, { date })).toEqual(await daySlots(h, { date }));
    expect(await daySlots(other, { date })).not.toEqual(await daySlots(h, { date }));
  });
});
