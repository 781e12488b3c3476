import type { BookingDetails } from './validate-details.ts';

/**
 * The booking's contact details as the patient gives them: what a login in the middle of the
 * booking must not silently keep or lose (issue 54 item 3: the profile wins unless the patient
 * chooses).
 */
export const CONTACT_FIELDS = ['email', 'phone', 'street', 'postalCode', 'city'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type BookingContact = Pick<BookingDetails, ContactField>;

/** The contact fields a visitor has typed (non-empty ones only), or null when none. */
export function typedContactOf(details: BookingDetails): Partial<BookingContact> | null {
  const typed: Partial<BookingContact> = {};
  for (const field of CONTACT_FIELDS) {
    if (details[field].trim() !== '') typed[field] = details[field];
  }
  return Object.keys(typed).length > 0 ? typed : null;
}

const digitsOf = (phone: string): string => phone.replace(/[\s-]/g, '');
const textOf = (text: string): string => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('fi');

/** Two values of a contact field are one: a phone by its digits, the rest without case or spacing. */
export function sameContactValue(field: ContactField, a: string, b: string): boolean {
  return field === 'phone' ? digitsOf(a) === digitsOf(b) : textOf(a) === textOf(b);
}

/**
 * Whether the phone typed for a booking differs from the profile's (`null`: the profile has
 * none); spacing and dashes alone are no change, and an empty phone never replaces one.
 */
export function isPhoneChanged(profilePhone: string | null, bookedPhone: string): boolean {
  const typed = digitsOf(bookedPhone);
  return typed !== '' && typed !== digitsOf(profilePhone ?? '');
}

/**
 * The details after a login: the profile's e-mail and phone replace what the visitor typed
 * before it, where the profile has them (what it lacks stays as typed).
 */
export function withProfileContact(
  details: BookingDetails,
  profile: { email: string | null; phone: string | null },
): BookingDetails {
  return {
    ...details,
    ...(profile.email ? { email: profile.email } : {}),
    ...(profile.phone ? { phone: profile.phone } : {}),
  };
}

/**
 * What the patient typed before logging in that the booking does not use now: offered as "use
 * these instead". Empty when what was typed is what the booking has.
 */
export function contactOffer(
  typed: Partial<BookingContact> | null,
  details: BookingDetails,
): Partial<BookingContact> {
  const offer: Partial<BookingContact> = {};
  if (typed === null) return offer;
  for (const field of CONTACT_FIELDS) {
    const value = typed[field];
    if (value !== undefined && !sameContactValue(field, value, details[field]))
      offer[field] = value;
  }
  // An address is offered whole: a part typed with the rest from the previous booking is no address.
  if (['street', 'postalCode', 'city'].some((field) => field in offer)) {
    offer.street = typed.street ?? '';
    offer.postalCode = typed.postalCode ?? '';
    offer.city = typed.city ?? '';
  }
  return offer;
}

/** Whether the address in the details is the one typed before the login, untouched since. */
export function isTypedAddress(
  typed: Partial<BookingContact> | null,
  details: BookingDetails,
): boolean {
  if (typed === null) return false;
  const parts = ['street', 'postalCode', 'city'] as const;
  return (
    parts.some((part) => (typed[part] ?? '').trim() !== '') &&
    parts.every((part) => sameContactValue(part, typed[part] ?? '', details[part]))
  );
}
