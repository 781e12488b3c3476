import { isValidSsn } from '@portal/sdk';
/** The customer's details in the booking's details step (spec §3 Reservation). */
export interface BookingDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** Optional; the server checks it (the portal prefills the signed-in user's code). */
  ssn: string;
  street: string;
  postalCode: string;
  city: string;
  /** Required when the reason has `requiresStaffDescription`. */
  descriptionForStaff: string;
}

export type DetailsField = keyof BookingDetails;

export type ValidationKey =
  | 'validation.required'
  | 'validation.email'
  | 'validation.phone'
  | 'validation.postalCode'
  | 'validation.ssn';

/** Field → message key; empty when the details are valid. */
export type DetailsErrors = Partial<Record<DetailsField, ValidationKey>>;

export const EMPTY_DETAILS: BookingDetails = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  ssn: '',
  street: '',
  postalCode: '',
  city: '',
  descriptionForStaff: '',
};

const REQUIRED: readonly DetailsField[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'street',
  'postalCode',
  'city',
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * A Finnish phone number: `+358` or `0`, then 5–11 digits of which the first is not 0
 * (`+358 40 123 4567`, `040 123 4567`, `09 1234 567`). Spaces are allowed anywhere.
 */
const FINNISH_PHONE = /^(?:\+358|0)[1-9]\d{4,10}$/;
const POSTAL_CODE = /^\d{5}$/;

export function isValidEmail(email: string): boolean {
  return EMAIL.test(email.trim());
}

export function isValidFinnishPhone(phone: string): boolean {
  return FINNISH_PHONE.test(phone.replace(/\s+/g, ''));
}

/**
 * Spec §5 Booking details: email required and of valid format; phone required and valid;
 * address (street, postal code of five digits, city) required; first and last name required;
 * description for staff required when the reason demands it; an identity code, when given, valid
 * (the server's check). A missing value gives
 * `validation.required`; a present but malformed one its format key.
 */
export function validateDetails(
  details: BookingDetails,
  reason: { requiresStaffDescription: boolean } | null,
): DetailsErrors {
  const errors: DetailsErrors = {};
  const required = reason?.requiresStaffDescription
    ? [...REQUIRED, 'descriptionForStaff' as const]
    : REQUIRED;
  for (const field of required) {
    if (details[field].trim() === '') errors[field] = 'validation.required';
  }
  if (errors.email === undefined && !isValidEmail(details.email)) errors.email = 'validation.email';
  if (errors.phone === undefined && !isValidFinnishPhone(details.phone)) {
    errors.phone = 'validation.phone';
  }
  if (errors.postalCode === undefined && !POSTAL_CODE.test(details.postalCode.trim())) {
    errors.postalCode = 'validation.postalCode';
  }
  // Optional, but a code given is checked as the server checks it (format, date, control
  // character): "010101-123X" is said at the field, not refused at the booking.
  const ssn = details.ssn.trim();
  if (ssn !== '' && !isValidSsn(ssn)) errors.ssn = 'validation.ssn';
  return errors;
}

export function areDetailsValid(
  details: BookingDetails,
  reason: { requiresStaffDescription: boolean } | null,
): boolean {
  return Object.keys(validateDetails(details, reason)).length === 0;
}
