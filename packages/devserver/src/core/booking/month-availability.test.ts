import { describe, expect, test } from 'vitest';
import { createHarness } from '../../../test/harness.ts';
import { dateInfo, datesOfMonth, isHoliday } from './calendar.ts';
import { monthAvailability } from './month-availability.ts';
import { HELSINKI_BRANCHES, daySlots } from './test-helpers.ts';

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
