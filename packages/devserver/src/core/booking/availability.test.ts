import { parseSlotKey } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { createHarness } from '../../../test/harness.ts';
import { monthAvailability } from './availability.ts';
import { addDays, dateInfo, datesOfMonth, easterSunday, isHoliday } from './calendar.ts';
import { dayPlan, gridStarts, unbookedStarts, workingDay } from './schedule.ts';
import { HELSINKI_BRANCHES, book, daySlots, firstSlot } from './test-helpers.ts';

const monthQuery = (month: string, extra: Record<string, unknown> = {}) => ({
  query: { branchIds: HELSINKI_BRANCHES, reasonId: 1, customerType: 'private', month, ...extra },
});

describe('month availability', () => {
  const h = createHarness();

  test('Every day of the month is listed; past days and days beyond the 90-day horizon have 0', async () => {
    const november = (await h.call('getMonthAvailability', monthQuery('2026-11'))).json;
    expect(november.days.map((d: { date: string }) => d.date)).toEqual(datesOfMonth('2026-11'));
    for (const day of november.days.slice(0, 22)) expect(day.freeSlots).toBe(0);
    expect(november.days[22].freeSlots).toBeGreaterThan(0); // today, 23 November, after 10:00
    const february = (await h.call('getMonthAvailability', monthQuery('2027-02'))).json;
    expect(february.days).toHaveLength(28);
    // Today + 89 days is 20 February 2027, the last bookable date (a Saturday).
    expect(february.days[18].freeSlots).toBeGreaterThan(0); // Friday 19 February
    for (const day of february.days.slice(20)) expect(day.freeSlots).toBe(0);
    const march = (await h.call('getMonthAvailability', monthQuery('2027-03'))).json;
    expect(march.days).toHaveLength(31);
    expect(march.days.every((d: { freeSlots: number }) => d.freeSlots === 0)).toBe(true);
  });

  test('Sundays and public holidays have no slots; weekdays have plenty', async () => {
    const december = (await h.call('getMonthAvailability', monthQuery('2026-12'))).json;
    const byDate = new Map<string, number>(
      december.days.map((d: { date: string; freeSlots: number }) => [d.date, d.freeSlots]),
    );
    for (const closed of ['2026-12-06', '2026-12-13', '2026-12-24', '2026-12-25', '2026-12-26'])
      expect(byDate.get(closed)).toBe(0);
    for (const open of ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-22'])
      expect(byDate.get(open)).toBeGreaterThan(10);
  });

  test("The month's counts equal the day view's slots", async () => {
    const december = (await h.call('getMonthAvailability', monthQuery('2026-12'))).json;
    for (const day of december.days.slice(0, 8)) {
      const slots = await daySlots(h, { date: day.date });
      expect(slots.slots.length).toBe(day.freeSlots);
    }
  });

  test('Unknown branch, reason or practitioner answers 400 naming the parameter', async () => {
    const { status, json } = await h.call('getMonthAvailability', {
      query: {
        branchIds: [1, 999],
        reasonId: 999,
        employeeId: 999,
        customerType: 'private',
        month: '2026-12',
      },
    });
    expect(status).toBe(400);
    expect(json.Code).toBe('validation-failed');
    expect(json.Errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'branchIds',
      'employeeId',
      'reasonId',
    ]);
  });

  test('A malformed month or a missing parameter answers 400', async () => {
    const month = await h.call('getMonthAvailability', monthQuery('2026-13'));
    expect(month.status).toBe(400);
    expect(month.json.Errors[0].field).toBe('month');
    const missing = await h.call('getMonthAvailability', {
      query: { reasonId: 1, customerType: 'private', month: '2026-12' },
    });
    expect(missing.json.Errors[0].field).toBe('branchIds');
  });

  test('A reason the customer type may not book answers 400 on reasonId', async () => {
    const { status, json } = await h.call(
      'getMonthAvailability',
      monthQuery('2026-12', { reasonId: 4, customerType: 'serviceVoucher' }),
    );
    expect(status).toBe(400);
    expect(json.Errors[0].field).toBe('reasonId');
  });

  test('A disabled branch simply has no slots', async () => {
    const disabled = h.state.db.branch.getAll().find((b) => !b.enabled)!;
    const { status, json } = await h.call(
      'getMonthAvailability',
      monthQuery('2026-12', { branchIds: [disabled.id] }),
    );
    expect(status).toBe(200);
    expect(json.days.every((d: { freeSlots: number }) => d.freeSlots === 0)).toBe(true);
  });

  test('The no-free-slots scenario empties the calendar', async () => {
    const s = createHarness();
    s.state.settings.scenarios['no-free-slots'] = true;
    const month = (await s.call('getMonthAvailability', monthQuery('2026-12'))).json;
    expect(month.days.every((d: { freeSlots: number }) => d.freeSlots === 0)).toBe(true);
    const day = await daySlots(s, { date: '2026-12-01' });
    expect(day).toEqual({
      date: '2026-12-01',
      previousDateWithSlots: null,
      nextDateWithSlots: null,
      slots: [],
    });
  });

  test('Availability is blocked during a maintenance break', async () => {
    const s = createHarness();
    s.state.settings.maintenance = { active: true, startsAt: null };
    expect((await s.call('getMonthAvailability', monthQuery('2026-12'))).status).toBe(503);
    expect(
      (
        await s.call('getDaySlots', {
          query: { branchIds: [1], reasonId: 1, customerType: 'private', date: '2026-12-01' },
        })
      ).status,
    ).toBe(503);
  });

  test('monthAvailability computes a month for every enabled branch of Helsinki', () => {
    const helsinki = h.state.db.branch
      .getAll()
      .filter((b) => b.city === 'Helsinki' && b.enabled)
      .map((b) => b.id);
    expect(helsinki).toHaveLength(4);
    const result = monthAvailability(h.state, {
      branchIds: helsinki,
      reasonId: 1,
      customerType: 'private',
      month: '2026-12',
    });
    if (!result.ok) throw new Error('failed');
    const weekdays = result.value.days.filter(
      (d) => dateInfo(d.date).weekday <= 5 && !isHoliday(d.date),
    );
    expect(weekdays.length).toBe(21); // 23 weekdays minus Christmas Eve and Christmas Day
    for (const day of weekdays) expect(day.freeSlots).toBeGreaterThan(0);
    const total = result.value.days.reduce((sum, d) => sum + d.freeSlots, 0);
    expect(total).toBeGreaterThan(500);
    expect(total).toBeLessThan(3000);
  });
});

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

