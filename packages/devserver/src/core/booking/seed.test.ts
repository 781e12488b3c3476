import { describe, expect, test } from 'vitest';
import { createHarness } from '../../../test/harness.ts';
import { bookingSeedFacts, describeBookingSeed } from './facts.ts';
import { SEEDED_RESERVATION_IDS as SEEDED, insideWindowFallback } from './seed.ts';
import { book, firstSlot } from './test-helpers.ts';

const HOUR = 3_600_000;

describe("the test patient's reservations", () => {
  const h = createHarness();

  test('The patient has future, inside-24-hours, tentative and past reservations; other test users none', async () => {
    const now = h.state.clock.nowMs();
    const future = (await h.call('listReservations', { as: 'patient', query: { group: 'future' } }))
      .json;
    expect(future.map((r: { id: number }) => r.id)).toEqual([
      SEEDED.insideWindow,
      SEEDED.futureCheckUp,
      SEEDED.futureCleaning,
    ]);
    const starts = future.map((r: { startTime: string }) => Date.parse(r.startTime));
    expect(starts[0] - now).toBeGreaterThan(0);
    expect(starts[0] - now).toBeLessThan(24 * HOUR);
    expect(future[0].canModify).toBe(false);
    expect(starts[1] - now).toBeGreaterThan(24 * HOUR);
    expect(future[1].canModify).toBe(true);
    const tentative = (
      await h.call('listReservations', { as: 'patient', query: { group: 'tentative' } })
    ).json;
    expect(tentative).toMatchObject([
      { id: SEEDED.tentative, status: 'tentative', canModify: true },
    ]);
    const past = (await h.call('listReservations', { as: 'patient', query: { group: 'past' } }))
      .json;
    expect(past.map((r: { id: number }) => r.id)).toEqual([
      SEEDED.cancelled,
      SEEDED.completedCleaning,
      SEEDED.completedCheckUp,
      SEEDED.completedOld,
    ]);
    for (const as of ['survey', 'admin', 'content-manager'] as const) {
      for (const group of ['future', 'past', 'tentative']) {
        expect((await h.call('listReservations', { as, query: { group } })).json).toEqual([]);
      }
      expect((await h.call('listVisitHistory', { as })).json).toEqual([]);
    }
  });

  test('A missing or unknown group answers 400', async () => {
    const missing = await h.call('listReservations', { as: 'patient' });
    expect(missing.status).toBe(400);
    const unknown = await h.call('listReservations', { as: 'patient', query: { group: 'all' } });
    expect(unknown.json.Errors[0].field).toBe('group');
  });

  test('The seeded future reservations hold their practitioners’ time', async () => {
    const checkUp = (
      await h.call('getReservation', { as: 'patient', path: { id: SEEDED.futureCheckUp } })
    ).json;
    const slotKey = [
      checkUp.branch.id,
      checkUp.employee.id * 1000 + checkUp.branch.id,
      1,
      checkUp.startTime,
      checkUp.endTime,
    ].join('=');
    const { json } = await h.call('createReservation', {
      as: 'survey',
      body: {
        slotKey,
        customerType: 'private',
        customer: {
          firstName: 'Siiri',
          lastName: 'Kyselinen',
          email: 'siiri@example.fi',
          phone: '040 100 0003',
          street: 'Katu 1',
          postalCode: '00100',
          city: 'Helsinki',
        },
      },
    });
    expect(json.Code).toBe('slot-taken');
  });

  test.each([
    ['on a Saturday evening', '2026-11-28T22:00:00+02:00'],
    ['in the small hours of a Sunday', '2026-11-29T03:00:00+02:00'],
    ['on Christmas Eve', '2026-12-24T12:00:00+02:00'],
    ['on a weekday afternoon', '2026-11-25T16:30:00+02:00'],
  ])(
    'Seeded %s, the inside-24-hours reservation is still ahead and inside 24 hours',
    async (_, now) => {
      const s = createHarness({ now: new Date(now) });
      const inside = (
        await s.call('getReservation', { as: 'patient', path: { id: SEEDED.insideWindow } })
      ).json;
      const ahead = Date.parse(inside.startTime) - Date.parse(now);
      expect(ahead).toBeGreaterThanOrEqual(HOUR);
      expect(ahead).toBeLessThanOrEqual(23 * HOUR);
      expect(inside.canModify).toBe(false);
    },
  );

  test('The fallback time inside 24 hours is in opening hours', () => {
    for (const now of [
      '2026-11-28T22:00:00+02:00',
      '2026-11-23T07:00:00+02:00',
      '2026-11-23T23:59:00+02:00',
    ]) {
      const start = insideWindowFallback(Date.parse(now));
      expect(start - Date.parse(now)).toBeGreaterThanOrEqual(HOUR);
      expect(start - Date.parse(now)).toBeLessThanOrEqual(23 * HOUR);
    }
  });

  test('The seed facts name valid and expired codes and the identifiers', () => {
    const facts = bookingSeedFacts(h.state);
    expect(facts.campaignCodes.find((c) => c.code === 'HYMY10')?.state).toBe('valid');
    expect(facts.campaignCodes.find((c) => c.code === 'KESA25')?.state).toBe('expired');
    expect(facts.campaignCodes.find((c) => c.code === 'KEVAT20')?.state).toBe('upcoming');
    expect(facts.vouchers.map((v) => v.identifier)).toContain('PSV-2026-004512');
    expect(facts.patientReservations).toHaveLength(8);
    expect(describeBookingSeed(h.state)).toMatch(
      /HYMY10 \(valid\).*KESA25 \(expired\).*PSV-2026-004512/,
    );
  });
});

