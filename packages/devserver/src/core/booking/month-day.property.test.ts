import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Schemas } from '@portal/sdk';
import { TEST_NOW, createHarness } from '../../../test/harness.ts';
import { helsinkiDate } from '../clock.ts';
import { overlapOf } from './reservations.ts';
import { HELSINKI_BRANCHES, apart, book, daySlots } from './test-helpers.ts';

type CustomerType = Schemas['CustomerTypeId'];

/** What a patient can choose before the calendar: clinic or city, service, practitioner, type. */
interface Filters {
  branchIds: number[];
  reasonId: number;
  customerType: CustomerType;
  employeeId?: number;
}

const CUSTOMER_TYPES: CustomerType[] = ['private', 'serviceVoucher', 'paymentCommitment'];

/** The `YYYY-MM` of a Helsinki date and of the month after it. */
function monthsFrom(date: string): string[] {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return [date.slice(0, 7), next];
}

describe('the month view and the day views agree', () => {
  test('Property: at any dev-clock minute, for any clinic or city, service, practitioner and customer type, and after bookings meanwhile, a day counted free in the month has exactly that many bookable times in its day view, and the day view points to the next free day the month shows', async () => {
    // The choices the booking offers, read from the seed.
    const seed = createHarness();
    const branches = (await seed.call('listBranches')).json as Schemas['Branch'][];
    const employees = (await seed.call('listEmployees')).json as Schemas['Employee'][];
    const reasonsByType = new Map<CustomerType, number[]>();
    for (const customerType of CUSTOMER_TYPES) {
      const reasons = (await seed.call('listReasons', { query: { customerType } })).json as {
        id: number;
      }[];
      reasonsByType.set(
        customerType,
        reasons.map((reason) => reason.id),
      );
    }
    const places = [
      HELSINKI_BRANCHES,
      ...branches.filter((branch) => branch.Enabled).map((branch) => [branch.Id]),
    ];

    const filters = fc
      .record({
        customerType: fc.constantFrom(...CUSTOMER_TYPES),
        branchIds: fc.constantFrom(...places),
        reasonPick: fc.nat(),
        employeePick: fc.option(fc.nat(), { nil: undefined }),
      })
      .filter(({ customerType }) => (reasonsByType.get(customerType) ?? []).length > 0)
      .map(({ customerType, branchIds, reasonPick, employeePick }): Filters => {
        const reasons = reasonsByType.get(customerType)!;
        const staff = employees.filter((e) => e.Branches.some((id) => branchIds.includes(id)));
        const employee =
          employeePick === undefined || staff.length === 0
            ? undefined
            : staff[employeePick % staff.length];
        return {
          customerType,
          branchIds,
          reasonId: reasons[reasonPick % reasons.length]!,
          ...(employee ? { employeeId: employee.Id } : {}),
        };
      });

    await fc.assert(
      fc.asyncProperty(
        // Any minute of the next 60 days, late evenings and closed days included.
        fc.integer({ min: 0, max: 60 * 24 * 60 }),
        filters,
        fc.integer({ min: 0, max: 3 }),
        async (minutes, filter, bookings) => {
          const h = createHarness({ now: new Date(TEST_NOW.getTime() + minutes * 60_000) });
          const todayDate = helsinkiDate(h.state.clock.now());
          // Bookings made meanwhile by a private patient: the first free times at these clinics
          // (shared practitioners, so other services and customer types lose times too).
          const privately = { branchIds: filter.branchIds, reasonId: 1, date: todayDate };
          const first = await daySlots(h, privately);
          const bookDay =
            first.slots.length > 0
              ? first
              : first.nextDateWithSlots
                ? await daySlots(h, { ...privately, date: first.nextDateWithSlots })
                : null;
          // Not at a time the patient is booked at already (409 overlapping-reservation).
          const patientId = h.state.db.user.findFirst({
            where: { devKey: { equals: 'patient' } },
          })!.id;
          const bookable = apart(bookDay?.slots ?? []).filter(
            (slot) =>
              !overlapOf(h.state, patientId, Date.parse(slot.startTime), Date.parse(slot.endTime)),
          );
          for (const slot of bookable.slice(0, bookings)) await book(h, slot);

          for (const month of monthsFrom(todayDate)) {
            const answer = await h.call('getMonthAvailability', { query: { ...filter, month } });
            const days = (answer.json as Schemas['MonthAvailability']).days;
            for (const [index, day] of days.entries()) {
              const view = await daySlots(h, { ...filter, date: day.date });
              expect(view.slots.length, `${day.date} ${JSON.stringify(filter)}`).toBe(
                day.freeSlots,
              );
              const nextInMonth = days.slice(index + 1).find((d) => d.freeSlots > 0)?.date;
              if (nextInMonth) expect(view.nextDateWithSlots).toBe(nextInMonth);
            }
          }
        },
      ),
      { numRuns: 12, seed: 20261126 },
    );
    // About 750 day views: a bound for a loaded 2-core machine, not a performance target.
  }, 300_000);
});
