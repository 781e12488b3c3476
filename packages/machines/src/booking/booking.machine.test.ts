import type { Schemas } from '@portal/sdk';
import { describe, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Coordinates } from '../pickers/closest-branch.ts';
import { allBranches, helsinkiArabia, tampereKeskusta } from '../testing/branches.ts';
import {
  TODAY,
  aino,
  campaignResult,
  checkUp,
  commitmentCustomer,
  daySlots,
  heldSlot,
  monthAvailability,
  offeredTypes,
  privateCustomer,
  privateOnly,
  reservation,
  slot,
  toothache,
  validDetails,
  ville,
  voucherCustomer,
  voucherResult,
} from '../testing/booking-fixtures.ts';
import { deferredActor, settle } from '../testing/deferred-actor.ts';
import {
  badRequest,
  conflict,
  maintenance,
  serverError,
  unauthorized,
} from '../testing/fixtures.ts';
import type {
  BookingChoices,
  BookingProfile,
  BookingStep,
  ChosenCustomerType,
} from './booking-choices.ts';
import type { DayQuery, MonthQuery } from '../slots/availability.ts';
import type { SlotPickerEvent } from '../slots/slot-picker.machine.ts';
import { slotPickerMachine } from '../slots/slot-picker.machine.ts';
import type { BookingView } from './booking.machine.ts';
import { bookingMachine, bookingView } from './booking.machine.ts';
import { prefilledDetails } from './booking-choices.ts';
import { codeWayForward } from './code-problems.ts';
import { EMPTY_DETAILS } from './validate-details.ts';

const helsinki = { branchIds: [4, 3], city: 'Helsinki' };
const tampere = { branchIds: [6], city: 'Tampere' };

/** Maija's profile, with another phone than she books with unless told. */
function profileOf(phone: string | null = '040 765 4321'): BookingProfile {
  return { firstName: 'Maija', lastName: 'Meikäläinen', email: null, phone, ssn: '131052-308T' };
}

function startBooking({
  signedIn = true,
  profile = null,
  requestedCustomerType = null,
}: {
  signedIn?: boolean;
  profile?: BookingProfile | null;
  requestedCustomerType?: string | null;
} = {}) {
  const checkVoucher = deferredActor<
    Schemas['VoucherCheckResult'],
    Schemas['VoucherCheckRequest']
  >();
  const checkCampaignCode = deferredActor<
    Schemas['CampaignCodeCheckResult'],
    Schemas['CampaignCodeCheckRequest']
  >();
  const getPosition = deferredActor<Coordinates>();
  const loadMonth = deferredActor<Schemas['MonthAvailability'], MonthQuery>();
  const loadDay = deferredActor<Schemas['DaySlots'], DayQuery>();
  const createReservation = deferredActor<
    Schemas['Reservation'],
    Schemas['ReservationCreateRequest']
  >();
  const moveReservation = deferredActor<
    Schemas['Reservation'],
    { id: number; slotKey: string; holdId?: string }
  >();
  const holdSlot = deferredActor<Schemas['SlotHold'], { slotKey: string }>();
  const releaseHold = vi.fn<(id: string) => void>();
  const savePhone = deferredActor<unknown, { phone: string }>();
  const goToLogin = vi.fn();
  const logError = vi.fn<(message: string, error: unknown) => void>();
  const actor = createActor(
    bookingMachine.provide({
      actors: {
        checkVoucher: checkVoucher.logic,
        checkCampaignCode: checkCampaignCode.logic,
        getPosition: getPosition.logic,
        slotPicker: slotPickerMachine.provide({
          actors: { loadMonthAvailability: loadMonth.logic, loadDaySlots: loadDay.logic },
          actions: { logError: (_, params) => logError(params.message, params.error) },
        }),
        holdSlot: holdSlot.logic,
        createReservation: createReservation.logic,
        moveReservation: moveReservation.logic,
        savePhone: savePhone.logic,
      },
      actions: {
        goToLogin,
        releaseHold: (_, params) => {
          if (params.id !== null) releaseHold(params.id);
        },
        logError: (_, params) => logError(params.message, params.error),
      },
    }),
    { input: { today: TODAY, signedIn, profile, requestedCustomerType } },
  ).start();
  const view = () => bookingView(actor.getSnapshot());
  const context = () => actor.getSnapshot().context;
  /** The slot step's picker (invoked as `slotPicker`). */
  const picker = () => {
    const child = actor.getSnapshot().children.slotPicker;
    if (child === undefined) throw new Error('The slot picker is not running');
    return child;
  };
  const pick = (event: SlotPickerEvent) => picker().send(event);
  return {
    actor,
    view,
    context,
    picker,
    pick,
    checkVoucher,
    checkCampaignCode,
    getPosition,
    loadMonth,
    loadDay,
    holdSlot,
    releaseHold,
    createReservation,
    moveReservation,
    savePhone,
    goToLogin,
    logError,
  };
}

type Booking = ReturnType<typeof startBooking>;

function toReason(booking: Booking) {
  booking.actor.send({ type: 'customerType.select', customerType: privateCustomer });
  booking.actor.send({ type: 'wizard.next' });
  expect(booking.view()).toBe('reason');
}

function toSlot(booking: Booking, { employee = null as Schemas['Employee'] | null } = {}) {
  toReason(booking);
  booking.actor.send({ type: 'reason.select', reason: checkUp });
  booking.actor.send({ type: 'wizard.next' });
  booking.actor.send({ type: 'branch.select', selection: helsinki });
  booking.actor.send({ type: 'wizard.next' });
  expect(booking.view()).toBe('practitioner');
  if (employee !== null) booking.actor.send({ type: 'employee.select', employee });
  booking.actor.send({ type: 'wizard.next' });
  expect(booking.view()).toBe('slot');
}

