import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';
import { BOOKING_STORAGE_KEY } from '../api/wizard-storage.ts';
import { JOURNEY_TIMEOUT_MS, chooseUntilSlot, fillAddress, next } from '../testing/wizard-steps.ts';

afterEach(stopApp);

/** The signed-in user of an app rendered (the test fails when there is none). */
function signedInUser(app: Awaited<ReturnType<typeof renderApp>> | null) {
  const user = app?.services.session.user;
  if (!user) throw new Error('Not signed in');
  return user;
}

describe('booking wizard', () => {
  test(
    'the details step offers the login; back signed in, the identity replaces a typed name and says so',
    async () => {
      const user = userEvent.setup();
      await renderApp('/en/reservation');
      await chooseUntilSlot(user);
      expect(
        await screen.findByText('Log in to fill in your details automatically'),
      ).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Testi');
      await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Potilas');
      await user.type(screen.getByRole('textbox', { name: /Email/ }), 'testi@example.fi');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(window.location.pathname).toBe('/en/login'));
      expect(new URLSearchParams(window.location.search).get('returnTo')).toBe(
        '/en/reservation/details',
      );
      const stored = sessionStorage.getItem(BOOKING_STORAGE_KEY);

      let app: Awaited<ReturnType<typeof renderApp>> | null = null;
      await act(async () => {
        app = await renderApp('/en/reservation/details', {
          user: 'patient',
          sessionStorage: { [BOOKING_STORAGE_KEY]: stored ?? '' },
        });
      });
      const identity = await screen.findByRole('region', { name: 'From your identification' });
      const profileEmail = signedInUser(app).Person.EmailAddress;
      expect(within(identity).getByText('Maija Meikäläinen')).toBeInTheDocument();
      expect(
        await screen.findByText(
          'Your name and personal identity code were replaced with those from your identification.',
        ),
      ).toBeInTheDocument();
      // Issue 54: the profile's e-mail wins; the typed one is offered instead.
      expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue(profileEmail);
      expect(
        screen.getByText('The booking has your profile’s contact details'),
      ).toBeInTheDocument();
      expect(screen.getByText('testi@example.fi')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Use these instead' }));
      expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('testi@example.fi');
      expect(screen.queryByText('The booking has your profile’s contact details')).toBeNull();
      expect(screen.queryByText('Log in to fill in your details automatically')).toBeNull();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'a visitor who is not signed in is asked to log in and keeps the choices',
    async () => {
      const user = userEvent.setup();
      await renderApp('/en/reservation');
      await chooseUntilSlot(user);
      await screen.findByRole('heading', { level: 2, name: 'Your details' });
      await user.type(await screen.findByRole('textbox', { name: /First name/ }), 'Maija');
      await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Meikäläinen');
      await user.type(screen.getByRole('textbox', { name: /Email/ }), 'maija@example.fi');
      await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '040 123 4567');
      await fillAddress(user);
      await user.click(next());
      await user.click(await screen.findByRole('button', { name: 'Confirm the booking' }));

      expect(
        await screen.findByRole('heading', { level: 2, name: 'Log in to finish the booking' }),
      ).toBeInTheDocument();
      // Issue 54: the step asks to log in once, with its button; its notice says why and that
      // the choices are kept ("Kirjaudu" was said four times).
      const login = await screen.findByRole('button', { name: 'Log in' });
      expect(screen.getByRole('main').textContent?.match(/log in/gi)).toHaveLength(2);
      expect(
        await screen.findByText(/^Confirming the booking needs strong identification\./),
      ).toBeInTheDocument();
      expect(screen.getByText('Your booking is waiting')).toBeInTheDocument();
      await user.click(login);
      await waitFor(() => expect(window.location.pathname).toBe('/en/login'));
      expect(new URLSearchParams(window.location.search).get('returnTo')).toBe(
        '/en/reservation/confirm',
      );
      const stored = sessionStorage.getItem(BOOKING_STORAGE_KEY);
      expect(stored).toContain('maija@example.fi');

      // Back from the login, signed in: the confirmation shows every choice, with the profile's
      // contact details (issue 54); the typed ones are offered instead.
      let app: Awaited<ReturnType<typeof renderApp>> | null = null;
      await act(async () => {
        app = await renderApp('/en/reservation/confirm', {
          user: 'patient',
          sessionStorage: { [BOOKING_STORAGE_KEY]: stored ?? '' },
        });
      });
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Check and confirm' }),
      ).toBeInTheDocument();
      const person = signedInUser(app).Person;
      const profileContact = `${person.EmailAddress}, ${person.PhoneNumber}`;
      expect(screen.getByText('Dental check-up')).toBeInTheDocument();
      expect(screen.getByText(profileContact)).toBeInTheDocument();
      expect(screen.queryByRole('checkbox', { name: /to my profile/ })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Use these instead' }));
      expect(screen.getByText('maija@example.fi, 040 123 4567')).toBeInTheDocument();
      // The typed phone is the booking's now; the profile keeps its own unless ticked.
      expect(
        screen.getByRole('checkbox', { name: 'Also save 040 123 4567 to my profile' }),
      ).not.toBeChecked();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
