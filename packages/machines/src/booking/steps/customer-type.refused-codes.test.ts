import type { Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import {
  campaignResult,
  commitmentCustomer,
  offeredTypes,
  privateCustomer,
  voucherCustomer,
  voucherResult,
} from '../../testing/booking-fixtures.ts';
import type { Booking } from '../../testing/booking-wizard.ts';
import { startBooking } from '../../testing/booking-wizard.ts';
import { settle } from '../../testing/deferred-actor.ts';
import { badRequest } from '../../testing/fixtures.ts';
import type { ChosenCustomerType } from '../booking-choices.ts';
import { codeWayForward } from '../code-problems.ts';

/** A 400 refusing a code or identifier, with its case. */
const refused = (
  code: 'invalid-voucher' | 'invalid-campaign-code',
  Problem?: Schemas['CodeProblem'],
  ProblemDate?: string,
) => badRequest({ UserMessage: 'No', Code: code, Problem, ProblemDate });

/** The first step with its customer types offered, a type chosen and the identifier typed. */
function voucherRefused(
  booking: Booking,
  error: ReturnType<typeof refused>,
  { customerType = voucherCustomer as ChosenCustomerType, campaignCode = '' } = {},
) {
  booking.actor.send({ type: 'customerType.offer', customerTypes: offeredTypes });
  booking.actor.send({ type: 'customerType.select', customerType });
  booking.actor.send({ type: 'voucher.change', identifier: 'PSV-2026-000815' });
  if (campaignCode !== '') booking.actor.send({ type: 'campaignCode.change', code: campaignCode });
  booking.actor.send({ type: 'wizard.next' });
  booking.checkVoucher.last().reject(error);
  return settle();
}

/** The first step with its customer types offered, a private customer's campaign code refused. */
async function campaignRefused(booking: Booking, error: ReturnType<typeof refused>) {
  booking.actor.send({ type: 'customerType.offer', customerTypes: offeredTypes });
  booking.actor.send({ type: 'customerType.select', customerType: privateCustomer });
  booking.actor.send({ type: 'campaignCode.change', code: 'KESA25' });
  booking.actor.send({ type: 'wizard.next' });
  booking.checkCampaignCode.last().reject(error);
  await settle();
}

describe('a refused code or identifier: its case and the way forward', () => {
  test('An expired campaign code keeps its case and date and shows its own message', async () => {
    const booking = startBooking();
    await campaignRefused(booking, refused('invalid-campaign-code', 'expired', '2025-12-31'));
    expect(booking.view()).toBe('customerType');
    expect(booking.context().codeProblem).toEqual({
      field: 'campaignCode',
      problem: 'expired',
      date: '2025-12-31',
    });
    expect(booking.context().fieldErrors).toEqual({
      campaignCode: 'reservation.code.campaign.expired',
    });
    expect(codeWayForward(booking.context())).toEqual({ event: 'campaignCode.skip' });
  });

  test.each([
    ['unknown', undefined, 'reservation.code.campaign.unknown'],
    ['not-yet-valid', '2027-03-01', 'reservation.code.campaign.notYetValid'],
    ['not-for-reason', undefined, 'reservation.code.campaign.notForReason'],
    // Not a campaign code's case, or a dated case without its date: the generic message.
    ['used-up', undefined, 'reservation.invalidCampaignCode'],
    ['expired', undefined, 'reservation.invalidCampaignCode'],
  ] as const)('A campaign code refused as %s (date %s) shows %s', async (problem, date, key) => {
    const booking = startBooking();
    await campaignRefused(booking, refused('invalid-campaign-code', problem, date));
    expect(booking.context().fieldErrors.campaignCode).toBe(key);
    expect(booking.context().codeProblem?.problem).toBe(problem);
  });

  test('"Continue without the code" clears the code and goes on to the reason step', async () => {
    const booking = startBooking();
    await campaignRefused(booking, refused('invalid-campaign-code', 'expired', '2025-12-31'));
    booking.actor.send({ type: 'campaignCode.skip' });
    expect(booking.view()).toBe('reason');
    expect(booking.context()).toMatchObject({
      campaignCode: '',
      campaign: null,
      codeProblem: null,
      fieldErrors: {},
    });
    expect(booking.checkCampaignCode.calls).toHaveLength(1);
  });

  test('"Continue without the code" goes on as Next would: a changed identifier is checked first', async () => {
    const booking = startBooking();
    booking.actor.send({ type: 'customerType.offer', customerTypes: offeredTypes });
    booking.actor.send({ type: 'customerType.select', customerType: voucherCustomer });
    booking.actor.send({ type: 'voucher.change', identifier: 'PSV-2026-004512' });
    booking.actor.send({ type: 'campaignCode.change', code: 'KESA25' });
    booking.actor.send({ type: 'wizard.next' });
    booking.checkVoucher.last().resolve(voucherResult);
    await settle();
    booking.checkCampaignCode
      .last()
      .reject(refused('invalid-campaign-code', 'expired', '2025-12-31'));
    await settle();
    booking.actor.send({ type: 'voucher.change', identifier: 'PSV-2026-010204' });
    booking.actor.send({ type: 'campaignCode.skip' });
    expect(
      booking.actor.getSnapshot().matches({ wizard: { customerType: 'checkingVoucher' } }),
    ).toBe(true);
    expect(booking.checkVoucher.last().input.identifier).toBe('PSV-2026-010204');
  });

  test('The case is forgotten when its field changes or the step is left', async () => {
    const booking = startBooking();
    await campaignRefused(booking, refused('invalid-campaign-code', 'unknown'));
    booking.actor.send({ type: 'campaignCode.change', code: 'KESA2' });
    expect(booking.context().codeProblem).toBeNull();
    expect(booking.context().fieldErrors).toEqual({});

    // Another field's change keeps it.
    const other = startBooking();
    await voucherRefused(other, refused('invalid-voucher', 'expired', '2026-10-31'));
    other.actor.send({ type: 'campaignCode.change', code: 'HYMY10' });
    expect(other.context().codeProblem?.field).toBe('voucherIdentifier');
    other.actor.send({ type: 'customerType.select', customerType: privateCustomer });
    expect(other.context().codeProblem).toBeNull();

    const left = startBooking();
    await voucherRefused(left, refused('invalid-voucher', 'used-up'));
    left.actor.send({ type: 'voucher.change', identifier: 'PSV-2026-004512' });
    expect(left.context().codeProblem).toBeNull();
  });

  test('A case the way forward does not fit is not acted on', async () => {
    const booking = startBooking();
    await campaignRefused(booking, refused('invalid-campaign-code', 'expired', '2025-12-31'));
    booking.actor.send({ type: 'voucher.bookAsPrivate' });
    booking.actor.send({ type: 'voucher.switchCustomerType' });
    expect(booking.view()).toBe('customerType');
    expect(booking.context().campaignCode).toBe('KESA25');

    const voucher = startBooking();
    await voucherRefused(voucher, refused('invalid-voucher', 'expired', '2026-10-31'));
    voucher.actor.send({ type: 'campaignCode.skip' });
    voucher.actor.send({ type: 'voucher.switchCustomerType' });
    expect(voucher.view()).toBe('customerType');
    expect(voucher.context().customerType).toEqual(voucherCustomer);

    // Without a case nothing is offered.
    const generic = startBooking();
    await voucherRefused(generic, refused('invalid-voucher'));
    expect(generic.context().codeProblem).toBeNull();
    expect(generic.context().fieldErrors).toEqual({
      voucherIdentifier: 'reservation.invalidVoucher',
    });
    expect(codeWayForward(generic.context())).toBeNull();
    generic.actor.send({ type: 'voucher.bookAsPrivate' });
    expect(generic.context().customerType).toEqual(voucherCustomer);
  });

  test('A service voucher given as a payment commitment offers switching and checks it again', async () => {
    const booking = startBooking();
    await voucherRefused(booking, refused('invalid-voucher', 'other-customer-type'), {
      customerType: commitmentCustomer,
      campaignCode: 'HYMY10',
    });
    expect(booking.context().fieldErrors).toEqual({
      voucherIdentifier: 'reservation.code.paymentCommitment.otherCustomerType',
    });
    expect(codeWayForward(booking.context())).toEqual({
      event: 'voucher.switchCustomerType',
      customerType: voucherCustomer,
    });
    booking.actor.send({ type: 'voucher.switchCustomerType' });
    expect(booking.context()).toMatchObject({
      customerType: voucherCustomer,
      voucherIdentifier: 'PSV-2026-000815',
      campaignCode: 'HYMY10',
      codeProblem: null,
      fieldErrors: {},
    });
    expect(booking.checkVoucher.calls).toHaveLength(2);
    expect(booking.checkVoucher.last().input).toEqual({
      customerType: 'serviceVoucher',
      identifier: 'PSV-2026-000815',
    });
    booking.checkVoucher.last().resolve(voucherResult);
    await settle();
    booking.checkCampaignCode.last().resolve(campaignResult);
    await settle();
    expect(booking.view()).toBe('reason');
  });

  test('A payment commitment given as a service voucher offers the payment commitment', async () => {
    const booking = startBooking();
    await voucherRefused(booking, refused('invalid-voucher', 'other-customer-type'));
    expect(booking.context().fieldErrors.voucherIdentifier).toBe(
      'reservation.code.serviceVoucher.otherCustomerType',
    );
    booking.actor.send({ type: 'voucher.switchCustomerType' });
    expect(booking.checkVoucher.last().input.customerType).toBe('paymentCommitment');
  });

  test('Switching needs the other type offered', async () => {
    const booking = startBooking();
    booking.actor.send({
      type: 'customerType.offer',
      customerTypes: [privateCustomer, voucherCustomer],
    });
    booking.actor.send({ type: 'customerType.select', customerType: voucherCustomer });
    booking.actor.send({ type: 'voucher.change', identifier: 'MS-2026-118734' });
    booking.actor.send({ type: 'wizard.next' });
    booking.checkVoucher.last().reject(refused('invalid-voucher', 'other-customer-type'));
    await settle();
    expect(codeWayForward(booking.context())).toBeNull();
    booking.actor.send({ type: 'voucher.switchCustomerType' });
    expect(booking.checkVoucher.calls).toHaveLength(1);
  });

  test.each([
    ['unknown', undefined, 'reservation.code.serviceVoucher.unknown'],
    ['expired', '2026-10-31', 'reservation.code.serviceVoucher.expired'],
    ['not-yet-valid', '2027-01-15', 'reservation.code.serviceVoucher.notYetValid'],
    ['used-up', undefined, 'reservation.code.serviceVoucher.usedUp'],
  ] as const)(
    'An identifier refused as %s shows %s and offers booking as a private customer',
    async (problem, date, key) => {
      const booking = startBooking();
      await voucherRefused(booking, refused('invalid-voucher', problem, date));
      expect(booking.context().fieldErrors).toEqual({ voucherIdentifier: key });
      expect(booking.context().codeProblem).toEqual({
        field: 'voucherIdentifier',
        problem,
        ...(date === undefined ? {} : { date }),
      });
      expect(codeWayForward(booking.context())).toEqual({
        event: 'voucher.bookAsPrivate',
        customerType: privateCustomer,
      });
      booking.actor.send({ type: 'voucher.bookAsPrivate' });
      expect(booking.view()).toBe('reason');
      expect(booking.context()).toMatchObject({
        customerType: privateCustomer,
        voucherIdentifier: '',
        voucher: null,
        codeProblem: null,
        fieldErrors: {},
      });
      expect(booking.checkVoucher.calls).toHaveLength(1);
    },
  );

  test('Booking as a private customer still checks a campaign code typed beside the identifier', async () => {
    const booking = startBooking();
    await voucherRefused(booking, refused('invalid-voucher', 'used-up'), {
      campaignCode: 'HYMY10',
    });
    booking.actor.send({ type: 'voucher.bookAsPrivate' });
    expect(booking.checkCampaignCode.last().input).toEqual({ code: 'HYMY10' });
    booking.checkCampaignCode.last().resolve(campaignResult);
    await settle();
    expect(booking.view()).toBe('reason');
    expect(booking.context().customerType).toEqual(privateCustomer);
  });

  test.each([
    ['not-for-reason', undefined, 'reservation.code.paymentCommitment.notForReason'],
    ['ends-before-visit', '2026-11-30', 'reservation.code.paymentCommitment.endsBeforeVisit'],
  ] as const)(
    'An identifier refused as %s has its message and no way forward',
    async (problem, date, key) => {
      const booking = startBooking();
      await voucherRefused(booking, refused('invalid-voucher', problem, date), {
        customerType: commitmentCustomer,
      });
      expect(booking.context().fieldErrors.voucherIdentifier).toBe(key);
      expect(codeWayForward(booking.context())).toBeNull();
    },
  );

  test('A restore forgets the case', async () => {
    const booking = startBooking();
    await campaignRefused(booking, refused('invalid-campaign-code', 'unknown'));
    booking.actor.send({
      type: 'wizard.restore',
      step: 'customerType',
      choices: { customerType: privateCustomer },
    });
    expect(booking.context().codeProblem).toBeNull();
  });
});
