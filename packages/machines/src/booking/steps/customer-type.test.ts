import { describe, expect, test } from 'vitest';
import {
  TODAY,
  campaignResult,
  checkUp,
  privateCustomer,
  privateOnly,
  slot,
  voucherCustomer,
  voucherResult,
} from '../../testing/booking-fixtures.ts';
import { startBooking, toReason, toDetails } from '../../testing/booking-wizard.ts';
import { settle } from '../../testing/deferred-actor.ts';
import { badRequest, serverError } from '../../testing/fixtures.ts';

describe('customer type step', () => {
  test('The wizard starts at the customer type step', () => {
    const booking = startBooking();
    expect(booking.view()).toBe('customerType');
    expect(booking.context().date).toBe(TODAY);
  });

  test('Without a customer type the wizard does not move on', () => {
    const booking = startBooking();
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('customerType');
  });

  test('A campaign code alone, without a customer type, does not move on', () => {
    const booking = startBooking();
    booking.actor.send({ type: 'campaignCode.change', code: 'HYMY10' });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('customerType');
    expect(booking.checkCampaignCode.calls).toHaveLength(0);
  });

  test('A private customer goes on to the reason step without checks', () => {
    const booking = startBooking();
    toReason(booking);
    expect(booking.checkVoucher.calls).toHaveLength(0);
    expect(booking.checkCampaignCode.calls).toHaveLength(0);
  });

  test('A service-voucher customer must give the identifier', () => {
    const booking = startBooking();
    booking.actor.send({ type: 'customerType.select', customerType: voucherCustomer });
    booking.actor.send({ type: 'voucher.change', identifier: '   ' });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('customerType');
    expect(booking.context().fieldErrors).toEqual({ voucherIdentifier: 'validation.required' });
    expect(booking.checkVoucher.calls).toHaveLength(0);
  });

  test('Typing the identifier clears its error', () => {
    const booking = startBooking();
    booking.actor.send({ type: 'customerType.select', customerType: voucherCustomer });
    booking.actor.send({ type: 'wizard.next' });
    booking.actor.send({ type: 'voucher.change', identifier: 'P' });
    expect(booking.context().fieldErrors).toEqual({});
  });

  test('The identifier is checked with checkVoucher before the reason step', async () => {
    const booking = startBooking();
    booking.actor.send({ type: 'customerType.select', customerType: voucherCustomer });
    booking.actor.send({ type: 'voucher.change', identifier: ' PSV-2026-004512 ' });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.checkVoucher.last().input).toEqual({
      customerType: 'serviceVoucher',
      identifier: 'PSV-2026-004512',
    });
    booking.checkVoucher.last().resolve(voucherResult);
    await settle();
    expect(booking.view()).toBe('reason');
    expect(booking.context().voucher).toEqual(voucherResult);
  });

  test('A checked identifier is not checked again when coming back', async () => {
    const booking = startBooking();
    booking.actor.send({ type: 'customerType.select', customerType: voucherCustomer });
    booking.actor.send({ type: 'voucher.change', identifier: 'PSV-2026-004512' });
    booking.actor.send({ type: 'wizard.next' });
    booking.checkVoucher.last().resolve(voucherResult);
    await settle();
    booking.actor.send({ type: 'wizard.back' });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('reason');
    expect(booking.checkVoucher.calls).toHaveLength(1);
  });

  test('Changing the identifier makes it checked again', async () => {
    const booking = startBooking();
    booking.actor.send({ type: 'customerType.select', customerType: voucherCustomer });
    booking.actor.send({ type: 'voucher.change', identifier: 'PSV-2026-004512' });
    booking.actor.send({ type: 'wizard.next' });
    booking.checkVoucher.last().resolve(voucherResult);
    await settle();
    booking.actor.send({ type: 'wizard.back' });
    booking.actor.send({ type: 'voucher.change', identifier: 'PSV-2026-000001' });
    expect(booking.context().voucher).toBeNull();
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.checkVoucher.calls).toHaveLength(2);
  });

  test('A payment-commitment customer is checked as such', () => {
    const booking = startBooking();
    booking.actor.send({
      type: 'customerType.select',
      customerType: { id: 'paymentCommitment', identifierRequired: true },
    });
    booking.actor.send({ type: 'voucher.change', identifier: 'MS-1' });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.checkVoucher.last().input.customerType).toBe('paymentCommitment');
  });

  test('An invalid identifier shows reservation.invalidVoucher on the field', async () => {
    const booking = startBooking();
    booking.actor.send({ type: 'customerType.select', customerType: voucherCustomer });
    booking.actor.send({ type: 'voucher.change', identifier: 'WRONG' });
    booking.actor.send({ type: 'wizard.next' });
    booking.checkVoucher.last().reject(badRequest({ UserMessage: 'No', Code: 'invalid-voucher' }));
    await settle();
    expect(booking.actor.getSnapshot().matches({ wizard: { customerType: 'editing' } })).toBe(true);
    expect(booking.context().fieldErrors).toEqual({
      voucherIdentifier: 'reservation.invalidVoucher',
    });
  });

  test('A check that fails otherwise shows reservation.checkFailed', async () => {
    const booking = startBooking();
    booking.actor.send({ type: 'customerType.select', customerType: voucherCustomer });
    booking.actor.send({ type: 'voucher.change', identifier: 'PSV' });
    booking.actor.send({ type: 'wizard.next' });
    booking.checkVoucher.last().reject(serverError());
    await settle();
    expect(booking.view()).toBe('customerType');
    expect(booking.context().error).toBe('reservation.checkFailed');
  });

  test('An optional campaign code is checked and kept in its canonical form', async () => {
    const booking = startBooking();
    booking.actor.send({ type: 'customerType.select', customerType: privateCustomer });
    booking.actor.send({ type: 'campaignCode.change', code: ' hymy10 ' });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.checkCampaignCode.last().input).toEqual({ code: 'hymy10' });
    booking.checkCampaignCode.last().resolve(campaignResult);
    await settle();
    expect(booking.view()).toBe('reason');
    expect(booking.context().campaignCode).toBe('HYMY10');
    expect(booking.context().campaign).toEqual(campaignResult);
  });

  test('A voucher and a campaign code are both checked, the voucher first', async () => {
    const booking = startBooking();
    booking.actor.send({ type: 'customerType.select', customerType: voucherCustomer });
    booking.actor.send({ type: 'voucher.change', identifier: 'PSV-2026-004512' });
    booking.actor.send({ type: 'campaignCode.change', code: 'HYMY10' });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.checkCampaignCode.calls).toHaveLength(0);
    booking.checkVoucher.last().resolve(voucherResult);
    await settle();
    booking.checkCampaignCode.last().resolve(campaignResult);
    await settle();
    expect(booking.view()).toBe('reason');
  });

  test('An invalid campaign code shows reservation.invalidCampaignCode on the field', async () => {
    const booking = startBooking();
    booking.actor.send({ type: 'customerType.select', customerType: privateCustomer });
    booking.actor.send({ type: 'campaignCode.change', code: 'NOPE' });
    booking.actor.send({ type: 'wizard.next' });
    booking.checkCampaignCode
      .last()
      .reject(badRequest({ UserMessage: 'No', Code: 'invalid-campaign-code' }));
    await settle();
    expect(booking.view()).toBe('customerType');
    expect(booking.context().fieldErrors).toEqual({
      campaignCode: 'reservation.invalidCampaignCode',
    });
    booking.actor.send({ type: 'campaignCode.change', code: '' });
    expect(booking.context().fieldErrors).toEqual({});
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('reason');
  });

  test('A campaign check that fails otherwise shows reservation.checkFailed', async () => {
    const booking = startBooking();
    booking.actor.send({ type: 'customerType.select', customerType: privateCustomer });
    booking.actor.send({ type: 'campaignCode.change', code: 'HYMY10' });
    booking.actor.send({ type: 'wizard.next' });
    booking.checkCampaignCode.last().reject(serverError());
    await settle();
    expect(booking.context().error).toBe('reservation.checkFailed');
  });

  test('Changing the customer type drops a reason not offered to it and the chosen slot', async () => {
    const booking = startBooking();
    toReason(booking);
    booking.actor.send({ type: 'reason.select', reason: privateOnly });
    booking.actor.send({ type: 'wizard.back' });
    booking.actor.send({ type: 'customerType.select', customerType: voucherCustomer });
    expect(booking.context().reason).toBeNull();

    const other = startBooking();
    await toDetails(other);
    for (let i = 0; i < 4; i += 1) other.actor.send({ type: 'wizard.back' });
    other.actor.send({ type: 'wizard.back' });
    other.actor.send({ type: 'wizard.back' });
    expect(other.view()).toBe('customerType');
    other.actor.send({ type: 'customerType.select', customerType: voucherCustomer });
    expect(other.context().reason).toEqual(checkUp);
    expect(other.context().slot).toBeNull();
  });

  test('Choosing the same customer type again keeps the later answers', async () => {
    const booking = startBooking();
    await toDetails(booking);
    for (let i = 0; i < 6; i += 1) booking.actor.send({ type: 'wizard.back' });
    booking.actor.send({ type: 'customerType.select', customerType: privateCustomer });
    expect(booking.context().slot).toEqual(slot());
  });
});

