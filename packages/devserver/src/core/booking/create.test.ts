import { describe, expect, test } from 'vitest';
import { createHarness } from '../../../test/harness.ts';
import { createSession } from '../users/sessions.ts';
import { resourceIdOf } from './resources.ts';
import { dateInfo, localIso } from './calendar.ts';
import { dayPlan, gridStarts, overlaps } from './schedule.ts';
import { toHelsinkiIso } from '../clock.ts';
import {
  apart,
  book,
  bookingBody,
  type Slot,
  customer,
  daySlots,
  firstSlot,
  keyOf,
  slotsFrom,
} from './test-helpers.ts';

describe('booking a slot', () => {
  test('A patient books a free slot: it is confirmed, theirs, and no longer offered', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-01' });
    const { status, json } = await h.call('createReservation', {
      as: 'survey',
      body: bookingBody(slot),
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({
      status: 'confirmed',
      group: 'future',
      branch: { id: slot.branchId },
      reason: { id: 1, name: 'Dental check-up' },
      employee: { id: slot.employeeId, name: slot.employeeName },
      startTime: slot.startTime,
      endTime: slot.endTime,
      price: 79,
      customerType: 'private',
      voucherIdentifier: null,
      campaignCode: null,
      canModify: true,
      createdAt: '2026-11-23T10:00:00+02:00',
      customer: customer(),
    });
    const modifiableUntil = Date.parse(slot.startTime) - 24 * 3_600_000;
    expect(Date.parse(json.modifiableUntil)).toBe(modifiableUntil);
    const own = await h.call('getReservation', { as: 'survey', path: { id: json.id } });
    expect(own.json).toEqual(json);
    const future = await h.call('listReservations', { as: 'survey', query: { group: 'future' } });
    expect(future.json.map((r: { id: number }) => r.id)).toEqual([json.id]);
    const after = await daySlots(h, { date: '2026-12-01' });
    expect(after.slots.some((s) => s.key === slot.key)).toBe(false);
  });

  test("Someone else's reservation is not found, for staff too", async () => {
    const h = createHarness();
    const booked = await book(h, await firstSlot(h, { date: '2026-12-01' }), 'survey');
    for (const as of ['patient', 'admin', 'content-manager'] as const) {
      const { status, json } = await h.call('getReservation', { as, path: { id: booked.id } });
      expect(status).toBe(404);
      expect(json.Code).toBe('not-found');
    }
  });

  test('A campaign code lowers the price and is stored in its canonical form', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-01' });
    const booked = await book(h, slot, 'survey', { campaignCode: 'hymy10' });
    expect(booked.price).toBe(71.1);
    expect(booked.campaignCode).toBe('HYMY10');
  });

  test('An invalid campaign code answers 400 invalid-campaign-code on campaignCode and books nothing', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-01' });
    const cases = [
      ['VALKO20', { Problem: 'not-for-reason' }],
      ['KESA25', { Problem: 'expired', ProblemDate: '2026-09-14' }],
      ['KEVAT20', { Problem: 'not-yet-valid', ProblemDate: '2026-12-23' }],
      ['NOPE99', { Problem: 'unknown' }],
    ] as const;
    for (const [code, problem] of cases) {
      const { status, json } = await h.call('createReservation', {
        as: 'survey',
        body: bookingBody(slot, { campaignCode: code }),
      });
      expect(status).toBe(400);
      expect(json.Code).toBe('invalid-campaign-code');
      expect(json.Errors[0].field).toBe('campaignCode');
      expect({ Problem: json.Problem, ProblemDate: json.ProblemDate }).toEqual({
        ProblemDate: undefined,
        ...problem,
      });
    }
    expect((await daySlots(h, { date: '2026-12-01' })).slots[0]!.key).toBe(slot.key);
  });

  test('A service-voucher customer books with a valid identifier and pays their share', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-01', customerType: 'serviceVoucher' });
    const booked = await book(h, slot, 'survey', {
      customerType: 'serviceVoucher',
      voucherIdentifier: 'psv-2026-004512',
    });
    expect(booked).toMatchObject({
      customerType: 'serviceVoucher',
      voucherIdentifier: 'PSV-2026-004512',
      price: 32,
    });
  });

  test('A private customer’s identifier is ignored', async () => {
    const h = createHarness();
    const booked = await book(h, await firstSlot(h, { date: '2026-12-01' }), 'survey', {
      voucherIdentifier: 'PSV-2026-004512',
    });
    expect(booked.voucherIdentifier).toBeNull();
  });

  test.each([
    ['an unknown identifier', 'paymentCommitment', 'MS-2026-999999', /No valid/, 'unknown'],
    [
      'an identifier not covering the reason',
      'paymentCommitment',
      'MS-2026-000042',
      /does not cover/,
      'not-for-reason',
    ],
    [
      'an identifier of the other type',
      'serviceVoucher',
      'MS-2026-118734',
      /other customer type/,
      'other-customer-type',
    ],
  ])(
    '%s answers 400 invalid-voucher on voucherIdentifier',
    async (_, type, identifier, message, problem) => {
      const h = createHarness();
      const slot = await firstSlot(h, { date: '2026-12-01' });
      const { status, json } = await h.call('createReservation', {
        as: 'survey',
        body: bookingBody(slot, {
          customerType: type as 'serviceVoucher' | 'paymentCommitment',
          voucherIdentifier: identifier,
        }),
      });
      expect(status).toBe(400);
      expect(json.Code).toBe('invalid-voucher');
      expect(json.Errors).toEqual([
        { field: 'voucherIdentifier', errorMessage: expect.stringMatching(message) },
      ]);
      expect(json.Problem).toBe(problem);
      expect(json).not.toHaveProperty('ProblemDate');
    },
  );

  test('A voucher only covers visits up to its last day', async () => {
    const h = createHarness();
    const voucher = {
      customerType: 'serviceVoucher' as const,
      voucherIdentifier: 'PSV-2026-010204', // valid until 7.12.2026
    };
    const late = await firstSlot(h, { date: '2026-12-08', customerType: 'serviceVoucher' });
    const refused = await h.call('createReservation', {
      as: 'survey',
      body: bookingBody(late, voucher),
    });
    expect(refused.json.Code).toBe('invalid-voucher');
    expect(refused.json.Errors[0].errorMessage).toContain('7.12.2026');
    expect(refused.json).toMatchObject({ Problem: 'ends-before-visit', ProblemDate: '2026-12-07' });
    const inTime = await firstSlot(h, { date: '2026-12-07', customerType: 'serviceVoucher' });
    expect(inTime.startTime <= '2026-12-07T23:59').toBe(true);
    await book(h, inTime, 'survey', voucher);
  });

  test.each([
    ['email missing', { customer: { ...customer(), email: undefined } }, 'customer.email'],
    ['email malformed', { customer: customer({ email: 'maija@' }) }, 'customer.email'],
    ['phone malformed', { customer: customer({ phone: '12345' }) }, 'customer.phone'],
    ['phone missing', { customer: { ...customer(), phone: undefined } }, 'customer.phone'],
    ['street missing', { customer: { ...customer(), street: undefined } }, 'customer.street'],
    [
      'postal code malformed',
      { customer: customer({ postalCode: '0010' }) },
      'customer.postalCode',
    ],
    ['city blank', { customer: customer({ city: '   ' }) }, 'customer.city'],
    ['first name blank', { customer: customer({ firstName: ' ' }) }, 'customer.firstName'],
    [
      'SSN with a wrong control character',
      { customer: customer({ ssn: '150385-914A' }) },
      'customer.ssn',
    ],
    ['SSN with an impossible date', { customer: customer({ ssn: '310285-914H' }) }, 'customer.ssn'],
    ['voucher identifier missing', { customerType: 'serviceVoucher' }, 'voucherIdentifier'],
    ['customer type missing', { customerType: undefined }, 'customerType'],
  ])(
    'Booking with %s answers 400 with a field error on its dotted path',
    async (_, overrides, field) => {
      const h = createHarness();
      const slot = await firstSlot(h, { date: '2026-12-01' });
      const { status, json } = await h.call('createReservation', {
        as: 'survey',
        body: { ...bookingBody(slot), ...overrides },
      });
      expect(status).toBe(400);
      expect(json.Code).toBe('validation-failed');
      expect(json.Errors.map((e: { field: string }) => e.field)).toContain(field);
    },
  );

  test('An empty or blank email says it is required, as the spec words it, not that it is malformed', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-01' });
    for (const email of ['', '   ']) {
      const { status, json } = await h.call('createReservation', {
        as: 'survey',
        body: { ...bookingBody(slot), customer: customer({ email }) },
      });
      expect(status).toBe(400);
      expect(json.Errors).toContainEqual({
        field: 'customer.email',
        errorMessage: 'Please fill this field',
      });
    }
    const malformed = await h.call('createReservation', {
      as: 'survey',
      body: { ...bookingBody(slot), customer: customer({ email: 'maija@' }) },
    });
    expect(malformed.json.Errors).toContainEqual({
      field: 'customer.email',
      errorMessage: 'Enter a valid email address.',
    });
  });

  test('The Finnish phone forms are accepted', async () => {
    const h = createHarness();
    const slots = apart(await slotsFrom(h, { date: '2026-12-01' }));
    for (const [i, phone] of [
      '040 123 4567',
      '+358401234567',
      '0401234567',
      '09 1234 567',
    ].entries()) {
      const booked = await book(h, slots[i]!, 'survey', { customer: customer({ phone }) });
      expect(booked.customer.phone).toBe(phone);
    }
  });

  test('A reason that requires it needs a description for the staff', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-01', reasonId: 4 });
    for (const descriptionForStaff of [undefined, null, '   ']) {
      const { json } = await h.call('createReservation', {
        as: 'survey',
        body: bookingBody(slot, { descriptionForStaff }),
      });
      expect(json.Code).toBe('validation-failed');
      expect(json.Errors).toEqual([
        {
          field: 'descriptionForStaff',
          errorMessage: 'Briefly describe the reason for the visit.',
        },
      ]);
    }
    const booked = await book(h, slot, 'survey', { descriptionForStaff: ' Särkee. ' });
    expect(booked.descriptionForStaff).toBe('Särkee.');
  });

  test('A reason the customer type may not book answers 400 on customerType', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-01', reasonId: 4 });
    const { json } = await h.call('createReservation', {
      as: 'survey',
      body: bookingBody(slot, {
        customerType: 'serviceVoucher',
        voucherIdentifier: 'PSV-2026-004512',
        descriptionForStaff: 'Särkee.',
      }),
    });
    expect(json.Code).toBe('validation-failed');
    expect(json.Errors[0].field).toBe('customerType');
  });

  test('A malformed slot key answers 400 on slotKey', async () => {
    const h = createHarness();
    const { status, json } = await h.call('createReservation', {
      as: 'survey',
      body: bookingBody({
        key: '1=1001=1=2026-12-01T09:30:00+02:00=2026-12-01T09:00:00+02:00',
      }),
    });
    expect(status).toBe(400);
    expect(json.Errors[0].field).toBe('slotKey');
    const pattern = await h.call('createReservation', {
      as: 'survey',
      body: bookingBody({ key: 'not-a-key' }),
    });
    expect(pattern.json.Errors[0].field).toBe('slotKey');
  });

  describe('keys that name no bookable slot answer 409 slot-unavailable', () => {
    const h = createHarness();
    const shift = (iso: string, minutes: number) =>
      toHelsinkiIso(Date.parse(iso) + minutes * 60_000);
    const variants: [string, (s: Slot) => string][] = [
      [
        'a time off the grid',
        (s) => keyOf({ ...s, startTime: shift(s.startTime, 10), endTime: shift(s.endTime, 10) }),
      ],
      [
        'another duration than the reason’s',
        (s) => keyOf({ ...s, endTime: shift(s.startTime, 45) }),
      ],
      [
        'a branch the resource does not belong to',
        (s) => keyOf({ ...s, branchId: s.branchId === 1 ? 2 : 1 }),
      ],
      [
        'an unknown practitioner',
        (s) => keyOf({ ...s, resourceId: resourceIdOf(999, s.branchId) }),
      ],
      ['an unknown reason', (s) => keyOf({ ...s, reasonId: 99 })],
      [
        'a reason the practitioner does not perform',
        (s) => keyOf({ ...s, reasonId: 2, endTime: shift(s.startTime, 60) }),
      ],
      [
        'a Sunday',
        (s) =>
          keyOf({
            ...s,
            startTime: '2026-12-06T09:00:00+02:00',
            endTime: '2026-12-06T09:30:00+02:00',
          }),
      ],
      [
        'a time in the past',
        (s) =>
          keyOf({
            ...s,
            startTime: '2026-11-23T08:00:00+02:00',
            endTime: '2026-11-23T08:30:00+02:00',
          }),
      ],
      [
        'a date beyond the horizon',
        (s) =>
          keyOf({
            ...s,
            startTime: s.startTime.replace('2026-12-01', '2027-03-02'),
            endTime: s.endTime.replace('2026-12-01', '2027-03-02'),
          }),
      ],
    ];
    test.each(variants)('%s', async (_, make) => {
      const base = await firstSlot(h, { date: '2026-12-01' });
      const { status, json } = await h.call('createReservation', {
        as: 'survey',
        body: bookingBody({ key: make(base) }),
      });
      expect(status).toBe(409);
      expect(json.Code).toBe('slot-unavailable');
    });
  });

  test('A slot of a disabled branch or practitioner is unavailable, even when listed before', async () => {
    const h = createHarness();
    const slots = await slotsFrom(h, { date: '2026-12-01', branchIds: [2] });
    const [first, second] = [slots[0]!, slots.find((s) => s.employeeId !== slots[0]!.employeeId)!];
    h.state.db.employee.update({
      where: { id: { equals: first.employeeId } },
      data: { enabled: false },
    });
    const byEmployee = await h.call('createReservation', {
      as: 'survey',
      body: bookingBody(first),
    });
    expect(byEmployee.json.Code).toBe('slot-unavailable');
    h.state.db.branch.update({ where: { id: { equals: 2 } }, data: { enabled: false } });
    const byBranch = await h.call('createReservation', { as: 'survey', body: bookingBody(second) });
    expect(byBranch.json.Code).toBe('slot-unavailable');
  });

  test('A slot listed before its start passes is unavailable once it has started', async () => {
    const h = createHarness();
    const slot = (await daySlots(h, { date: '2026-11-23' })).slots[0]!;
    h.state.clock.set(new Date(Date.parse(slot.startTime)));
    const { json } = await h.call('createReservation', { as: 'survey', body: bookingBody(slot) });
    expect(json.Code).toBe('slot-unavailable');
  });

  test('A slot booked meanwhile answers 409 slot-taken', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-01' });
    await book(h, slot, 'survey');
    const { status, json } = await h.call('createReservation', {
      as: 'patient',
      body: bookingBody(slot),
    });
    expect(status).toBe(409);
    expect(json).toEqual({
      Code: 'slot-taken',
      UserMessage: 'This time was just booked by someone else. Please choose another time.',
    });
  });

  test('A slot on the grid that other patients already have answers 409 slot-taken', async () => {
    const h = createHarness();
    const info = dateInfo('2026-12-01');
    // A practitioner working that day whose grid has a time other patients already have.
    const busy = h.state.db.employee
      .getAll()
      .map((employee) => ({ employee, plan: dayPlan(h.state.seed, employee, info) }))
      .flatMap(({ employee, plan }) => {
        if (!plan) return [];
        const start = gridStarts(plan.blocks, 30).find((m) =>
          plan.busy.some((b) => overlaps({ start: m, end: m + 30 }, b)),
        );
        return start === undefined ? [] : [{ employee, plan, start }];
      })[0]!;
    const key = keyOf({
      branchId: busy.plan.branchId,
      resourceId: resourceIdOf(busy.employee.id, busy.plan.branchId),
      reasonId: 1,
      startTime: localIso(info, busy.start),
      endTime: localIso(info, busy.start + 30),
    });
    const { json } = await h.call('createReservation', {
      as: 'survey',
      body: bookingBody({ key }),
    });
    expect(json.Code).toBe('slot-taken');
  });

  test('The no-free-slots scenario makes every slot taken', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-01' });
    h.state.settings.scenarios['no-free-slots'] = true;
    const { json } = await h.call('createReservation', { as: 'survey', body: bookingBody(slot) });
    expect(json.Code).toBe('slot-taken');
  });

  test('Of 50 simultaneous bookings of one slot exactly one succeeds; 49 answer slot-taken', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-01' });
    const tokens = Array.from({ length: 50 }, (_, i) => createSession(h.state, 6 + i).token);
    const responses = await Promise.all(
      tokens.map((token) => h.call('createReservation', { token, body: bookingBody(slot) })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409 && r.json.Code === 'slot-taken')).toHaveLength(
      49,
    );
    const stored = h.state.db.reservation
      .getAll()
      .filter((r) => r.startTime === slot.startTime && r.employeeId === slot.employeeId);
    expect(stored).toHaveLength(1);
  });

  test('Booking needs a signed-in user who accepted the terms', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-01' });
    const anonymous = await h.call('createReservation', { body: bookingBody(slot) });
    expect(anonymous.status).toBe(401);
    const firstLogin = await h.call('createReservation', {
      as: 'first-login',
      body: bookingBody(slot),
    });
    expect(firstLogin.status).toBe(403);
    expect(firstLogin.json.Code).toBe('terms-not-accepted');
  });

  test('Booking is blocked during a maintenance break', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-01' });
    h.state.settings.maintenance = { active: true, startsAt: null };
    const { status, json } = await h.call('createReservation', {
      as: 'survey',
      body: bookingBody(slot),
    });
    expect(status).toBe(503);
    expect(json.MaintenanceStartsAt).toBe('2026-11-23T10:00:00+02:00');
  });

  test('Texts of the reservation follow the request language', async () => {
    const h = createHarness();
    const slot = await firstSlot(h, { date: '2026-12-01' });
    const { json } = await h.call('createReservation', {
      as: 'survey',
      body: bookingBody(slot),
      headers: { 'Accept-Language': 'fi' },
    });
    expect(json.reason.name).toBe('Hammastarkastus');
  });
});
