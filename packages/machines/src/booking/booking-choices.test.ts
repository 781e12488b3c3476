import { describe, expect, test } from 'vitest';
import {
  TODAY,
  checkUp,
  privateCustomer,
  slot,
  toothache,
  validDetails,
  voucherCustomer,
} from '../testing/booking-fixtures.ts';
import type { BookingChoices } from './booking-choices.ts';
import {
  BOOKING_STEPS,
  MissingChoiceError,
  availabilityFilters,
  isStepReachable,
  needsVoucherCheck,
  reservationCreateRequest,
  restorableStep,
  sameBranches,
  voucherCheckRequest,
} from './booking-choices.ts';
import { EMPTY_DETAILS } from './validate-details.ts';

const empty: BookingChoices = {
  customerType: null,
  voucherIdentifier: '',
  campaignCode: '',
  reason: null,
  branch: null,
  employee: null,
  date: TODAY,
  slot: null,
  hold: null,
  details: EMPTY_DETAILS,
  visitorContact: null,
  typedContact: null,
  familyIds: [],
  familySlots: [],
};

const complete: BookingChoices = {
  ...empty,
  customerType: privateCustomer,
  reason: checkUp,
  branch: { branchIds: [3], city: 'Helsinki' },
  slot: slot(),
  details: validDetails,
};

describe('booking steps', () => {
  test('The steps are in wizard order', () => {
    expect([...BOOKING_STEPS]).toEqual([
      'customerType',
      'reason',
      'branch',
      'practitioner',
      'slot',
      'details',
      'confirm',
    ]);
  });

  test('Every step is reachable with complete answers, only the first without any', () => {
    for (const step of BOOKING_STEPS) expect(isStepReachable(complete, step)).toBe(true);
    expect(BOOKING_STEPS.filter((step) => isStepReachable(empty, step))).toEqual(['customerType']);
  });

  test('A restore falls back to the furthest earlier step whose answers are given', () => {
    expect(restorableStep(complete, 'confirm')).toBe('confirm');
    expect(restorableStep({ ...complete, reason: null }, 'confirm')).toBe('reason');
    expect(restorableStep({ ...complete, reason: toothache }, 'confirm')).toBe('details');
    expect(restorableStep(empty, 'slot')).toBe('customerType');
  });

  test('Only voucher types with a required identifier are checked', () => {
    expect(needsVoucherCheck({ customerType: voucherCustomer })).toBe(true);
    expect(needsVoucherCheck({ customerType: privateCustomer })).toBe(false);
    expect(
      needsVoucherCheck({ customerType: { id: 'serviceVoucher', identifierRequired: false } }),
    ).toBe(false);
    expect(needsVoucherCheck({ customerType: { id: 'private', identifierRequired: true } })).toBe(
      false,
    );
    expect(needsVoucherCheck({ customerType: null })).toBe(false);
  });
});

describe('requests', () => {
  test('Building a request without the answers it needs is a bug that is reported', () => {
    expect(() => voucherCheckRequest(complete)).toThrow(MissingChoiceError);
    expect(() => availabilityFilters(empty)).toThrow('The booking has no customer type yet');
    expect(() => availabilityFilters({ ...complete, reason: null })).toThrow('no reason');
    expect(() => availabilityFilters({ ...complete, branch: null })).toThrow('no branch');
    expect(() => reservationCreateRequest({ ...complete, customerType: null }, null)).toThrow(
      'no customer type',
    );
    expect(() => reservationCreateRequest({ ...complete, slot: null }, null)).toThrow('no slot');
  });

  test('An unchecked campaign code is sent as typed, a blank one as null', () => {
    expect(
      reservationCreateRequest({ ...complete, campaignCode: ' kesä ' }, null).campaignCode,
    ).toBe('kesä');
    expect(
      reservationCreateRequest({ ...complete, campaignCode: '  ' }, null).campaignCode,
    ).toBeNull();
    expect(reservationCreateRequest(complete, 'HYMY10').campaignCode).toBe('HYMY10');
  });

  test('The identifier is not sent for a type that needs none', () => {
    expect(
      reservationCreateRequest({ ...complete, voucherIdentifier: 'PSV' }, null).voucherIdentifier,
    ).toBeNull();
  });

  test('Branch selections are the same when they choose the same branches in order', () => {
    expect(sameBranches(null, null)).toBe(true);
    expect(sameBranches(null, { branchIds: [3], city: 'Helsinki' })).toBe(false);
    expect(sameBranches({ branchIds: [3, 4], city: 'A' }, { branchIds: [3, 4], city: 'A' })).toBe(
      true,
    );
    expect(sameBranches({ branchIds: [3, 4], city: 'A' }, { branchIds: [3], city: 'A' })).toBe(
      false,
    );
    expect(sameBranches({ branchIds: [3, 4], city: 'A' }, { branchIds: [3, 5], city: 'A' })).toBe(
      false,
    );
  });
});
