import { describe, expect, test } from 'vitest';
import { startBooking, toConfirm } from '../../testing/booking-wizard.ts';
import { settle } from '../../testing/deferred-actor.ts';
import { unauthorized } from '../../testing/fixtures.ts';

describe('confirming', () => {
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
});
