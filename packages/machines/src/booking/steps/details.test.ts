import { describe, expect, test } from 'vitest';
import { slot, toothache, validDetails } from '../../testing/booking-fixtures.ts';
import {
  helsinki,
  profileOf,
  startBooking,
  toReason,
  loadSlotStep,
  holdAndGoOn,
  toDetails,
} from '../../testing/booking-wizard.ts';
import { prefilledDetails } from '../booking-choices.ts';
import { contactOffer } from '../contact.ts';
import { willSaveBookedPhone } from '../setup.ts';
import { EMPTY_DETAILS } from '../validate-details.ts';

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

  test("A first-time patient's address comes from the patient record; a previous booking's replaces it untouched, not once edited (issue 54)", async () => {
    const record = { street: 'Mannerheimintie 4', postalCode: '00100', city: 'Helsinki' };
    const previous = { street: 'Testikatu 1', postalCode: '00100', city: 'Helsinki' };
    // No booking before: the record's address is there, nothing to type.
    const first = startBooking({ profile: { ...profileOf(), address: record } });
    await toDetails(first);
    expect(first.context().details).toMatchObject(record);
    // A previous booking's address, once known, is the patient's latest word.
    first.actor.send({ type: 'details.previousAddress', address: previous });
    expect(first.context().details).toMatchObject(previous);
    // Edited by the patient, the record's address stays as edited.
    const edited = startBooking({ profile: { ...profileOf(), address: record } });
    await toDetails(edited);
    edited.actor.send({ type: 'details.change', details: { street: 'Mannerheimintie 4 B 12' } });
    edited.actor.send({ type: 'details.previousAddress', address: previous });
    expect(edited.context().details).toMatchObject({ ...record, street: 'Mannerheimintie 4 B 12' });
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
      // The profile's phone wins (issue 54); the typed one is offered instead.
      phone: '040 765 4321',
    });
    expect(booking.context().identityReplaced).toBe(true);
    expect(booking.context().typedContact).toEqual({ phone: '040 111 2222' });
  });

  test('After a login the profile’s contact details win; the typed ones are offered, and used when chosen', async () => {
    const booking = startBooking({ signedIn: false });
    await toDetails(booking);
    const typed = {
      email: 'typed@example.com',
      phone: '040 111 2222',
      street: 'Kotikatu 2',
      postalCode: '00200',
      city: 'Helsinki',
    };
    booking.actor.send({ type: 'details.change', details: typed });
    const profile = { ...profileOf('+358401234567'), email: 'maija@example.com' };
    booking.actor.send({ type: 'auth.loggedIn', profile });
    expect(booking.context().details).toMatchObject({
      email: 'maija@example.com',
      phone: '+358401234567',
      // The profile has no address: the typed one stays until the previous booking's comes.
      street: 'Kotikatu 2',
    });
    const previous = { street: 'Testikatu 1', postalCode: '00100', city: 'Helsinki' };
    booking.actor.send({ type: 'details.previousAddress', address: previous });
    expect(booking.context().details).toMatchObject(previous);
    expect(contactOffer(booking.context().typedContact, booking.context().details)).toEqual(typed);
    // A later word of the same login (the user read again) changes nothing the patient chose.
    booking.actor.send({ type: 'details.useTyped' });
    expect(booking.context().details).toMatchObject(typed);
    expect(booking.context().typedContact).toBeNull();
    booking.actor.send({ type: 'auth.loggedIn', profile });
    booking.actor.send({ type: 'details.previousAddress', address: previous });
    expect(booking.context().details).toMatchObject(typed);
    // Booking the typed phone does not save it to the profile unless ticked.
    expect(willSaveBookedPhone(booking.context())).toBe(false);
    booking.actor.send({ type: 'details.savePhone', save: true });
    expect(willSaveBookedPhone(booking.context())).toBe(true);
  });

  test('A signed-in patient’s own edits are never replaced by a later word of the login', async () => {
    const booking = startBooking({ profile: profileOf() });
    await toDetails(booking);
    booking.actor.send({ type: 'details.change', details: { phone: '040 999 8888' } });
    booking.actor.send({ type: 'auth.loggedIn', profile: profileOf() });
    expect(booking.context().details.phone).toBe('040 999 8888');
    expect(booking.context().typedContact).toBeNull();
  });

  test('What a visitor typed survives the login’s reload as a choice, and the login then applies', async () => {
    const visitor = startBooking({ signedIn: false });
    await toDetails(visitor);
    visitor.actor.send({ type: 'details.change', details: { phone: '040 111 2222' } });
    const stored = visitor.context();
    // Back from the bank: a machine started signed in restores the answers, then hears the login.
    const back = startBooking({ signedIn: true });
    back.actor.send({
      type: 'wizard.restore',
      step: 'details',
      choices: {
        ...stored,
        visitorContact: stored.visitorContact,
        typedContact: stored.typedContact,
      },
    });
    back.actor.send({ type: 'auth.loggedIn', profile: profileOf() });
    expect(back.context().details.phone).toBe('040 765 4321');
    expect(back.context().typedContact).toEqual({ phone: '040 111 2222' });
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
