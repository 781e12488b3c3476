import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';

afterEach(stopApp);

/** The first screen waits for the lazy route and the session: longer than findBy's 1 s. */
const FIRST_SCREEN = { timeout: 15_000 };
/** The whole app renders per test; a loaded machine needs time. */
const SLOW = 60_000;
/** The booking route's first load (its lazy chunk and texts) in a test run on a loaded machine. */
const NEW_ROUTE = { timeout: 20_000 };

async function openProfile() {
  const app = await renderApp('/en/profile', { user: 'patient' });
  await screen.findByRole('heading', { level: 1, name: 'My profile' }, FIRST_SCREEN);
  // The favourites load with the directory.
  await screen.findByRole('combobox', { name: 'Favourite clinic' }, FIRST_SCREEN);
  return app;
}

/** The error summary's focusable box (issue 36: one error pattern). */
const errorSummary = () =>
  screen.getByRole('heading', { name: 'There is a problem' }).closest('[tabindex="-1"]');

describe('profile page', () => {
  test(
    'the patient sees their own details read-only, with the identity code masked until shown',
    async () => {
      const user = userEvent.setup({ delay: null });
      await openProfile();
      const details = screen.getByRole('article', { name: 'Personal details' });
      expect(within(details).getByText('Maija')).toBeInTheDocument();
      expect(within(details).getByText('Meikäläinen')).toBeInTheDocument();
      expect(within(details).getByText(/^150385-\*+$/)).toBeInTheDocument();
      expect(within(details).queryByRole('textbox')).toBeNull();
      const show = within(details).getByRole('button', { name: 'Show in full' });
      await user.click(show);
      expect(show).toHaveAttribute('aria-pressed', 'true');
      expect(within(details).getByText(/^150385-9\d\d[0-9A-Y]$/)).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Mobile phone number' })).toHaveValue(
        '+358401000001',
      );
      expect(screen.getAllByRole('checkbox')).toHaveLength(9);
      expect(screen.getByRole('checkbox', { name: 'Clear aligners' })).toBeInTheDocument();
    },
    SLOW,
  );

  test(
    'a phone number the server refuses shows its message under the field, keeping what was typed',
    async () => {
      const user = userEvent.setup({ delay: null });
      await openProfile();
      const phone = screen.getByRole('textbox', { name: 'Mobile phone number' });
      await user.clear(phone);
      await user.type(phone, '12345');
      await user.click(screen.getByRole('checkbox', { name: 'Teeth whitening' }));
      await user.click(screen.getByRole('button', { name: 'Save changes' }));

      await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
      expect(phone).toHaveAccessibleDescription(
        expect.stringContaining('Enter a phone number like 040 123 4567'),
      );
      expect(phone).toHaveValue('12345');
      // The summary at the top takes the focus; its link leads to the field.
      await waitFor(() => expect(errorSummary()).toHaveFocus());
      await user.click(
        screen.getByRole('link', { name: /^Mobile phone number: Enter a phone number like/ }),
      );
      expect(phone).toHaveFocus();

      await user.clear(phone);
      await user.type(phone, '040 123 4567');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Your information was saved.')).toBeInTheDocument();
      expect(phone).not.toHaveAttribute('aria-invalid');
    },
    SLOW,
  );

  test(
    'after a save the notice counts down to the front page, and redirect now goes at once',
    async () => {
      const user = userEvent.setup({ delay: null });
      await openProfile();
      await user.click(screen.getByRole('checkbox', { name: 'Teeth whitening' }));
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Your information was saved.')).toBeInTheDocument();
      expect(screen.getByText(/redirected in 10 seconds/)).toBeInTheDocument();
      const now = screen.getByRole('button', { name: 'Redirect now' });
      expect(now).toHaveFocus();
      await user.click(now);
      await waitFor(() => expect(window.location.pathname).toBe('/en'));
      expect(
        await screen.findByRole('heading', { level: 1, name: /^Welcome, / }, FIRST_SCREEN),
      ).toBeInTheDocument();
    },
    SLOW,
  );

  test(
    'a save that fails without field errors shows the general failure message',
    async () => {
      const user = userEvent.setup({ delay: null });
      const app = await openProfile();
      app.mock.server.use(
        http.put('*/api/patients/:id/profile', () =>
          HttpResponse.json({ UserMessage: 'Boom', Code: 'internal' }, { status: 500 }),
        ),
      );
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(
        await screen.findByText('Saving the information failed. Please try again later.'),
      ).toBeInTheDocument();
    },
    SLOW,
  );

  test(
    'the patient chooses a favourite clinic and practitioner from grouped lists',
    async () => {
      const user = userEvent.setup({ delay: null });
      await openProfile();
      const branch = screen.getByRole('combobox', { name: 'Favourite clinic' });
      const groups = within(branch).getAllByRole('group');
      expect(groups.length).toBeGreaterThan(0);
      const firstOption = within(groups[0]!).getAllByRole('option')[0]!;
      await user.selectOptions(branch, firstOption);
      const employee = screen.getByRole('combobox', {
        name: 'Favourite dentist or dental hygienist',
      });
      const atBranch = within(employee).getAllByRole('group')[0]!;
      expect(atBranch).toHaveAttribute('label', expect.stringMatching(/^At /));
      await user.selectOptions(employee, within(atBranch).getAllByRole('option')[0]!);
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Your information was saved.')).toBeInTheDocument();
    },
    SLOW,
  );

  test(
    'deleting the account asks first, then logs out and counts down to the front page',
    async () => {
      const user = userEvent.setup({ delay: null });
      const app = await openProfile();
      // Spec §4: the logout call is made when a token exists, with it.
      const logouts: (string | null)[] = [];
      app.mock.server.events.on('request:start', ({ request }) => {
        if (new URL(request.url).pathname === '/api/logout')
          logouts.push(request.headers.get('Authorization'));
      });
      await user.click(screen.getByRole('button', { name: 'Delete my account' }));
      const dialog = await screen.findByRole('alertdialog', {
        name: 'Do you really want to delete your account?',
      });
      await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

      await user.click(screen.getByRole('button', { name: 'Delete my account' }));
      await user.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete' }),
      );
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Your account was deleted' }),
      ).toBeInTheDocument();
      expect(await screen.findByText(/redirected in 10 seconds/)).toBeInTheDocument();
      expect(localStorage.getItem('access_token')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Redirect now' }));
      await waitFor(() => expect(window.location.pathname).toBe('/en'));
      expect(await screen.findByRole('link', { name: 'Log in' }, FIRST_SCREEN)).toBeInTheDocument();
      expect(logouts).toEqual([expect.stringMatching(/^Bearer \S+$/)]);
    },
    SLOW,
  );

  test(
    'a deletion the server refuses shows the server-error message and keeps the account',
    async () => {
      const user = userEvent.setup({ delay: null });
      const app = await openProfile();
      app.mock.server.use(
        http.delete('*/api/patients/', () => HttpResponse.json({}, { status: 500 })),
      );
      await user.click(screen.getByRole('button', { name: 'Delete my account' }));
      await user.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete' }),
      );
      expect(
        await screen.findByText('Could not delete profile due to an server error.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'My profile' })).toBeInTheDocument();
      expect(localStorage.getItem('access_token')).not.toBeNull();
    },
    SLOW,
  );
});

