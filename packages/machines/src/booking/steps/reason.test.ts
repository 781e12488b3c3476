import { describe, expect, test } from 'vitest';
import {
  checkUp,
  privateOnly,
  slot,
  toothache,
  voucherCustomer,
  voucherResult,
} from '../../testing/booking-fixtures.ts';
import { startBooking, toReason, toDetails } from '../../testing/booking-wizard.ts';
import { settle } from '../../testing/deferred-actor.ts';

describe('reason step', () => {
  test('The reason step needs a reason before going on', () => {
    const booking = startBooking();
    toReason(booking);
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('reason');
    booking.actor.send({ type: 'reason.select', reason: checkUp });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('branch');
  });

  test('A voucher limits the reasons to those it covers', async () => {
    const booking = startBooking();
    booking.actor.send({ type: 'customerType.select', customerType: voucherCustomer });
    booking.actor.send({ type: 'voucher.change', identifier: 'PSV-2026-004512' });
    booking.actor.send({ type: 'wizard.next' });
    booking.checkVoucher.last().resolve(voucherResult);
    await settle();
    booking.actor.send({ type: 'reason.select', reason: privateOnly });
    expect(booking.context().reason).toBeNull();
    expect(booking.context().fieldErrors).toEqual({ reason: 'reservation.reasonNotCovered' });
    booking.actor.send({ type: 'reason.select', reason: toothache });
    expect(booking.context().reason).toEqual(toothache);
    expect(booking.context().fieldErrors).toEqual({});
  });

  test('One tap on a service chooses it and goes on; one the voucher does not cover stays with its error', async () => {
    const booking = startBooking();
    toReason(booking);
    booking.actor.send({ type: 'reason.choose', reason: checkUp });
    expect(booking.view()).toBe('branch');
    expect(booking.context().reason).toEqual(checkUp);

    const voucher = startBooking();
    voucher.actor.send({ type: 'customerType.select', customerType: voucherCustomer });
    voucher.actor.send({ type: 'voucher.change', identifier: 'PSV-2026-004512' });
    voucher.actor.send({ type: 'wizard.next' });
    voucher.checkVoucher.last().resolve(voucherResult);
    await settle();
    voucher.actor.send({ type: 'reason.choose', reason: privateOnly });
    expect(voucher.view()).toBe('reason');
    expect(voucher.context().reason).toBeNull();
    expect(voucher.context().fieldErrors).toEqual({ reason: 'reservation.reasonNotCovered' });
    voucher.actor.send({ type: 'reason.choose', reason: toothache });
    expect(voucher.view()).toBe('branch');
    expect(voucher.context().fieldErrors).toEqual({});
  });

  test('Changing the reason clears the chosen slot; choosing the same one keeps it', async () => {
    const booking = startBooking();
    await toDetails(booking);
    for (let i = 0; i < 4; i += 1) booking.actor.send({ type: 'wizard.back' });
    expect(booking.view()).toBe('reason');
    booking.actor.send({ type: 'reason.select', reason: checkUp });
    expect(booking.context().slot).toEqual(slot());
    booking.actor.send({ type: 'reason.select', reason: toothache });
    expect(booking.context().slot).toBeNull();
  });
});