async function loadSlotStep(
  booking: Booking,
  day: Schemas['DaySlots'] = daySlots(TODAY, null, '2026-12-02'),
) {
  booking.loadMonth.last().resolve(monthAvailability(booking.loadMonth.last().input.month));
  booking.loadDay.last().resolve(day);
  await settle();
}

/** Next from the slot step: the chosen time is held (the server answers), then the details. */
async function holdAndGoOn(booking: Booking, chosen = slot()) {
  booking.actor.send({ type: 'wizard.next' });
  expect(booking.actor.getSnapshot().matches({ wizard: { slot: 'holding' } })).toBe(true);
  expect(booking.holdSlot.last().input).toEqual({ slotKey: chosen.key });
  booking.holdSlot.last().resolve(heldSlot(chosen));
  await settle();
}

async function toDetails(booking: Booking) {
  toSlot(booking);
  await loadSlotStep(booking);
  booking.pick({ type: 'slot.select', slot: slot() });
  await holdAndGoOn(booking);
  expect(booking.view()).toBe('details');
}

async function toConfirm(booking: Booking) {
  await toDetails(booking);
  booking.actor.send({ type: 'details.change', details: validDetails });
  booking.actor.send({ type: 'wizard.next' });
  expect(booking.view()).toBe('confirm');
}

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

describe('branch step', () => {
  function toBranch() {
    const booking = startBooking();
    toReason(booking);
    booking.actor.send({ type: 'reason.select', reason: checkUp });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('branch');
    return booking;
  }

  test('The branch step needs a branch or a city before going on', () => {
    const booking = toBranch();
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('branch');
    booking.actor.send({ type: 'branch.select', selection: { branchIds: [], city: 'Turku' } });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('branch');
    booking.actor.send({ type: 'branch.select', selection: helsinki });
    expect(booking.context().branch).toEqual(helsinki);
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('practitioner');
  });

  test('The closest branch is the nearest enabled branch to the device', async () => {
    const booking = toBranch();
    booking.actor.send({ type: 'branch.locate', branches: allBranches });
    expect(booking.actor.getSnapshot().matches({ wizard: { branch: 'locating' } })).toBe(true);
    booking.getPosition.last().resolve({ latitude: 61.5, longitude: 23.76 });
    await settle();
    expect(booking.context().branch).toEqual({ branchIds: [tampereKeskusta.Id], city: 'Tampere' });
    expect(booking.context().locateCandidates).toEqual([]);
    // Kept: the picker says how far each clinic is.
    expect(booking.context().position).toEqual({ latitude: 61.5, longitude: 23.76 });
  });

  test('Without an enabled branch the closest is the first branch', async () => {
    const booking = toBranch();
    booking.actor.send({ type: 'branch.locate', branches: [helsinkiArabia] });
    booking.getPosition.last().resolve({ latitude: 61.5, longitude: 23.76 });
    await settle();
    expect(booking.context().branch).toEqual({ branchIds: [8], city: 'Helsinki' });
  });

  test('Locating among no branches leaves the selection unchanged', async () => {
    const booking = toBranch();
    booking.actor.send({ type: 'branch.select', selection: helsinki });
    booking.actor.send({ type: 'branch.locate', branches: [] });
    booking.getPosition.last().resolve({ latitude: 61.5, longitude: 23.76 });
    await settle();
    expect(booking.context().branch).toEqual(helsinki);
    expect(booking.context().position).toEqual({ latitude: 61.5, longitude: 23.76 });
  });

  test('A geolocation failure is only logged and the selection is unchanged', async () => {
    const booking = toBranch();
    booking.actor.send({ type: 'branch.select', selection: helsinki });
    booking.actor.send({ type: 'branch.locate', branches: allBranches });
    booking.getPosition.last().reject(new Error('denied'));
    await settle();
    expect(booking.logError).toHaveBeenCalledWith(
      'Locating the closest branch failed',
      new Error('denied'),
    );
    expect(booking.context().branch).toEqual(helsinki);
    expect(booking.actor.getSnapshot().matches({ wizard: { branch: 'choosing' } })).toBe(true);
  });

  test('Changing the branches clears the chosen slot; the same branches keep it', async () => {
    const booking = startBooking();
    await toDetails(booking);
    for (let i = 0; i < 3; i += 1) booking.actor.send({ type: 'wizard.back' });
    expect(booking.view()).toBe('branch');
    booking.actor.send({ type: 'branch.select', selection: { ...helsinki } });
    expect(booking.context().slot).toEqual(slot());
    booking.actor.send({ type: 'branch.select', selection: tampere });
    expect(booking.context().slot).toBeNull();
  });

  test('A closest branch other than the chosen one clears the chosen slot', async () => {
    const booking = startBooking();
    await toDetails(booking);
    for (let i = 0; i < 3; i += 1) booking.actor.send({ type: 'wizard.back' });
    booking.actor.send({ type: 'branch.locate', branches: allBranches });
    booking.getPosition.last().resolve({ latitude: 61.5, longitude: 23.76 });
    await settle();
    expect(booking.context().slot).toBeNull();
  });

  test('A closest branch equal to the chosen one keeps the chosen slot', async () => {
    const booking = startBooking();
    toReason(booking);
    booking.actor.send({ type: 'reason.select', reason: checkUp });
    booking.actor.send({ type: 'wizard.next' });
    booking.actor.send({ type: 'branch.select', selection: tampere });
    booking.actor.send({ type: 'wizard.next' });
    booking.actor.send({ type: 'wizard.next' });
    await loadSlotStep(booking);
    booking.pick({ type: 'slot.select', slot: slot() });
    booking.actor.send({ type: 'wizard.back' });
    booking.actor.send({ type: 'wizard.back' });
    booking.actor.send({ type: 'branch.locate', branches: allBranches });
    booking.getPosition.last().resolve({ latitude: 61.5, longitude: 23.76 });
    await settle();
    expect(booking.context().slot).toEqual(slot());
  });
});

