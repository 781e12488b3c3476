import { describe, expect, test } from 'vitest';
import {
  TODAY,
  aino,
  checkUp,
  privateCustomer,
  slot,
  validDetails,
  voucherCustomer,
} from '../testing/booking-fixtures.ts';
import {
  helsinki,
  startBooking,
  toSlot,
  loadSlotStep,
  holdAndGoOn,
  toDetails,
  toConfirm,
} from '../testing/booking-wizard.ts';
import { settle } from '../testing/deferred-actor.ts';
import { maintenance } from '../testing/fixtures.ts';
import type { BookingChoices, BookingStep } from './booking-choices.ts';
import type { BookingView } from './booking.machine.ts';
import { EMPTY_DETAILS } from './validate-details.ts';

describe('going back', () => {
  test('Going back step by step keeps every earlier answer', async () => {
    const booking = startBooking();
    toSlot(booking, { employee: aino });
    await loadSlotStep(booking);
    booking.pick({ type: 'slot.select', slot: slot() });
    await holdAndGoOn(booking);
    booking.actor.send({ type: 'details.change', details: validDetails });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('confirm');

    const visited: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      booking.actor.send({ type: 'wizard.back' });
      visited.push(booking.view());
    }
    expect(visited).toEqual([
      'details',
      'slot',
      'practitioner',
      'branch',
      'reason',
      'customerType',
    ]);
    expect(booking.context()).toMatchObject({
      customerType: privateCustomer,
      reason: checkUp,
      branch: helsinki,
      employee: aino,
      slot: slot(),
      details: validDetails,
    });
  });

  test('Going back is not possible while the booking is being sent', async () => {
    const booking = startBooking();
    await toConfirm(booking);
    booking.actor.send({ type: 'wizard.submit' });
    booking.actor.send({ type: 'wizard.back' });
    expect(booking.actor.getSnapshot().matches({ wizard: { confirm: 'submitting' } })).toBe(true);
  });
});

describe('maintenance', () => {
  test('Maintenance blocks the wizard and lifting it returns to the same step', async () => {
    const booking = startBooking();
    await toDetails(booking);
    booking.actor.send({ type: 'maintenance.on', startsAt: '2026-12-01T20:00:00+02:00' });
    expect(booking.view()).toBe('maintenance');
    expect(booking.context().maintenanceStartsAt).toBe('2026-12-01T20:00:00+02:00');
    booking.actor.send({ type: 'wizard.next' });
    booking.actor.send({ type: 'wizard.submit' });
    expect(booking.view()).toBe('maintenance');
    booking.actor.send({ type: 'maintenance.off' });
    expect(booking.view()).toBe('details');
    expect(booking.context().details).toEqual(EMPTY_DETAILS);
    expect(booking.context().slot).toEqual(slot());
  });

  test('Maintenance from the very start returns to the first step', () => {
    const booking = startBooking();
    booking.actor.send({ type: 'maintenance.on' });
    expect(booking.context().maintenanceStartsAt).toBeNull();
    booking.actor.send({ type: 'maintenance.off' });
    expect(booking.view()).toBe('customerType');
  });

  test('A 503 while booking goes to maintenance and back to confirm, not into a resubmit', async () => {
    const booking = startBooking();
    await toConfirm(booking);
    booking.actor.send({ type: 'wizard.submit' });
    booking.createReservation.last().reject(maintenance('2026-12-01T20:00:00+02:00'));
    await settle();
    expect(booking.view()).toBe('maintenance');
    expect(booking.context().maintenanceStartsAt).toBe('2026-12-01T20:00:00+02:00');
    booking.actor.send({ type: 'maintenance.off' });
    expect(booking.actor.getSnapshot().matches({ wizard: { confirm: 'reviewing' } })).toBe(true);
    expect(booking.createReservation.calls).toHaveLength(1);
  });

  test('A 503 from the voucher check goes to maintenance', async () => {
    const booking = startBooking();
    booking.actor.send({ type: 'customerType.select', customerType: voucherCustomer });
    booking.actor.send({ type: 'voucher.change', identifier: 'PSV' });
    booking.actor.send({ type: 'wizard.next' });
    booking.checkVoucher.last().reject(maintenance());
    await settle();
    expect(booking.view()).toBe('maintenance');
  });

  test('A 503 from the campaign check goes to maintenance', async () => {
    const booking = startBooking();
    booking.actor.send({ type: 'customerType.select', customerType: privateCustomer });
    booking.actor.send({ type: 'campaignCode.change', code: 'HYMY10' });
    booking.actor.send({ type: 'wizard.next' });
    booking.checkCampaignCode.last().reject(maintenance());
    await settle();
    expect(booking.view()).toBe('maintenance');
  });

  test.each(['loadMonth', 'loadDay'] as const)(
    'A 503 from %s goes to maintenance',
    async (loader) => {
      const booking = startBooking();
      toSlot(booking);
      booking[loader].last().reject(maintenance('2026-12-01T20:00:00+02:00'));
      await settle();
      expect(booking.view()).toBe('maintenance');
      expect(booking.context().maintenanceStartsAt).toBe('2026-12-01T20:00:00+02:00');
      booking.actor.send({ type: 'maintenance.off' });
      expect(booking.view()).toBe('slot');
    },
  );
});

