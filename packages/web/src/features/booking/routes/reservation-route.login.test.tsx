import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';
import { BOOKING_STORAGE_KEY } from '../api/wizard-storage.ts';
import {
  FIRST_SCREEN,
  JOURNEY_TIMEOUT_MS,
  chooseUntilSlot,
  fillAddress,
  next,
} from '../testing/wizard-steps.ts';

afterEach(stopApp);

type TestApp = Awaited<ReturnType<typeof renderApp>>;

/** Back from the bank login as `user` on `path`, the booking's stored choices kept. */
async function backFromTheBank(
  path: string,
  user: 'patient' | 'first-login',
  stored: string | null,
): Promise<TestApp | null> {
  let app: TestApp | null = null;
  await act(async () => {
    app = await renderApp(path, {
      user,
      sessionStorage: { [BOOKING_STORAGE_KEY]: stored ?? '' },
    });
  });
  return app;
}

/** The signed-in user of an app rendered (the test fails when there is none). */
function signedInUser(app: TestApp | null) {
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

      const app = await backFromTheBank('/en/reservation/details', 'patient', stored);
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
      const app = await backFromTheBank('/en/reservation/confirm', 'patient', stored);
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

describe('a first-time patient who logs in during the booking (issue 54)', () => {
  test(
    'meets the terms gate with the booking kept, and is back on the details at once after accepting',
    async () => {
      const user = userEvent.setup();
      await renderApp('/en/reservation');
      const chosen = await chooseUntilSlot(user);
      await user.click(await screen.findByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(window.location.pathname).toBe('/en/login'));
      const stored = sessionStorage.getItem(BOOKING_STORAGE_KEY);

      // Back from the bank as Eero, who has not accepted the terms: the gate stands on the step.
      const app = await backFromTheBank('/en/reservation/details', 'first-login', stored);
      await screen.findByRole('heading', { level: 1, name: /terms of use/ }, FIRST_SCREEN);
      const notice = (await screen.findByText('Your booking is waiting')).closest<HTMLElement>(
        '[data-variant]',
      );
      if (notice === null) throw new Error('The kept booking has no notice');
      // "Dental check-up, Helsinki Kamppi, Monday 30 November 08:00": the time chosen.
      const when = chosen.split(', ')[0] ?? '';
      expect(
        await within(notice).findByText(new RegExp(`^Dental check-up, .+, ${when}$`)),
      ).toBeInTheDocument();
      // This test's server is new since the login (renderApp): the hold has ended there, and the
      // notice says so (the e2e journey sees it counting down on a server that kept it).
      expect(
        await within(notice).findByText(/^The time is no longer held for you\./),
      ).toBeInTheDocument();
      // The terms behind a toggle, the skip as the main action; no second skip further down.
      expect(screen.getByRole('button', { name: 'Read the terms of use' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      expect(
        screen.queryByRole('button', { name: 'Accept the terms and skip the rest' }),
      ).toBeNull();
      const go = screen.getByRole('button', { name: 'Accept and continue the booking' });
      expect(
        screen.getByRole('heading', { name: 'You can choose these now or later in your profile' }),
      ).toBeInTheDocument();

      // The terms still have to be ticked.
      await user.click(go);
      const terms = screen.getByRole('checkbox', { name: /I have read and accept the terms/ });
      await waitFor(() => expect(terms).toHaveAttribute('aria-invalid', 'true'));
      await user.click(terms);
      await user.click(go);

      // Back on the details at once (no 10-second countdown), with the record's details (name,
      // contact and address) and the ended hold's way to hold the same time again.
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Your details' }, FIRST_SCREEN),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/en/reservation/details');
      expect(screen.queryByText(/redirected in/)).toBeNull();
      expect(
        await screen.findByRole('button', { name: /^Keep the same time/ }),
      ).toBeInTheDocument();
      const person = signedInUser(app).Person;
      const identity = await screen.findByRole('region', { name: 'From your identification' });
      expect(within(identity).getByText('Eero Ensikertalainen')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue(person.EmailAddress);
      expect(screen.getByRole('textbox', { name: /Street address/ })).toHaveValue(
        person.Address?.Street,
      );
      // The session has the user the server answered after the acceptance: the terms alone.
      expect(signedInUser(app).TermsAccepted).toBe(true);
      expect(signedInUser(app).EmailMarketingEnabled).toBe(false);
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'the gate off a booking (no time chosen) is the plain first-login form',
    async () => {
      await renderApp('/en/reservation/details', { user: 'first-login' });
      await screen.findByRole('heading', { level: 1, name: /terms of use/ }, FIRST_SCREEN);
      expect(
        await screen.findByRole('region', { name: 'Terms of use text' }, FIRST_SCREEN),
      ).toBeInTheDocument();
      expect(screen.queryByText('Your booking is waiting')).toBeNull();
      expect(
        screen.getByRole('button', { name: 'Accept the terms and skip the rest' }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Accept and continue the booking' })).toBeNull();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