describe('practitioner step', () => {
  function toBranch(booking: Booking) {
    toReason(booking);
    booking.actor.send({ type: 'reason.select', reason: checkUp });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('branch');
  }

  test('A practitioner chosen first on the location step is chosen when they work there', () => {
    const booking = startBooking();
    toBranch(booking);
    booking.actor.send({ type: 'practitioner.prefer', employee: aino });
    expect(booking.context().preferredEmployee).toEqual(aino);
    booking.actor.send({ type: 'branch.select', selection: helsinki });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('practitioner');
    expect(booking.context().employee).toEqual(aino);
    // Only when the step opens: a later deselection stays.
    booking.actor.send({ type: 'employee.select', employee: null });
    expect(booking.context().employee).toBeNull();
  });

  test('A practitioner chosen first who works elsewhere is not chosen', () => {
    const booking = startBooking();
    toBranch(booking);
    booking.actor.send({ type: 'practitioner.prefer', employee: aino });
    booking.actor.send({ type: 'branch.select', selection: tampere });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('practitioner');
    expect(booking.context().employee).toBeNull();
  });

  test('A practitioner already chosen stays; none chosen first leaves the step empty', () => {
    const booking = startBooking();
    toBranch(booking);
    booking.actor.send({ type: 'branch.select', selection: helsinki });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.context().employee).toBeNull();
    booking.actor.send({ type: 'employee.select', employee: ville });
    booking.actor.send({ type: 'wizard.back' });
    booking.actor.send({ type: 'practitioner.prefer', employee: aino });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.context().employee).toEqual(ville);
  });

  test("'First available time in the city' goes straight to its day's times with every clinic of the city and anyone", () => {
    const booking = startBooking();
    toBranch(booking);
    booking.actor.send({ type: 'branch.select', selection: tampere });
    booking.actor.send({ type: 'branch.firstAvailable', selection: helsinki, date: '2026-12-03' });
    expect(booking.view()).toBe('slot');
    expect(booking.context().branch).toEqual(helsinki);
    expect(booking.context().employee).toBeNull();
    expect(booking.context().date).toBe('2026-12-03');
    expect(booking.loadDay.last().input).toEqual({
      branchIds: helsinki.branchIds,
      reasonId: checkUp.id,
      customerType: 'private',
      date: '2026-12-03',
    });
    // Back goes to the practitioner step it skipped.
    booking.actor.send({ type: 'wizard.back' });
    expect(booking.view()).toBe('practitioner');
  });

  test("'First available time in the city' keeps a practitioner chosen first who works there, and ignores an empty city", () => {
    const booking = startBooking();
    toBranch(booking);
    booking.actor.send({ type: 'practitioner.prefer', employee: aino });
    booking.actor.send({
      type: 'branch.firstAvailable',
      selection: { branchIds: [], city: 'Nowhere' },
      date: '2026-12-03',
    });
    expect(booking.view()).toBe('branch');
    booking.actor.send({ type: 'branch.firstAvailable', selection: helsinki, date: '2026-12-03' });
    expect(booking.view()).toBe('slot');
    expect(booking.context().employee).toEqual(aino);
    expect(booking.loadDay.last().input).toHaveProperty('employeeId', aino.Id);
  });

  test('The practitioner step can be skipped, which clears the practitioner', async () => {
    const booking = startBooking();
    toSlot(booking, { employee: aino });
    booking.actor.send({ type: 'wizard.back' });
    booking.actor.send({ type: 'wizard.skip' });
    expect(booking.view()).toBe('slot');
    expect(booking.context().employee).toBeNull();
    expect(booking.loadDay.last().input).not.toHaveProperty('employeeId');
  });

  test('A chosen practitioner filters the availability', () => {
    const booking = startBooking();
    toSlot(booking, { employee: aino });
    expect(booking.loadMonth.last().input).toEqual({
      branchIds: [4, 3],
      reasonId: 7,
      employeeId: 41,
      customerType: 'private',
      month: '2026-12',
    });
    expect(booking.loadDay.last().input).toEqual({
      branchIds: [4, 3],
      reasonId: 7,
      employeeId: 41,
      customerType: 'private',
      date: TODAY,
    });
  });

  test('Changing the practitioner clears the chosen slot; the same one keeps it', async () => {
    const booking = startBooking();
    toSlot(booking, { employee: aino });
    await loadSlotStep(booking);
    booking.pick({ type: 'slot.select', slot: slot() });
    booking.actor.send({ type: 'wizard.back' });
    booking.actor.send({ type: 'employee.select', employee: aino });
    expect(booking.context().slot).toEqual(slot());
    booking.actor.send({ type: 'employee.select', employee: ville });
    expect(booking.context().slot).toBeNull();
  });
});