describe('working days and other patients', () => {
  const seed = 20261122;
  const dentist = { id: 5, enabled: true, branchIds: [1, 2] };

  test('Easter and the holidays that hang on it are computed per year', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(isHoliday('2027-03-26')).toBe(true); // Good Friday
    expect(isHoliday('2027-03-29')).toBe(true); // Easter Monday
    expect(isHoliday('2027-05-06')).toBe(true); // Ascension Day
    expect(isHoliday('2027-06-25')).toBe(true); // Midsummer Eve
    expect(isHoliday('2026-10-31')).toBe(true); // All Saints' Day
    expect(isHoliday('2026-12-06')).toBe(true);
    expect(isHoliday('2026-12-07')).toBe(false);
  });

  test('Nobody works on Sundays, holidays, or when disabled', () => {
    expect(workingDay(seed, dentist, dateInfo('2026-12-06'))).toBeNull();
    expect(workingDay(seed, dentist, dateInfo('2026-12-24'))).toBeNull();
    expect(workingDay(seed, { ...dentist, enabled: false }, dateInfo('2026-12-01'))).toBeNull();
  });

  test('Practitioners with two branches spend some weekdays at the second one', () => {
    const branches = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const day = workingDay(seed, dentist, dateInfo(addDays('2026-11-30', i)));
      if (day) branches.add(day.branchId);
    }
    expect(branches).toEqual(new Set([1, 2]));
  });

  test('The grid follows the duration from the start of each working block', () => {
    const blocks = [
      { start: 480, end: 720 },
      { start: 750, end: 960 },
    ];
    expect(gridStarts(blocks, 90)).toEqual([480, 570, 750, 840]);
    expect(gridStarts(blocks, 45).slice(0, 6)).toEqual([480, 525, 570, 615, 660, 750]);
  });

  test('About half of the 30-minute slots are taken by other patients', () => {
    let grid = 0;
    let free = 0;
    for (let id = 1; id <= 72; id++) {
      for (let i = 0; i < 20; i++) {
        const plan = dayPlan(
          seed,
          { id, enabled: true, branchIds: [1] },
          dateInfo(addDays('2026-11-30', i)),
        );
        if (!plan) continue;
        grid += gridStarts(plan.blocks, 30).length;
        free += unbookedStarts(plan, 30).length;
      }
    }
    const taken = 1 - free / grid;
    expect(taken).toBeGreaterThan(0.4);
    expect(taken).toBeLessThan(0.6);
  });
});