describe('visit history', () => {
  test('Completed visits are listed newest first; cancelled ones are not visits', async () => {
    const h = createHarness();
    const { json } = await h.call('listVisitHistory', {
      as: 'patient',
      headers: { 'Accept-Language': 'fi' },
    });
    expect(json.map((v: { id: number }) => v.id)).toEqual([
      SEEDED.completedCleaning,
      SEEDED.completedCheckUp,
      SEEDED.completedOld,
    ]);
    expect(json[0]).toMatchObject({
      reasonName: 'Hammaskiven poisto suuhygienistillä',
      price: 105,
    });
    expect(json[2]).toMatchObject({ employeeName: null, price: null });
    const starts = json.map((v: { startTime: string }) => Date.parse(v.startTime));
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
  });

  test('A confirmed visit counts as completed once it has ended', async () => {
    const h = createHarness();
    const booked = await book(h, await firstSlot(h, { date: '2026-12-01' }), 'survey');
    expect((await h.call('listVisitHistory', { as: 'survey' })).json).toEqual([]);
    h.state.clock.set(new Date(Date.parse(booked.startTime) + 10 * 60_000));
    const during = (await h.call('getReservation', { as: 'survey', path: { id: booked.id } })).json;
    expect(during).toMatchObject({ status: 'confirmed', group: 'past', canModify: false });
    h.state.clock.set(new Date(Date.parse(booked.endTime)));
    const after = (await h.call('getReservation', { as: 'survey', path: { id: booked.id } })).json;
    expect(after.status).toBe('completed');
    const history = (await h.call('listVisitHistory', { as: 'survey' })).json;
    expect(history).toEqual([
      {
        id: booked.id,
        startTime: booked.startTime,
        branchName: booked.branch.name,
        reasonName: 'Dental check-up',
        employeeName: booked.employee!.name,
        price: 79,
      },
    ]);
    const move = await h.call('moveReservation', {
      as: 'survey',
      path: { id: booked.id },
      body: { slotKey: (await firstSlot(h, { date: '2026-12-10' })).key },
    });
    expect(move.json.Code).toBe('not-modifiable');
  });

  test('The history needs a signed-in user', async () => {
    const h = createHarness();
    expect((await h.call('listVisitHistory')).status).toBe(401);
  });
});