describe('a requested customer type', () => {
  const offered = [privateCustomer, voucherCustomer];

  test('The link’s customer type is chosen when the types are offered, and only once', () => {
    const booking = startBooking({ requestedCustomerType: 'serviceVoucher' });
    booking.actor.send({ type: 'customerType.offer', customerTypes: offered });
    expect(booking.context().customerType).toEqual(voucherCustomer);
    expect(booking.context().requestedCustomerType).toBeNull();
    booking.actor.send({ type: 'customerType.select', customerType: privateCustomer });
    booking.actor.send({ type: 'customerType.offer', customerTypes: offered });
    expect(booking.context().customerType).toEqual(privateCustomer);
  });

  test('A type that is not offered is forgotten and the private customer comes chosen', () => {
    const booking = startBooking({ requestedCustomerType: 'spaceVoucher' });
    booking.actor.send({ type: 'customerType.offer', customerTypes: offered });
    expect(booking.context().customerType).toEqual(privateCustomer);
    expect(booking.context().requestedCustomerType).toBeNull();
  });

  test('Without a request, offering the types chooses the private customer (issue 54): Next goes on at once', () => {
    const booking = startBooking();
    booking.actor.send({
      type: 'customerType.offer',
      customerTypes: [voucherCustomer, ...offered],
    });
    expect(booking.context().customerType).toEqual(privateCustomer);
    expect(booking.view()).toBe('customerType');
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('reason');
  });

  test('A type chosen before stays; when every type asks for a number, none comes chosen', () => {
    const chosen = startBooking();
    chosen.actor.send({ type: 'customerType.select', customerType: voucherCustomer });
    chosen.actor.send({ type: 'customerType.offer', customerTypes: offered });
    expect(chosen.context().customerType).toEqual(voucherCustomer);
    const numbered = startBooking();
    numbered.actor.send({ type: 'customerType.offer', customerTypes: [voucherCustomer] });
    expect(numbered.context().customerType).toBeNull();
  });
});