describe('slot step', () => {
  test('Entering the slot step starts the slot picker with the choices as filters', async () => {
    const booking = startBooking();
    toSlot(booking);
    expect(booking.picker().getSnapshot().context).toMatchObject({
      today: TODAY,
      date: TODAY,
      filters: { branchIds: [4, 3], reasonId: 7, customerType: 'private' },
      slot: null,
      taken: false,
    });
    expect(booking.loadMonth.last().input).toEqual({
      branchIds: [4, 3],
      reasonId: 7,
      customerType: 'private',
      month: '2026-12',
    });
    expect(booking.loadDay.last().input.date).toBe(TODAY);
    await loadSlotStep(booking);
    expect(booking.picker().getSnapshot().context.daySlots).toEqual(
      daySlots(TODAY, null, '2026-12-02'),
    );
  });

  test('The day and slot the picker reports are the wizard’s answers', async () => {
    const booking = startBooking();
    toSlot(booking);
    await loadSlotStep(booking, daySlots(TODAY, null, '2026-12-03'));
    booking.pick({ type: 'slot.nextDay' });
    expect(booking.context().date).toBe('2026-12-03');
    expect(booking.context().slot).toBeNull();
    booking.pick({ type: 'slot.select', slot: slot('2026-12-03') });
    expect(booking.context().slot).toEqual(slot('2026-12-03'));
    expect(booking.context().date).toBe('2026-12-03');
  });

  test('The slot step needs a chosen slot before going on', async () => {
    const booking = startBooking();
    toSlot(booking);
    await loadSlotStep(booking);
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('slot');
    booking.pick({ type: 'slot.select', slot: slot() });
    await holdAndGoOn(booking);
    expect(booking.view()).toBe('details');
    expect(booking.actor.getSnapshot().children.slotPicker).toBeUndefined();
  });

  test('A failed load is logged and the picker retries it', async () => {
    const booking = startBooking();
    toSlot(booking);
    booking.loadMonth.last().reject(serverError());
    booking.loadDay.last().reject(serverError());
    await settle();
    expect(booking.view()).toBe('slot');
    expect(booking.logError).toHaveBeenCalledTimes(2);
    booking.pick({ type: 'slot.retry' });
    expect(booking.loadMonth.calls).toHaveLength(2);
    expect(booking.loadDay.calls).toHaveLength(2);
  });

  test('Going back to the slot step reloads it and keeps the chosen slot and day', async () => {
    const booking = startBooking();
    toSlot(booking);
    await loadSlotStep(booking, daySlots(TODAY, null, '2026-12-02'));
    booking.pick({ type: 'slot.nextDay' });
    booking.pick({ type: 'slot.select', slot: slot() });
    await holdAndGoOn(booking);
    booking.actor.send({ type: 'wizard.back' });
    expect(booking.view()).toBe('slot');
    expect(booking.loadDay.calls).toHaveLength(3);
    expect(booking.loadDay.last().input.date).toBe('2026-12-02');
    expect(booking.context().slot).toEqual(slot());
    expect(booking.picker().getSnapshot().context.slot).toEqual(slot());
  });
});