describe('restoring from the URL', () => {
  const complete = {
    customerType: privateCustomer,
    reason: checkUp,
    branch: helsinki,
    employee: aino,
    date: '2026-12-05',
    slot: slot('2026-12-05'),
    details: validDetails,
  };

  test('A restore with every answer lands on the requested step', () => {
    const booking = startBooking();
    booking.actor.send({ type: 'wizard.restore', step: 'slot', choices: complete });
    expect(booking.view()).toBe('slot');
    expect(booking.context()).toMatchObject(complete);
    expect(booking.picker().getSnapshot().context).toMatchObject({
      date: '2026-12-05',
      month: '2026-12',
      slot: complete.slot,
    });
    expect(booking.loadDay.last().input).toMatchObject({ date: '2026-12-05', employeeId: 41 });
  });

  const restoreCases: Array<[BookingStep, Partial<BookingChoices>, BookingView]> = [
    ['customerType', {}, 'customerType'],
    ['confirm', { customerType: privateCustomer }, 'reason'],
    ['confirm', { customerType: voucherCustomer }, 'customerType'],
    ['confirm', { customerType: voucherCustomer, voucherIdentifier: 'PSV' }, 'reason'],
    ['slot', { customerType: privateCustomer, reason: checkUp }, 'branch'],
    ['practitioner', { ...complete, branch: { branchIds: [], city: 'Turku' } }, 'branch'],
    ['practitioner', complete, 'practitioner'],
    ['confirm', { ...complete, slot: null }, 'slot'],
    ['details', complete, 'details'],
    ['confirm', { ...complete, details: { ...validDetails, email: '' } }, 'details'],
    ['confirm', complete, 'confirm'],
    ['reason', complete, 'reason'],
    ['branch', complete, 'branch'],
  ];

  test.each(restoreCases)(
    'Restoring step %s with answers %j lands on %s',
    (step, choices, expected) => {
      const booking = startBooking();
      booking.actor.send({ type: 'wizard.restore', step, choices });
      expect(booking.view()).toBe(expected);
    },
  );

  test('A restored date before today becomes today', () => {
    const booking = startBooking();
    booking.actor.send({
      type: 'wizard.restore',
      step: 'slot',
      choices: { ...complete, date: '2026-11-20' },
    });
    expect(booking.context().date).toBe(TODAY);
  });

  test('A restore forgets earlier checks, errors and loaded data', async () => {
    const booking = startBooking();
    toSlot(booking);
    await loadSlotStep(booking);
    booking.actor.send({ type: 'wizard.restore', step: 'details', choices: complete });
    expect(booking.context()).toMatchObject({
      voucher: null,
      campaign: null,
      error: null,
      fieldErrors: {},
    });
    // The loaded month and day went with the slot step's picker.
    expect(booking.actor.getSnapshot().children.slotPicker).toBeUndefined();
  });

  test('A restore during maintenance keeps the answers but not the step', () => {
    const booking = startBooking();
    booking.actor.send({ type: 'maintenance.on' });
    booking.actor.send({ type: 'wizard.restore', step: 'slot', choices: complete });
    expect(booking.view()).toBe('maintenance');
    expect(booking.context().reason).toEqual(checkUp);
  });
});
