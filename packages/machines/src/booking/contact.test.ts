import { describe, expect, test } from 'vitest';
import {
  contactOffer,
  isPhoneChanged,
  isTypedAddress,
  sameContactValue,
  typedContactOf,
  withProfileContact,
} from './contact.ts';
import { EMPTY_DETAILS } from './validate-details.ts';

const typedAddress = { street: 'Kotikatu 2', postalCode: '00200', city: 'Helsinki' };

describe('the booked phone', () => {
  test('only another number counts as a change, not other spacing', () => {
    expect(isPhoneChanged('+358401234567', '+358 40 123 4567')).toBe(false);
    expect(isPhoneChanged('+358401234567', '040 765 4321')).toBe(true);
    expect(isPhoneChanged('+358401234567', '  ')).toBe(false);
    expect(isPhoneChanged(null, '040 1')).toBe(true);
  });
});

describe('the contact details typed before a login', () => {
  test('what a visitor typed is the non-empty contact fields, none when nothing was typed', () => {
    expect(typedContactOf({ ...EMPTY_DETAILS, firstName: 'Eero' })).toBeNull();
    expect(
      typedContactOf({ ...EMPTY_DETAILS, phone: '040 111 2222', email: ' ', city: 'Espoo' }),
    ).toEqual({ phone: '040 111 2222', city: 'Espoo' });
  });

  test('a phone is compared by its digits, the rest without case or spacing', () => {
    expect(sameContactValue('phone', '040-111 2222', '0401112222')).toBe(true);
    expect(sameContactValue('email', ' Maija@Example.com', 'maija@example.com')).toBe(true);
    expect(sameContactValue('street', 'Kotikatu  2', 'kotikatu 2')).toBe(true);
    expect(sameContactValue('city', 'Espoo', 'Helsinki')).toBe(false);
  });

  test('the profile’s e-mail and phone take their place; what the profile lacks stays typed', () => {
    const typed = { ...EMPTY_DETAILS, email: 'typed@example.com', phone: '040 111 2222' };
    expect(
      withProfileContact(typed, { email: 'maija@example.com', phone: '+358401234567' }),
    ).toEqual({ ...typed, email: 'maija@example.com', phone: '+358401234567' });
    expect(withProfileContact(typed, { email: null, phone: '' })).toEqual(typed);
  });

  test('the offer holds what differs from the booking’s details, an address whole', () => {
    const details = {
      ...EMPTY_DETAILS,
      email: 'maija@example.com',
      phone: '040 111 2222',
      street: 'Testikatu 1',
      postalCode: '00100',
      city: 'Helsinki',
    };
    expect(contactOffer(null, details)).toEqual({});
    expect(
      contactOffer({ email: 'typed@example.com', phone: '0401112222', city: 'Helsinki' }, details),
    ).toEqual({ email: 'typed@example.com' });
    expect(contactOffer({ street: 'Kotikatu 2', city: 'Helsinki' }, details)).toEqual({
      street: 'Kotikatu 2',
      postalCode: '',
      city: 'Helsinki',
    });
  });

  test('the address typed before the login is recognised while untouched', () => {
    expect(isTypedAddress(null, { ...EMPTY_DETAILS, ...typedAddress })).toBe(false);
    expect(isTypedAddress(typedAddress, { ...EMPTY_DETAILS, ...typedAddress })).toBe(true);
    expect(isTypedAddress(typedAddress, { ...EMPTY_DETAILS, ...typedAddress, city: 'Espoo' })).toBe(
      false,
    );
    expect(isTypedAddress({ phone: '040 1' }, EMPTY_DETAILS)).toBe(false);
  });
});
