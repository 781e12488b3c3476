import { describe, expect, test } from 'vitest';
import {
  campaignResult,
  checkUp,
  heldSlot,
  privateCustomer,
  reservation,
  slot,
  toothache,
  validDetails,
  voucherCustomer,
  voucherResult,
} from '../../testing/booking-fixtures.ts';
import {
  helsinki,
  profileOf,
  startBooking,
  loadSlotStep,
  holdAndGoOn,
  toConfirm,
} from '../../testing/booking-wizard.ts';
import { settle } from '../../testing/deferred-actor.ts';
import { badRequest, conflict, serverError } from '../../testing/fixtures.ts';

describe('confirming', () => {
  test('A signed-in customer books the slot and sees the thank-you step', async () => {
    const booking = startBooking();
    await toConfirm(booking);
    booking.actor.send({ type: 'wizard.submit' });
    expect(booking.createReservation.last().input).toEqual({
      slotKey: slot().key,
      customerType: 'private',
      voucherIdentifier: null,
      campaignCode: null,
      descriptionForStaff: null,
      customer: {
        firstName: 'Maija',
        lastName: 'Meikäläinen',
        email: 'maija@example.com',
        phone: '+358 40 123 4567',
        ssn: null,
        street: 'Esimerkkitie 12 B 7',
        postalCode: '00510',
        city: 'Helsinki',
      },
      // The time's hold, made when it was chosen: the booking cannot meet slot-taken.
      holdId: heldSlot(slot()).id,
    });
    booking.createReservation.last().resolve(reservation(slot()));
    await settle();
    expect(booking.view()).toBe('thankYou');
    expect(booking.context().reservation).toEqual(reservation(slot()));
    expect(booking.actor.getSnapshot().status).toBe('done');
  });

  test('A booked phone that differs from the profile’s is saved to it after booking when ticked', async () => {
    const booking = startBooking({ profile: profileOf('040 765 4321') });
    await toConfirm(booking);
    booking.actor.send({ type: 'details.savePhone', save: true });
    booking.actor.send({ type: 'wizard.submit' });
    booking.createReservation.last().resolve(reservation(slot()));
    await settle();
    expect(booking.view()).toBe('thankYou');
    expect(booking.actor.getSnapshot().matches('savingPhone')).toBe(true);
    expect(booking.savePhone.last().input).toEqual({ phone: '+358 40 123 4567' });
    booking.savePhone.last().resolve(null);
    await settle();
    expect(booking.actor.getSnapshot().matches('thankYou')).toBe(true);
    expect(booking.context().phoneUpdateFailed).toBe(false);
    expect(booking.actor.getSnapshot().status).toBe('done');
  });

  test('A booked phone that differs from the profile’s leaves the profile alone unless ticked', async () => {
    const booking = startBooking({ profile: profileOf('040 765 4321') });
    await toConfirm(booking);
    booking.actor.send({ type: 'details.savePhone', save: true });
    booking.actor.send({ type: 'details.savePhone', save: false });
    booking.actor.send({ type: 'wizard.submit' });
    booking.createReservation.last().resolve(reservation(slot()));
    await settle();
    expect(booking.view()).toBe('thankYou');
    expect(booking.savePhone.calls).toHaveLength(0);
    expect(booking.actor.getSnapshot().status).toBe('done');
  });

  test('A failed phone update is told and logged; the booking stands', async () => {
    const booking = startBooking({ profile: profileOf(null) });
    await toConfirm(booking);
    booking.actor.send({ type: 'details.savePhone', save: true });
    booking.actor.send({ type: 'wizard.submit' });
    booking.createReservation.last().resolve(reservation(slot()));
    await settle();
    booking.savePhone.last().reject(serverError());
    await settle();
    expect(booking.view()).toBe('thankYou');
    expect(booking.context().phoneUpdateFailed).toBe(true);
    expect(booking.actor.getSnapshot().status).toBe('done');
    expect(booking.context().reservation).toEqual(reservation(slot()));
    expect(booking.logError).toHaveBeenCalledWith(
      'Saving the booked phone number to the profile failed',
      expect.anything(),
    );
  });

  test('The same phone in other spacing leaves the profile alone, ticked or not', async () => {
    const booking = startBooking({ profile: profileOf('+358401234567') });
    await toConfirm(booking);
    booking.actor.send({ type: 'details.savePhone', save: true });
    booking.actor.send({ type: 'wizard.submit' });
    booking.createReservation.last().resolve(reservation(slot()));
    await settle();
    expect(booking.savePhone.calls).toHaveLength(0);
    expect(booking.actor.getSnapshot().status).toBe('done');
  });

  test('A slot taken meanwhile returns to the slot step without the slot', async () => {
    const booking = startBooking();
    await toConfirm(booking);
    booking.actor.send({ type: 'wizard.submit' });
    booking.createReservation.last().reject(conflict({ UserMessage: 'Taken', Code: 'slot-taken' }));
    await settle();
    expect(booking.view()).toBe('slot');
    expect(booking.context().slot).toBeNull();
    expect(booking.context().error).toBe('reservation.slotTaken');
    expect(booking.context().details).toEqual(validDetails);
    expect(booking.loadDay.calls).toHaveLength(2);
    expect(booking.picker().getSnapshot().context.taken).toBe(true);
    booking.pick({ type: 'slot.select', slot: slot('2026-12-02', '10') });
    expect(booking.context().error).toBeNull();
    expect(booking.picker().getSnapshot().context.taken).toBe(false);
  });

  test('A time the patient already has another appointment at returns to the times, which say so', async () => {
    const booking = startBooking();
    await toConfirm(booking);
    booking.actor.send({ type: 'wizard.submit' });
    booking.createReservation
      .last()
      .reject(conflict({ UserMessage: 'Busy', Code: 'overlapping-reservation' }));
    await settle();
    expect(booking.view()).toBe('slot');
    expect(booking.context().slot).toBeNull();
    expect(booking.context().error).toBe('reservation.overlapsOwn');
    expect(booking.context().details).toEqual(validDetails);
    const picker = booking.picker().getSnapshot().context;
    expect(picker.overlapsOwn).toBe(true);
    expect(picker.taken).toBe(false);
    booking.pick({ type: 'slot.select', slot: slot('2026-12-02', '10') });
    expect(booking.context().error).toBeNull();
    expect(booking.picker().getSnapshot().context.overlapsOwn).toBe(false);
  });

  test('A campaign code the booking refuses says its case on the confirm step; the booking goes on without it', async () => {
    const booking = startBooking();
    booking.actor.send({
      type: 'wizard.restore',
      step: 'confirm',
      choices: {
        customerType: privateCustomer,
        reason: checkUp,
        branch: helsinki,
        slot: slot(),
        details: validDetails,
        campaignCode: 'HYMY10',
      },
    });
    expect(booking.view()).toBe('confirm');
    booking.actor.send({ type: 'wizard.submit' });
    booking.createReservation
      .last()
      .reject(
        badRequest({ UserMessage: 'No', Code: 'invalid-campaign-code', Problem: 'not-for-reason' }),
      );
    await settle();
    expect(booking.view()).toBe('confirm');
    expect(booking.context().codeProblem).toEqual({
      field: 'campaignCode',
      problem: 'not-for-reason',
    });
    expect(booking.context().fieldErrors.campaignCode).toBe(
      'reservation.code.campaign.notForReason',
    );
    // Choosing a time is not its way forward.
    booking.actor.send({ type: 'slot.chooseEarlier' });
    expect(booking.view()).toBe('confirm');
    booking.actor.send({ type: 'campaignCode.skip' });
    expect(booking.view()).toBe('confirm');
    expect(booking.context().campaignCode).toBe('');
    expect(booking.context().codeProblem).toBeNull();
    booking.actor.send({ type: 'wizard.submit' });
    expect(booking.createReservation.last().input.campaignCode).toBeNull();
  });

  test('A voucher that ends before the visit sends the patient to choose an earlier time', async () => {
    const booking = startBooking();
    booking.actor.send({
      type: 'wizard.restore',
      step: 'confirm',
      choices: {
        customerType: voucherCustomer,
        voucherIdentifier: 'PSV-2026-004512',
        reason: checkUp,
        branch: helsinki,
        slot: slot(),
        details: validDetails,
      },
    });
    expect(booking.view()).toBe('confirm');
    booking.actor.send({ type: 'wizard.submit' });
    booking.createReservation.last().reject(
      badRequest({
        UserMessage: 'No',
        Code: 'invalid-voucher',
        Problem: 'ends-before-visit',
        ProblemDate: '2026-12-01',
      }),
    );
    await settle();
    expect(booking.view()).toBe('confirm');
    expect(booking.context().codeProblem).toEqual({
      field: 'voucherIdentifier',
      problem: 'ends-before-visit',
      date: '2026-12-01',
    });
    expect(booking.context().fieldErrors.voucherIdentifier).toBe(
      'reservation.code.serviceVoucher.endsBeforeVisit',
    );
    booking.actor.send({ type: 'campaignCode.skip' });
    expect(booking.context().codeProblem).not.toBeNull();
    booking.actor.send({ type: 'slot.chooseEarlier' });
    expect(booking.view()).toBe('slot');
    expect(booking.context().slot).toBeNull();
    expect(booking.context().codeProblem).toBeNull();
  });

  test('invalid-voucher for a private customer is a save failure', async () => {
    const booking = startBooking();
    await toConfirm(booking);
    booking.actor.send({ type: 'wizard.submit' });
    booking.createReservation
      .last()
      .reject(badRequest({ UserMessage: 'No', Code: 'invalid-voucher' }));
    await settle();
    expect(booking.view()).toBe('confirm');
    expect(booking.context().error).toBe('reservation.saveFailed');
    expect(booking.context().codeProblem).toBeNull();
  });

  test('Another conflict is a save failure, not a taken slot', async () => {
    const booking = startBooking();
    await toConfirm(booking);
    booking.actor.send({ type: 'wizard.submit' });
    booking.createReservation
      .last()
      .reject(conflict({ UserMessage: 'Unavailable', Code: 'slot-unavailable' }));
    await settle();
    expect(booking.view()).toBe('confirm');
    expect(booking.context().error).toBe('reservation.saveFailed');
  });

  test('Other failures show reservation.saveFailed at confirm and allow a retry', async () => {
    const booking = startBooking();
    await toConfirm(booking);
    booking.actor.send({ type: 'wizard.submit' });
    booking.createReservation.last().reject(serverError());
    await settle();
    expect(booking.actor.getSnapshot().matches({ wizard: { confirm: 'reviewing' } })).toBe(true);
    expect(booking.context().error).toBe('reservation.saveFailed');
    expect(booking.context().slot).toEqual(slot());
    booking.actor.send({ type: 'wizard.submit' });
    expect(booking.context().error).toBeNull();
    expect(booking.createReservation.calls).toHaveLength(2);
  });

  test('The voucher identifier, checked campaign code and description are sent', async () => {
    const booking = startBooking();
    booking.actor.send({ type: 'customerType.select', customerType: voucherCustomer });
    booking.actor.send({ type: 'voucher.change', identifier: 'PSV-2026-004512' });
    booking.actor.send({ type: 'campaignCode.change', code: 'hymy10' });
    booking.actor.send({ type: 'wizard.next' });
    booking.checkVoucher.last().resolve(voucherResult);
    await settle();
    booking.checkCampaignCode.last().resolve(campaignResult);
    await settle();
    booking.actor.send({ type: 'reason.select', reason: toothache });
    booking.actor.send({ type: 'wizard.next' });
    booking.actor.send({ type: 'branch.select', selection: helsinki });
    booking.actor.send({ type: 'wizard.next' });
    booking.actor.send({ type: 'wizard.skip' });
    await loadSlotStep(booking);
    booking.pick({ type: 'slot.select', slot: slot() });
    await holdAndGoOn(booking);
    booking.actor.send({
      type: 'details.change',
      details: { ...validDetails, descriptionForStaff: ' Aching molar ', ssn: '150385-914H' },
    });
    booking.actor.send({ type: 'wizard.next' });
    booking.actor.send({ type: 'wizard.submit' });
    expect(booking.createReservation.last().input).toMatchObject({
      customerType: 'serviceVoucher',
      voucherIdentifier: 'PSV-2026-004512',
      campaignCode: 'HYMY10',
      descriptionForStaff: 'Aching molar',
      customer: { ssn: '150385-914H' },
    });
  });
});
