import type { Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.ts';
import { reasons } from './catalog.ts';
import { book, daySlots } from './test-helpers.ts';

type FirstFree = Schemas['FirstFreeTimes'];

async function firstFree(
  h: Harness,
  query: {
    reasonId: number;
    customerType?: Schemas['CustomerTypeId'];
    employeeId?: number;
    branchIds?: number[];
  },
): Promise<FirstFree> {
  const response = await h.call('getFirstFreeTimes', {
    query: { customerType: 'private', ...query },
  });
  if (response.status !== 200) throw new Error(`getFirstFreeTimes ${response.status}`);
  return response.json as FirstFree;
}

const dayOf = (time: string): string => time.slice(0, 10);

describe('first free times (getFirstFreeTimes)', () => {
  const h = createHarness();

  test('A disabled clinic says why it takes no online booking, in the language asked; an open one says nothing', async () => {
    const branches = (await h.call('listBranches')).json as Schemas['Branch'][];
    const named = (name: string) => branches.find((branch) => branch.Name === name)!.Id;
    const reasonsIn = async (language: string) => {
      const answer = await h.call('getFirstFreeTimes', {
        query: { reasonId: 1, customerType: 'private' },
        headers: { 'accept-language': language },
      });
      return new Map(
        (answer.json as FirstFree).branches.map((entry) => [entry.branchId, entry.closedReason]),
      );
    };
    const sv = await reasonsIn('sv');
    expect(sv.get(named('Helsinki Munkkiniemi'))).toBe('Stängd under renoveringen');
    expect(sv.get(named('Tampere Lielahti'))).toBe('Tidsbokning endast per telefon');
    // Closed without a recorded reason, and open clinics: nothing.
    expect(sv.get(named('Hämeenlinna Keskusta'))).toBeUndefined();
    expect(sv.get(named('Helsinki Kamppi'))).toBeUndefined();
    expect((await reasonsIn('fi')).get(named('Helsinki Munkkiniemi'))).toBe(
      'Suljettu remontin ajan',
    );
    expect((await reasonsIn('en')).get(named('Tampere Lielahti'))).toBe(
      'Appointments by phone only',
    );
  });

  test('Lists exactly the practitioners who perform the reason: enabled, at an enabled branch, of a profession it names', async () => {
    const employees = (await h.call('listEmployees')).json as Schemas['Employee'][];
    const branches = (await h.call('listBranches')).json as Schemas['Branch'][];
    const enabledBranches = new Set(branches.filter((b) => b.Enabled).map((b) => b.Id));
    const kindOf = new Map(h.state.db.employee.getAll().map((row) => [row.id, row.kind]));
    for (const reason of reasons) {
      const customerType = reason.prices.private === undefined ? 'paymentCommitment' : 'private';
      const { practitioners } = await firstFree(h, { reasonId: reason.id, customerType });
      const expected = employees
        .filter(
          (employee) =>
            employee.Enabled &&
            employee.Branches.some((id) => enabledBranches.has(id)) &&
            reason.kinds.includes(kindOf.get(employee.Id) as never),
        )
        .map((employee) => employee.Id);
      expect(practitioners.map((p) => p.employeeId)).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
    }
    // A dentist's check-up offers no dental nurse; the quick clean offers no dentist.
    const checkUp = await firstFree(h, { reasonId: 1 });
    const quickClean = await firstFree(h, { reasonId: 11 });
    const listed = (list: FirstFree) =>
      new Set(list.practitioners.map((p) => kindOf.get(p.employeeId)));
    expect([...listed(checkUp)]).toEqual(['dentist']);
    expect(listed(quickClean).has('dentist')).toBe(false);
  });

  test("Each branch's first free time is the first slot of its first free day in the day view", async () => {
    const { branches } = await firstFree(h, { reasonId: 1 });
    const all = (await h.call('listBranches')).json as Schemas['Branch'][];
    expect(branches.map((b) => b.branchId)).toEqual(all.map((b) => b.Id));
    let checked = 0;
    for (const { branchId, firstFreeTime } of branches) {
      const enabled = all.find((b) => b.Id === branchId)?.Enabled;
      if (!enabled) {
        expect(firstFreeTime).toBeNull();
        continue;
      }
      if (firstFreeTime === null) {
        // Nobody who performs the reason works there: the calendar has nothing either.
        const today = await daySlots(h, { branchIds: [branchId], date: '2026-11-23' });
        expect(today.slots).toEqual([]);
        expect(today.nextDateWithSlots).toBeNull();
        continue;
      }
      const day = await daySlots(h, { branchIds: [branchId], date: dayOf(firstFreeTime) });
      expect(day.slots[0]?.startTime).toBe(firstFreeTime);
      expect(day.previousDateWithSlots).toBeNull();
      checked += 1;
    }
    expect(checked).toBeGreaterThan(20);
  });

  test("A practitioner's time is theirs, at the given branches only; a practitioner chosen first gives the branches' times", async () => {
    const all = await firstFree(h, { reasonId: 1 });
    const someone = all.practitioners.find((p) => p.firstFreeTime !== null)!;
    const employee = h.state.db.employee.getAll().find((row) => row.id === someone.employeeId)!;
    const day = await daySlots(h, {
      branchIds: employee.branchIds,
      employeeId: employee.id,
      date: dayOf(someone.firstFreeTime!),
    });
    expect(day.slots[0]?.startTime).toBe(someone.firstFreeTime);
    expect(day.previousDateWithSlots).toBeNull();

    const elsewhere = (await h.call('listBranches')).json as Schemas['Branch'][];
    const other = elsewhere.find((b) => b.Enabled && !employee.branchIds.includes(b.Id))!;
    const atOther = await firstFree(h, { reasonId: 1, branchIds: [other.Id] });
    expect(
      atOther.practitioners.find((p) => p.employeeId === employee.id)?.firstFreeTime,
    ).toBeNull();

    const theirs = await firstFree(h, { reasonId: 1, employeeId: employee.id });
    for (const { branchId, firstFreeTime } of theirs.branches) {
      if (!employee.branchIds.includes(branchId)) expect(firstFreeTime).toBeNull();
    }
    const earliest = theirs.branches
      .map((b) => b.firstFreeTime)
      .filter((time): time is string => time !== null)
      .sort()[0];
    expect(earliest).toBe(someone.firstFreeTime);
  });

  test('A booked first time moves the first free time on; the no-free-slots scenario empties every choice', async () => {
    const s = createHarness();
    const before = await firstFree(s, { reasonId: 1, branchIds: [1] });
    const branchTime = (list: FirstFree) =>
      list.branches.find((b) => b.branchId === 1)?.firstFreeTime;
    const first = (await daySlots(s, { branchIds: [1], date: dayOf(branchTime(before)!) })).slots;
    // Book every slot of that first time at branch 1, then the branch's first time is later.
    for (const slot of first.filter((candidate) => candidate.startTime === branchTime(before)))
      await book(s, slot);
    const after = await firstFree(s, { reasonId: 1, branchIds: [1] });
    expect(branchTime(after)! > branchTime(before)!).toBe(true);

    s.state.settings.scenarios['no-free-slots'] = true;
    const none = await firstFree(s, { reasonId: 1 });
    expect(none.branches.every((b) => b.firstFreeTime === null)).toBe(true);
    expect(none.practitioners.every((p) => p.firstFreeTime === null)).toBe(true);
    expect(none.practitioners.length).toBeGreaterThan(0);
  });

  test('Unknown reason, practitioner or branch answers 400 naming the parameter; a reason the customer type cannot book too', async () => {
    const unknown = await h.call('getFirstFreeTimes', {
      query: { reasonId: 999, customerType: 'private', employeeId: 999, branchIds: [1, 999] },
    });
    expect(unknown.status).toBe(400);
    const fields = unknown.json.Errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['branchIds', 'employeeId', 'reasonId']);
    const wisdomTooth = await h.call('getFirstFreeTimes', {
      query: { reasonId: 10, customerType: 'serviceVoucher' },
    });
    expect(wisdomTooth.status).toBe(400);
  });
});