describe('first login', () => {
  test(
    'the terms must be ticked; saving then counts down and redirects on request',
    async () => {
      const user = userEvent.setup({ delay: null });
      await renderApp('/en/reservation', { user: 'first-login' });
      expect(
        await screen.findByRole('heading', { level: 1, name: /terms of use/ }, FIRST_SCREEN),
      ).toBeInTheDocument();
      expect(
        await screen.findByRole('region', { name: 'Terms of use text' }, FIRST_SCREEN),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
      const terms = screen.getByRole('checkbox', { name: /I have read and accept the terms/ });
      await waitFor(() => expect(terms).toHaveAttribute('aria-invalid', 'true'));
      expect(terms).toHaveAccessibleDescription(
        expect.stringContaining('You have to accept the terms and privacy policies to continue.'),
      );
      expect(errorSummary()).toHaveFocus();
      await user.click(
        screen.getByRole('link', {
          name: /I have read and accept the terms.*You have to accept the terms and privacy policies/,
        }),
      );
      expect(terms).toHaveFocus();

      await user.click(terms);
      await user.click(
        screen.getByRole('checkbox', { name: 'I would like to receive offers and news by email' }),
      );
      await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
      expect(await screen.findByText('Thank you! Your choices were saved.')).toBeInTheDocument();
      expect(screen.getByText(/redirected in 10 seconds/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Redirect now' }));
      // Spec §4: /en/reservation is returned to as it is. The checkbox accepted the privacy
      // policies too: no privacy-statement screen follows.
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Book an appointment' }, NEW_ROUTE),
      ).toBeInTheDocument();
      // The booking's first step keeps that address.
      expect(window.location.pathname).toBe('/en/reservation');
      expect(screen.queryByRole('heading', { name: /privacy statement/ })).toBeNull();
    },
    SLOW,
  );

  test(
    'the skip link needs the terms ticked, then accepts them alone and redirects at once',
    async () => {
      const user = userEvent.setup({ delay: null });
      const app = await renderApp('/en/reservation', { user: 'first-login' });
      await screen.findByRole('region', { name: 'Terms of use text' }, FIRST_SCREEN);
      expect(
        await screen.findByRole('navigation', { name: 'Privacy policies' }, FIRST_SCREEN),
      ).toBeInTheDocument();
      const skip = screen.getByRole('button', { name: 'Accept the terms and skip the rest' });
      await user.click(skip);
      const terms = screen.getByRole('checkbox', { name: /I have read and accept the terms/ });
      await waitFor(() => expect(terms).toHaveAttribute('aria-invalid', 'true'));
      expect(errorSummary()).toHaveFocus();

      await user.click(terms);
      // An answer given before the skip is left out: only the terms are accepted.
      await user.click(
        screen.getByRole('checkbox', { name: 'I would like to receive offers and news by email' }),
      );
      await user.click(skip);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Book an appointment' }, NEW_ROUTE),
      ).toBeInTheDocument();
      // The booking's first step keeps that address.
      expect(window.location.pathname).toBe('/en/reservation');
      expect(screen.queryByText(/redirected in/)).toBeNull();
      const me = await app.services.api.client.GET('/api/me');
      expect(me.data?.TermsAccepted).toBe(true);
      expect(me.data?.PrivacyPolicyAccepted).toBe(true);
      expect(me.data?.EmailMarketingEnabled).toBe(false);
    },
    SLOW,
  );
});

describe('survey', () => {
  test(
    'a user asked to update the profile answers the survey dialog and is redirected',
    async () => {
      const user = userEvent.setup({ delay: null });
      await renderApp('/en', { user: 'survey' });
      const dialog = await screen.findByRole('dialog', { name: 'Customer survey' }, FIRST_SCREEN);
      expect(dialog).toHaveAccessibleDescription(expect.stringMatching(/^Hello Siiri,/));
      await within(dialog).findByRole('combobox', { name: 'Favourite clinic' }, FIRST_SCREEN);
      await user.click(within(dialog).getByRole('checkbox', { name: 'Dental implants' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save answers' }));
      expect(await within(dialog).findByText('Thank you for your answers!')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Redirect now' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), FIRST_SCREEN);
      // Spec §4: from the front page in a language, on to the reservation page in it.
      expect(window.location.pathname).toMatch(/^\/en\/reservation/);
    },
    SLOW,
  );

  test(
    'the skip link leaves the survey at once, unanswered, and it is not shown again',
    async () => {
      const user = userEvent.setup({ delay: null });
      const app = await renderApp('/en', { user: 'survey' });
      const dialog = await screen.findByRole('dialog', { name: 'Customer survey' }, FIRST_SCREEN);
      await user.click(within(dialog).getByRole('button', { name: 'Skip the survey' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), FIRST_SCREEN);
      expect(screen.queryByText(/redirected in/)).toBeNull();
      expect(window.location.pathname).toMatch(/^\/en\/reservation/);
      const me = await app.services.api.client.GET('/api/me');
      expect(me.data?.ShouldShowProfilePage).toBe(false);
      expect(me.data?.AreasOfInterests).toEqual([]);
    },
    SLOW,
  );

  test(
    'closing the survey marks the new marketing terms accepted, so it is not shown again',
    async () => {
      const user = userEvent.setup({ delay: null });
      const app = await renderApp('/en/about', { user: 'survey' });
      const dialog = await screen.findByRole('dialog', { name: 'Customer survey' }, FIRST_SCREEN);
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(async () => {
        const me = await app.services.api.client.GET('/api/me');
        expect(me.data?.ShouldShowProfilePage).toBe(false);
      });
      expect(window.location.pathname).toBe('/en/about');
    },
    SLOW,
  );
});
