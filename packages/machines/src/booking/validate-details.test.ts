import { describe, expect, test } from 'vitest';
import { validDetails } from '../testing/booking-fixtures.ts';
import type { DetailsField } from './validate-details.ts';
import {
  EMPTY_DETAILS,
  areDetailsValid,
  isValidEmail,
  isValidFinnishPhone,
  validateDetails,
} from './validate-details.ts';

const plainReason = { requiresStaffDescription: false };
const describedReason = { requiresStaffDescription: true };

describe('booking details validation', () => {
  test('Complete details are valid', () => {
    expect(validateDetails(validDetails, plainReason)).toEqual({});
    expect(areDetailsValid(validDetails, plainReason)).toBe(true);
  });

  test('Empty details need names, email, phone and the address', () => {
    expect(validateDetails(EMPTY_DETAILS, plainReason)).toEqual({
      firstName: 'validation.required',
      lastName: 'validation.required',
      email: 'validation.required',
      phone: 'validation.required',
      street: 'validation.required',
      postalCode: 'validation.required',
      city: 'validation.required',
    });
    expect(areDetailsValid(EMPTY_DETAILS, plainReason)).toBe(false);
  });

  test.each<DetailsField>([
    'firstName',
    'lastName',
    'email',
    'phone',
    'street',
    'postalCode',
    'city',
  ])('A blank %s is required', (field) => {
    expect(validateDetails({ ...validDetails, [field]: '   ' }, plainReason)).toEqual({
      [field]: 'validation.required',
    });
  });

  test('The social security number is optional', () => {
    expect(validateDetails({ ...validDetails, ssn: '' }, plainReason)).toEqual({});
  });

  test('An identity code given is checked as the server checks it: format, date and control character', () => {
    expect(validateDetails({ ...validDetails, ssn: ' 131052-308T ' }, plainReason)).toEqual({});
    // Issue 54: "010101-123X" was accepted here, and refused by the server at the booking.
    for (const ssn of ['010101-123X', '131052-308U', '310201-1234', '131052308T']) {
      expect(validateDetails({ ...validDetails, ssn }, plainReason), ssn).toEqual({
        ssn: 'validation.ssn',
      });
    }
  });

  test('The description for staff is required only when the reason demands it', () => {
    expect(validateDetails(validDetails, plainReason)).toEqual({});
    expect(validateDetails(validDetails, null)).toEqual({});
    expect(validateDetails(validDetails, describedReason)).toEqual({
      descriptionForStaff: 'validation.required',
    });
    expect(
      validateDetails({ ...validDetails, descriptionForStaff: 'Aching molar' }, describedReason),
    ).toEqual({});
  });

  test.each(['maija@example', 'maija.example.com', 'maija @example.com', '@example.com', 'maija@'])(
    'The email %s has an invalid format',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
      expect(validateDetails({ ...validDetails, email }, plainReason)).toEqual({
        email: 'validation.email',
      });
    },
  );

  test.each(['maija@example.com', ' m.m+tag@sub.example.fi '])('The email %s is valid', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  test.each(['+358 40 123 4567', '+358401234567', '040 123 4567', '0401234567', '09 1234 567'])(
    'The Finnish phone number %s is valid',
    (phone) => {
      expect(isValidFinnishPhone(phone)).toBe(true);
      expect(validateDetails({ ...validDetails, phone }, plainReason)).toEqual({});
    },
  );

  test.each([
    '123',
    '+46 70 123 4567',
    '40 123 4567',
    '+358 0401234567',
    '040-123-4567',
    'abc',
    '0401',
  ])('The phone number %s is not a valid Finnish number', (phone) => {
    expect(isValidFinnishPhone(phone)).toBe(false);
    expect(validateDetails({ ...validDetails, phone }, plainReason)).toEqual({
      phone: 'validation.phone',
    });
  });

  test.each(['0051', '005100', 'ABCDE', '00 510'])(
    'The postal code %s is invalid',
    (postalCode) => {
      expect(validateDetails({ ...validDetails, postalCode }, plainReason)).toEqual({
        postalCode: 'validation.postalCode',
      });
    },
  );

  test('A postal code of five digits is valid', () => {
    expect(validateDetails({ ...validDetails, postalCode: ' 99999 ' }, plainReason)).toEqual({});
  });
});
