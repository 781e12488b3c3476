import { BadRequestError } from '@portal/sdk';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from './testing/render-app.tsx';

afterEach(stopApp);

describe('session', () => {
  test('a stored token loads the user before the routes render', async () => {
    await renderApp('/en', { user: 'patient' });
    expect(screen.getByRole('status', { name: 'Loading your details…' })).toBeInTheDocument();
    // The final layout is there at once (header, skip link, a skeleton page), never the visitor's
    // menu for a moment.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('status', { name: 'Loading your details…' }),
    );
    expect(screen.queryAllByRole('link', { name: 'Log in' })).toHaveLength(0);
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Welcome, / }),
    ).toBeInTheDocument();
  });

  test('a patient sees the patient navigation and can log out from it', async () => {
    const user = userEvent.setup();
    await renderApp('/en/about', { user: 'patient' });
    const nav = (await screen.findAllByRole('navigation', { name: 'Main menu' }))[0];
    expect(nav).toBeDefined();
    expect(screen.queryAllByRole('link', { name: 'Log in' })).toHaveLength(0);
    await user.click(screen.getAllByRole('button', { name: 'Log out' })[0] as HTMLElement);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/en/login');
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});

describe('terms gate', () => {
  test('a user who has not accepted the terms sees them on every route until accepting', async () => {
    const user = userEvent.setup();
    await renderApp('/en/about', { user: 'first-login' });
    expect(await screen.findByRole('heading', { level: 1, name: /terms/i })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Accept and continue' }));
    expect(
      await screen.findByText('You have to accept the terms and privacy policies to continue.'),
    ).toBeInTheDocument();
    await user.click(
      screen.getByRole('checkbox', { name: /I have read and accept the terms of use/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    // FIRST_LOGIN (spec §4): the saved notice counts down to the redirect; skip it.
    await user.click(await screen.findByRole('button', { name: 'Redirect now' }));

    // The checkbox accepted the privacy policies too: no privacy-statement screen follows. The
    // redirect from a page outside spec §4's list goes through /login, which sends the
    // signed-in user on.
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Welcome, / }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /privacy statement/ })).toBeNull();
  });

  test('a new privacy statement taking effect on 1 October has its own screen until accepted', async () => {
    const user = userEvent.setup();
    // The evening before 1 October: the patient has accepted the statement then in force.
    const app = await renderApp('/en/about', {
      user: 'patient',
      mock: { now: new Date('2026-09-30T22:00:00+03:00') },
    });
    await screen.findByRole('heading', { level: 1, name: 'About the service' });
    await app.services.api.client.PUT('/api/dev/clock', {
      body: { now: '2026-10-01T01:00:00+03:00', frozen: true },
    });
    await act(() => app.services.session.refresh());
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Our privacy statement has been updated',
      }),
    ).toBeInTheDocument();
    // English links only.
    const links = await screen.findAllByRole('link', {
      name: /privacy statement.*opens in a new tab/i,
    });
    expect(links).toHaveLength(3);
    for (const link of links) expect(link.getAttribute('href')).toMatch(/\/en\//);
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About the service' }),
    ).toBeInTheDocument();
  });
});

describe('API error handling', () => {
  test('a 401 answer logs the user out and goes to the login page', async () => {
    const app = await renderApp('/en/about', { user: 'patient' });
    await screen.findByRole('heading', { level: 1, name: 'About the service' });
    localStorage.setItem('access_token', 'revoked-token');
    await act(async () => {
      await app.services.api.client.GET('/api/me').catch(() => undefined);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/en/login');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  test('a 401 on the front page logs out without leaving the page', async () => {
    const app = await renderApp('/en', { user: 'patient' });
    await screen.findByRole('heading', { level: 1, name: /^Welcome, / });
    localStorage.setItem('access_token', 'revoked-token');
    await act(async () => {
      await app.services.api.client.GET('/api/me').catch(() => undefined);
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Good oral health starts with easy booking',
      }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/en');
  });

  test('a 503 answer goes to the maintenance page, which shows the start time', async () => {
    const app = await renderApp('/en/about');
    await screen.findByRole('heading', { level: 1, name: 'About the service' });
    await fetch(`${app.origin}/api/dev/maintenance`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ active: true, startsAt: '2026-11-22T20:00:00+02:00' }),
    });
    await act(async () => {
      await app.services.api.client
        .GET('/api/availability/month', {
          params: { query: { branchIds: [1], reasonId: 1, month: '2026-12' } },
        } as never)
        .catch(() => undefined);
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maintenance break' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/en/maintenance');
    expect(await screen.findByText(/starts at 22\.11\.2026 \d\d:00/)).toBeInTheDocument();
  });

  test('a 400 answer shows its UserMessage as an error toast', async () => {
    const app = await renderApp('/en/about');
    await screen.findByRole('heading', { level: 1, name: 'About the service' });
    const failure = await app.services.api.client
      .POST('/api/auth/token', {
        body: { grantType: 'authorization_code', code: 'ac_00000000000000000' },
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(BadRequestError);
    expect((failure as BadRequestError).fieldErrors).toEqual([]);
    const message = (failure as BadRequestError).userMessage;
    expect(message).toBeTruthy();
    expect(await screen.findByText(message as string)).toBeInTheDocument();
  });

  test('a 400 with field errors toasts its short UserMessage; the field messages are the form’s', async () => {
    const app = await renderApp('/en/about');
    await screen.findByRole('heading', { level: 1, name: 'About the service' });
    const failure = await app.services.api.client
      .POST('/api/auth/mobile', { body: { phoneNumber: 'not a number' } })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(BadRequestError);
    const error = failure as BadRequestError;
    const fieldMessage = error.fieldError('phoneNumber');
    expect(fieldMessage).toBeTruthy();
    expect(error.userMessage).toBe('Check the highlighted fields.');
    expect(await screen.findByText('Check the highlighted fields.')).toBeInTheDocument();
    // The toast does not list the fields: their messages appear under the fields only.
    expect(screen.queryByText(fieldMessage ?? '')).not.toBeInTheDocument();
  });
});