describe('details step', () => {
  test('The signed-in user’s profile fills the empty fields; typed ones stay', async () => {
    const booking = startBooking({ profile: profileOf('040 765 4321') });
    await toDetails(booking);
    expect(booking.context().details).toEqual({
      ...EMPTY_DETAILS,
      firstName: 'Maija',
      lastName: 'Meikäläinen',
      phone: '040 765 4321',
      ssn: '131052-308T',
    });
    booking.actor.send({ type: 'details.change', details: { phone: '', firstName: 'Mai' } });
    booking.actor.send({ type: 'wizard.back' });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.context().details).toMatchObject({ firstName: 'Mai', phone: '040 765 4321' });
  });

  test('Signing in on the details step fills the empty fields from the profile', async () => {
    const booking = startBooking({ signedIn: false });
    await toDetails(booking);
    booking.actor.send({ type: 'details.change', details: { email: 'maija@example.com' } });
    booking.actor.send({ type: 'auth.loggedIn', profile: profileOf() });
    expect(booking.context().signedIn).toBe(true);
    expect(booking.context().details).toMatchObject({
      firstName: 'Maija',
      email: 'maija@example.com',
      phone: '040 765 4321',
    });
  });

  test('The previous booking’s address fills the empty address fields, also when it comes later', async () => {
    const address = { street: 'Testikatu 1', postalCode: '00100', city: 'Helsinki' };
    const booking = startBooking({ profile: { ...profileOf(), address } });
    await toDetails(booking);
    expect(booking.context().details).toMatchObject(address);

    // It comes later (the reservations load while the step shows): an untouched address fills,
    // and nothing else changes: an email the patient just cleared stays empty.
    const later = startBooking({ profile: profileOf() });
    await toDetails(later);
    later.actor.send({ type: 'details.change', details: { email: '' } });
    later.actor.send({ type: 'details.previousAddress', address });
    expect(later.context().details).toMatchObject({ ...address, email: '' });
    expect(later.context().profile?.address).toEqual(address);

    // An address the patient has begun stays as typed, whole.
    const begun = startBooking({ profile: profileOf() });
    await toDetails(begun);
    begun.actor.send({ type: 'details.change', details: { city: 'Espoo' } });
    begun.actor.send({ type: 'details.previousAddress', address });
    expect(begun.context().details).toMatchObject({ street: '', postalCode: '', city: 'Espoo' });
    // Coming back to the step (its entry fills from the profile) keeps it so too.
    expect(
      prefilledDetails({ ...EMPTY_DETAILS, city: 'Espoo' }, { ...profileOf(), address }),
    ).toMatchObject({ street: '', postalCode: '', city: 'Espoo', firstName: 'Maija' });
  });

  test('The details step offers the strong login, and returns to the details', async () => {
    const booking = startBooking({ signedIn: false });
    await toDetails(booking);
    booking.actor.send({ type: 'auth.login' });
    expect(booking.goToLogin).toHaveBeenCalledTimes(1);
    expect(booking.goToLogin.mock.calls[0]?.[1]).toEqual({ step: 'details' });
    expect(booking.view()).toBe('details');
  });

  test('Signing in replaces a typed name and identity code with the identity’s, and says so', async () => {
    const booking = startBooking({ signedIn: false });
    await toDetails(booking);
    booking.actor.send({
      type: 'details.change',
      details: {
        firstName: 'Testi',
        lastName: 'Potilas',
        ssn: '010101-123N',
        phone: '040 111 2222',
      },
    });
    booking.actor.send({ type: 'auth.loggedIn', profile: profileOf() });
    expect(booking.context().details).toMatchObject({
      firstName: 'Maija',
      lastName: 'Meikäläinen',
      ssn: '131052-308T',
      // Contact details stay as typed.
      phone: '040 111 2222',
    });
    expect(booking.context().identityReplaced).toBe(true);
  });

  test('The same name in other case or spacing, or none typed, replaces nothing', async () => {
    const booking = startBooking({ signedIn: false });
    await toDetails(booking);
    booking.actor.send({
      type: 'details.change',
      details: { firstName: ' maija ', lastName: 'MEIKÄLÄINEN' },
    });
    booking.actor.send({ type: 'auth.loggedIn', profile: profileOf() });
    expect(booking.context().details).toMatchObject({ firstName: 'Maija', ssn: '131052-308T' });
    expect(booking.context().identityReplaced).toBe(false);
  });

  test('Invalid details show their errors and stay on the step', async () => {
    const booking = startBooking();
    await toDetails(booking);
    booking.actor.send({ type: 'details.change', details: { ...validDetails, email: 'nope' } });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('details');
    expect(booking.context().fieldErrors).toEqual({ email: 'validation.email' });
  });

  test('Changing a field clears its error only', async () => {
    const booking = startBooking();
    await toDetails(booking);
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.context().fieldErrors).toMatchObject({
      email: 'validation.required',
      phone: 'validation.required',
    });
    booking.actor.send({ type: 'details.change', details: { email: 'a@b.fi' } });
    expect(booking.context().fieldErrors).not.toHaveProperty('email');
    expect(booking.context().fieldErrors).toHaveProperty('phone');
  });

  test('A reason that needs a description for staff makes it required', async () => {
    const booking = startBooking();
    toReason(booking);
    booking.actor.send({ type: 'reason.select', reason: toothache });
    booking.actor.send({ type: 'wizard.next' });
    booking.actor.send({ type: 'branch.select', selection: helsinki });
    booking.actor.send({ type: 'wizard.next' });
    booking.actor.send({ type: 'wizard.skip' });
    await loadSlotStep(booking);
    booking.pick({ type: 'slot.select', slot: slot() });
    await holdAndGoOn(booking);
    booking.actor.send({ type: 'details.change', details: validDetails });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.context().fieldErrors).toEqual({ descriptionForStaff: 'validation.required' });
    booking.actor.send({
      type: 'details.change',
      details: { descriptionForStaff: 'Aching molar' },
    });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('confirm');
  });
});

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

  test('A booked phone that differs from the profile’s is saved to it after booking', async () => {
    const booking = startBooking({ profile: profileOf('040 765 4321') });
    await toConfirm(booking);
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

  test('A failed phone update is told and logged; the booking stands', async () => {
    const booking = startBooking({ profile: profileOf(null) });
    await toConfirm(booking);
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

  test('The same phone in other spacing leaves the profile alone', async () => {
    const booking = startBooking({ profile: profileOf('+358401234567') });
    await toConfirm(booking);
    booking.actor.send({ type: 'wizard.submit' });
    booking.createReservation.last().resolve(reservation(slot()));
    await settle();
    expect(booking.savePhone.calls).toHaveLength(0);
    expect(booking.actor.getSnapshot().status).toBe('done');
  });

  test('A signed-out customer is asked to log in and comes back with every answer kept', async () => {
    const booking = startBooking({ signedIn: false });
    await toConfirm(booking);
    const before = booking.context();
    booking.actor.send({ type: 'wizard.submit' });
    expect(booking.view()).toBe('loginRequired');
    expect(booking.createReservation.calls).toHaveLength(0);

    booking.actor.send({ type: 'auth.login' });
    expect(booking.goToLogin).toHaveBeenCalledTimes(1);
    expect(booking.goToLogin.mock.calls[0]?.[1]).toEqual({ step: 'confirm' });
    booking.actor.send({ type: 'auth.loggedIn' });

    expect(booking.view()).toBe('confirm');
    const after = booking.context();
    expect(after.signedIn).toBe(true);
    expect({ ...after, signedIn: false }).toEqual(before);
    booking.actor.send({ type: 'wizard.submit' });
    expect(booking.createReservation.calls).toHaveLength(1);
  });

  test('Going back from the login-required step returns to confirm', async () => {
    const booking = startBooking({ signedIn: false });
    await toConfirm(booking);
    booking.actor.send({ type: 'wizard.submit' });
    booking.actor.send({ type: 'wizard.back' });
    expect(booking.view()).toBe('confirm');
  });

  test('Logging in elsewhere marks the customer signed in without moving the wizard', async () => {
    const booking = startBooking({ signedIn: false });
    await toConfirm(booking);
    booking.actor.send({ type: 'auth.loggedIn' });
    expect(booking.view()).toBe('confirm');
    booking.actor.send({ type: 'wizard.submit' });
    expect(booking.createReservation.calls).toHaveLength(1);
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

  describe('the same service booked within 14 days (409 duplicate-reservation)', () => {
    /** Maija's check-up three days after the chosen time, as the 409 names it. */
    const existing = (canModify = true): Schemas['Reservation'] => ({
      ...reservation(slot('2026-12-05', '14')),
      id: 977,
      canModify,
    });
    const duplicateError = (other = existing()) =>
      conflict({
        UserMessage: 'Already booked',
        Code: 'duplicate-reservation',
        ExistingReservation: other,
      });

    async function askedAboutDuplicate(booking: Booking, other = existing()) {
      await toConfirm(booking);
      booking.actor.send({ type: 'wizard.submit' });
      expect(booking.createReservation.last().input).not.toHaveProperty('allowDuplicate');
      booking.createReservation.last().reject(duplicateError(other));
      await settle();
      expect(booking.actor.getSnapshot().matches({ wizard: { confirm: 'duplicate' } })).toBe(true);
      expect(booking.view()).toBe('confirm');
      expect(booking.context().duplicate).toEqual(other);
    }

    test('Keep both sends the booking again with allowDuplicate and thanks for it', async () => {
      const booking = startBooking({ profile: profileOf('+358 40 123 4567') });
      await askedAboutDuplicate(booking);
      booking.actor.send({ type: 'duplicate.keepBoth' });
      expect(booking.createReservation.calls).toHaveLength(2);
      expect(booking.createReservation.last().input).toMatchObject({
        slotKey: slot().key,
        allowDuplicate: true,
      });
      booking.createReservation.last().resolve(reservation(slot()));
      await settle();
      expect(booking.view()).toBe('thankYou');
      expect(booking.context().movedFrom).toBeNull();
    });

    test('Move that one here moves the other reservation to the chosen time; the thank-you says from when', async () => {
      const booking = startBooking();
      await askedAboutDuplicate(booking);
      booking.actor.send({ type: 'duplicate.move' });
      expect(booking.moveReservation.last().input).toEqual({
        id: 977,
        slotKey: slot().key,
        holdId: heldSlot(slot()).id,
      });
      expect(booking.createReservation.calls).toHaveLength(1);
      const moved = { ...existing(), startTime: slot().startTime, endTime: slot().endTime };
      booking.moveReservation.last().resolve(moved);
      await settle();
      expect(booking.view()).toBe('thankYou');
      expect(booking.context().reservation).toEqual(moved);
      expect(booking.context().movedFrom).toEqual(existing());
      // A move changes no profile: the phone is not saved from it.
      expect(booking.savePhone.calls).toHaveLength(0);
    });

    test('A reservation inside its 24 hours cannot be moved: only keep both or another time', async () => {
      const booking = startBooking();
      await askedAboutDuplicate(booking, existing(false));
      booking.actor.send({ type: 'duplicate.move' });
      expect(booking.moveReservation.calls).toHaveLength(0);
      expect(booking.actor.getSnapshot().matches({ wizard: { confirm: 'duplicate' } })).toBe(true);
    });

    test('Choose another time goes to the times without the slot, and that time is asked about afresh', async () => {
      const booking = startBooking();
      await askedAboutDuplicate(booking);
      booking.actor.send({ type: 'duplicate.chooseAnotherTime' });
      expect(booking.view()).toBe('slot');
      expect(booking.context().slot).toBeNull();
      expect(booking.context().duplicate).toBeNull();
      booking.pick({ type: 'slot.select', slot: slot('2026-12-02', '10') });
      await holdAndGoOn(booking, slot('2026-12-02', '10'));
      booking.actor.send({ type: 'wizard.next' });
      booking.actor.send({ type: 'wizard.submit' });
      expect(booking.createReservation.last().input).not.toHaveProperty('allowDuplicate');
    });

    test('Keeping both is for that time only: a time taken meanwhile and another chosen asks again', async () => {
      const booking = startBooking();
      await askedAboutDuplicate(booking);
      booking.actor.send({ type: 'duplicate.keepBoth' });
      booking.createReservation
        .last()
        .reject(conflict({ UserMessage: 'Taken', Code: 'slot-taken' }));
      await settle();
      expect(booking.view()).toBe('slot');
      expect(booking.context().allowDuplicate).toBe(false);
    });

    test('A time held again after the hold ended, while asked, is reviewed afresh', async () => {
      const booking = startBooking();
      await askedAboutDuplicate(booking);
      booking.actor.send({ type: 'hold.ended' });
      const later = slot('2026-12-02', '10');
      booking.actor.send({ type: 'hold.renewed', slot: later, hold: heldSlot(later) });
      expect(booking.actor.getSnapshot().matches({ wizard: { confirm: 'reviewing' } })).toBe(true);
      expect(booking.context()).toMatchObject({ duplicate: null, slot: later, holdEnded: false });
    });

    test('Back from the question goes to the details, as from the confirm step', async () => {
      const booking = startBooking();
      await askedAboutDuplicate(booking);
      booking.actor.send({ type: 'wizard.back' });
      expect(booking.view()).toBe('details');
    });

    test('A failed move keeps the question and says so; a taken time goes back to the times', async () => {
      const booking = startBooking();
      await askedAboutDuplicate(booking);
      booking.actor.send({ type: 'duplicate.move' });
      booking.moveReservation.last().reject(serverError());
      await settle();
      expect(booking.actor.getSnapshot().matches({ wizard: { confirm: 'duplicate' } })).toBe(true);
      expect(booking.context().error).toBe('reservation.moveFailed');
      booking.actor.send({ type: 'duplicate.move' });
      expect(booking.context().error).toBeNull();
      booking.moveReservation.last().reject(conflict({ UserMessage: 'Taken', Code: 'slot-taken' }));
      await settle();
      expect(booking.view()).toBe('slot');
      expect(booking.context().error).toBe('reservation.slotTaken');
    });

    test('A move during a maintenance break shows the break', async () => {
      const booking = startBooking();
      await askedAboutDuplicate(booking);
      booking.actor.send({ type: 'duplicate.move' });
      booking.moveReservation.last().reject(maintenance('2026-11-22T20:00:00+02:00'));
      await settle();
      expect(booking.view()).toBe('maintenance');
    });

    test('A 409 duplicate-reservation without the reservation it names is a failed save', async () => {
      const booking = startBooking();
      await toConfirm(booking);
      booking.actor.send({ type: 'wizard.submit' });
      booking.createReservation
        .last()
        .reject(conflict({ UserMessage: 'Already booked', Code: 'duplicate-reservation' }));
      await settle();
      expect(booking.actor.getSnapshot().matches({ wizard: { confirm: 'reviewing' } })).toBe(true);
      expect(booking.context().error).toBe('reservation.saveFailed');
    });
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

  test('A 401 on submit asks the customer to log in again', async () => {
    const booking = startBooking();
    await toConfirm(booking);
    booking.actor.send({ type: 'wizard.submit' });
    booking.createReservation.last().reject(unauthorized());
    await settle();
    expect(booking.view()).toBe('loginRequired');
    expect(booking.context().signedIn).toBe(false);
  });

  test('Logging out elsewhere makes the submit ask for a login', async () => {
    const booking = startBooking();
    await toConfirm(booking);
    booking.actor.send({ type: 'auth.loggedOut' });
    booking.actor.send({ type: 'wizard.submit' });
    expect(booking.view()).toBe('loginRequired');
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

describe('the chosen time is held (createSlotHold)', () => {
  async function choose(booking: Booking) {
    toSlot(booking);
    await loadSlotStep(booking);
    booking.pick({ type: 'slot.select', slot: slot() });
    booking.actor.send({ type: 'wizard.next' });
  }

  test('Choosing a time holds it before the details show; the hold is kept with the answers', async () => {
    const booking = startBooking();
    await choose(booking);
    expect(booking.view()).toBe('slot');
    // The picker's changes wait while the hold is made: the hold is of the time shown chosen.
    booking.pick({ type: 'slot.select', slot: slot('2026-12-02', '10') });
    expect(booking.context().slot).toEqual(slot());
    booking.holdSlot.last().resolve(heldSlot(slot()));
    await settle();
    expect(booking.view()).toBe('details');
    expect(booking.context().hold).toEqual(heldSlot(slot()));
    expect(booking.context().holdEnded).toBe(false);
  });

  test('A time taken meanwhile is said at once, on the times shown afresh', async () => {
    const booking = startBooking();
    await choose(booking);
    booking.holdSlot.last().reject(conflict({ UserMessage: 'Taken', Code: 'slot-taken' }));
    await settle();
    expect(booking.view()).toBe('slot');
    expect(booking.context().slot).toBeNull();
    expect(booking.context().hold).toBeNull();
    expect(booking.context().error).toBe('reservation.slotTaken');
    // The picker started again, told the time was taken: it loads the day anew.
    expect(booking.picker().getSnapshot().context.taken).toBe(true);
    expect(booking.releaseHold).not.toHaveBeenCalled();
  });

  test('A hold that fails otherwise lets the patient go on unheld, logged; the booking sends no holdId', async () => {
    const booking = startBooking();
    await choose(booking);
    booking.holdSlot.last().reject(serverError());
    await settle();
    expect(booking.view()).toBe('details');
    expect(booking.context().hold).toBeNull();
    expect(booking.logError).toHaveBeenCalledWith(
      'Holding the chosen time failed; going on unheld',
      expect.anything(),
    );
    booking.actor.send({ type: 'details.change', details: validDetails });
    booking.actor.send({ type: 'wizard.next' });
    booking.actor.send({ type: 'wizard.submit' });
    expect(booking.createReservation.last().input).not.toHaveProperty('holdId');
  });

  test('A maintenance break met while holding shows the notice', async () => {
    const booking = startBooking();
    await choose(booking);
    booking.holdSlot.last().reject(maintenance('2026-12-01T20:00:00+02:00'));
    await settle();
    expect(booking.view()).toBe('maintenance');
    expect(booking.context().maintenanceStartsAt).toBe('2026-12-01T20:00:00+02:00');
  });

  test('Back on the times the held time stays chosen and held; another time, or back before the times, lets it go', async () => {
    const booking = startBooking();
    await toDetails(booking);
    booking.actor.send({ type: 'wizard.back' });
    expect(booking.view()).toBe('slot');
    expect(booking.context().hold).toEqual(heldSlot(slot()));
    // The times are asked with the hold, so that the held time is among them.
    await loadSlotStep(booking);
    expect(booking.loadDay.last().input.holdId).toBe(heldSlot(slot()).id);
    // Next with the same time: on at once, no second hold.
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('details');
    expect(booking.holdSlot.calls).toHaveLength(1);
    booking.actor.send({ type: 'wizard.back' });
    await loadSlotStep(booking);
    // Browsing another day keeps it; choosing another time lets it go.
    booking.pick({ type: 'slot.nextDay' });
    expect(booking.releaseHold).not.toHaveBeenCalled();
    const later = slot('2026-12-02', '10');
    booking.pick({ type: 'slot.select', slot: later });
    expect(booking.releaseHold).toHaveBeenCalledExactlyOnceWith(heldSlot(slot()).id);
    expect(booking.context().hold).toBeNull();
    await holdAndGoOn(booking, later);
    expect(booking.context().hold).toEqual(heldSlot(later));
    booking.actor.send({ type: 'wizard.back' });
    booking.actor.send({ type: 'wizard.back' });
    expect(booking.view()).toBe('practitioner');
    expect(booking.releaseHold).toHaveBeenLastCalledWith(heldSlot(later).id);
    expect(booking.context().hold).toBeNull();
  });

  test('A booking refused as taken (the hold had ended) lets the hold go with the time', async () => {
    const booking = startBooking();
    await toConfirm(booking);
    booking.actor.send({ type: 'wizard.submit' });
    booking.createReservation.last().reject(conflict({ UserMessage: 'Taken', Code: 'slot-taken' }));
    await settle();
    expect(booking.view()).toBe('slot');
    expect(booking.releaseHold).toHaveBeenCalledExactlyOnceWith(heldSlot(slot()).id);
    expect(booking.context()).toMatchObject({ slot: null, hold: null });
  });

  test('An ended hold is said; the nearest time held again becomes the chosen one, answers kept', async () => {
    const booking = startBooking();
    await toConfirm(booking);
    // Not ended yet: a renewal is ignored.
    const later = slot('2026-12-02', '10');
    booking.actor.send({ type: 'hold.renewed', slot: later, hold: heldSlot(later) });
    expect(booking.context().slot).toEqual(slot());
    booking.actor.send({ type: 'hold.ended' });
    expect(booking.context()).toMatchObject({ hold: null, holdEnded: true });
    expect(booking.view()).toBe('confirm');
    // A hold of another time than the one named is no renewal.
    booking.actor.send({ type: 'hold.renewed', slot: later, hold: heldSlot(slot()) });
    expect(booking.context().holdEnded).toBe(true);
    booking.actor.send({ type: 'hold.renewed', slot: later, hold: heldSlot(later) });
    expect(booking.context()).toMatchObject({
      slot: later,
      date: '2026-12-02',
      hold: heldSlot(later),
      holdEnded: false,
      details: validDetails,
    });
    expect(booking.view()).toBe('confirm');
    booking.actor.send({ type: 'wizard.submit' });
    expect(booking.createReservation.last().input).toMatchObject({
      slotKey: later.key,
      holdId: heldSlot(later).id,
    });
  });

  test('After an ended hold the patient may go back to the times; a booking then sends no holdId', async () => {
    const booking = startBooking();
    await toConfirm(booking);
    booking.actor.send({ type: 'hold.ended' });
    booking.actor.send({ type: 'wizard.submit' });
    expect(booking.createReservation.last().input).not.toHaveProperty('holdId');
    // While the booking is sent, the hold cannot change under it.
    booking.actor.send({ type: 'hold.chooseAnotherTime' });
    expect(booking.actor.getSnapshot().matches({ wizard: { confirm: 'submitting' } })).toBe(true);
    booking.createReservation.last().reject(serverError());
    await settle();
    booking.actor.send({ type: 'hold.chooseAnotherTime' });
    expect(booking.view()).toBe('slot');
    expect(booking.context()).toMatchObject({ slot: null, hold: null, holdEnded: false });
    expect(booking.releaseHold).not.toHaveBeenCalled();
  });

  test('A restored hold stays only with its own slot', () => {
    const withHold = startBooking();
    const choices = {
      customerType: privateCustomer,
      reason: checkUp,
      branch: helsinki,
      employee: null,
      date: '2026-12-02',
      slot: slot(),
      details: validDetails,
    };
    withHold.actor.send({
      type: 'wizard.restore',
      step: 'confirm',
      choices: { ...choices, hold: heldSlot(slot()) },
    });
    expect(withHold.context().hold).toEqual(heldSlot(slot()));
    const otherSlot = startBooking();
    otherSlot.actor.send({
      type: 'wizard.restore',
      step: 'confirm',
      choices: { ...choices, hold: heldSlot(slot('2026-12-02', '10')) },
    });
    expect(otherSlot.view()).toBe('confirm');
    expect(otherSlot.context().hold).toBeNull();
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

  test('A type that is not offered is forgotten and nothing is chosen', () => {
    const booking = startBooking({ requestedCustomerType: 'spaceVoucher' });
    booking.actor.send({ type: 'customerType.offer', customerTypes: offered });
    expect(booking.context().customerType).toBeNull();
    expect(booking.context().requestedCustomerType).toBeNull();
  });

  test('Without a request, offering the types chooses nothing', () => {
    const booking = startBooking();
    booking.actor.send({ type: 'customerType.offer', customerTypes: offered });
    expect(booking.context().customerType).toBeNull();
    expect(booking.view()).toBe('customerType');
  });
});
