import type { Schemas } from '@portal/sdk';

/**
 * A family booking (issue 55): one service for two to four persons the signed-in user may book
 * for, back to back with one practitioner or at the same time with several at one clinic, held
 * together and booked all or none (`createFamilyBooking`).
 */

/** A person the booking can be for (`listPersons`, with the `book` right). */
export type BookingPerson = Pick<
  Schemas['ActingPerson'],
  'id' | 'relation' | 'firstName' | 'lastName' | 'age' | 'ssn'
>;

/** The most persons one family booking takes. */
export const FAMILY_MAX = 4;

/** Of the persons the user may act for, those a booking can be for (the `book` right). */
export function bookablePersons(persons: readonly Schemas['ActingPerson'][]): BookingPerson[] {
  return persons
    .filter((person) => person.rights.includes('book'))
    .map(({ id, relation, firstName, lastName, age, ssn }) => ({
      id,
      relation,
      firstName,
      lastName,
      age,
      ssn,
    }));
}
