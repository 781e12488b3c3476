import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';
import { BANK_STATE_KEY } from '../api/bank-state.ts';
import { RETURN_TO_KEY } from '../../../shared/return-to.ts';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  stopApp();
  vi.useRealTimers();
});

async function openTab(name: string) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.click(await screen.findByRole('tab', { name }));
  return user;
}

describe('mobile-certificate login', () => {
  test('a bad phone number gets a clear error and no request is sent', async () => {
    await renderApp('/en/login');
    const user = await openTab('Mobile certificate');
    await user.click(screen.getByRole('button', { name: 'Send the identification request' }));
    expect(
      screen.getByRole('textbox', { name: /Mobile phone number/ }),
    ).toHaveAccessibleDescription(/Enter a mobile phone number\./);
    await user.type(screen.getByRole('textbox', { name: /Mobile phone number/ }), '12345');
    await user.click(screen.getByRole('button', { name: 'Send the identification request' }));
    expect(
      screen.getByRole('textbox', { name: /Mobile phone number/ }),
    ).toHaveAccessibleDescription(/Enter a Finnish mobile number/);
  });

  test('a refused number is summed up above the form, which takes the focus at every refusal, and its link leads to the field', async () => {
    await renderApp('/en/login');
    const user = await openTab('Mobile certificate');
    const send = screen.getByRole('button', { name: 'Send the identification request' });
    await user.click(send);
    const summary = await screen.findByRole('group', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('alert')).toHaveTextContent(
      'Mobile phone number: Enter a mobile phone number.',
    );
    await user.click(within(summary).getByRole('link', { name: /Mobile phone number/ }));
    expect(screen.getByRole('textbox', { name: /Mobile phone number/ })).toHaveFocus();
    await user.type(screen.getByRole('textbox', { name: /Mobile phone number/ }), '12345');
    await user.click(send);
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent(/Enter a Finnish mobile number/);
  });

  test('the verification code appears in a status region that was there before it, and the focus moves to the cancel', async () => {
    await renderApp('/en/login');
    const user = await openTab('Mobile certificate');
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    await user.type(screen.getByRole('textbox', { name: /Mobile phone number/ }), '0401000002');
    await user.click(screen.getByRole('button', { name: 'Send the identification request' }));
    expect(await within(status).findByText('Verification code:')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBe(status);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(status).not.toContainElement(screen.getByRole('button', { name: 'Cancel' }));
  });

  test('a patient logs in with the mobile certificate and returns to the page that required it', async () => {
    await renderApp('/en/login?returnTo=/en/about');
    const user = await openTab('Mobile certificate');
    await user.type(screen.getByRole('textbox', { name: /Mobile phone number/ }), '+358401000001');
    await user.click(screen.getByRole('button', { name: 'Send the identification request' }));
    expect(await screen.findByText('Verification code:')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4_500));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About the service' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/en/about');
    expect(localStorage.getItem('access_token')).not.toBeNull();
    // The form went with the login: the focus is on the new page's heading, not on nothing.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'About the service' })).toHaveFocus(),
    );
  });

  test('a login asked for by a page says where it leads: a message’s move link, any other page, none (issue 54)', async () => {
    await renderApp('/en/login?returnTo=%2Fen%2Freservations%3Fmove%3D1024');
    expect(
      await screen.findByText(
        'Log in to change the time of your appointment: the choice of times opens right after you log in.',
      ),
    ).toBeInTheDocument();
    stopApp();
    await renderApp('/en/login?returnTo=/en/profile');
    expect(
      await screen.findByText('After logging in you return to the page you tried to open.'),
    ).toBeInTheDocument();
    stopApp();
    // The page that sent here remembered where to return (a signed-out visit to a message's link).
    await renderApp('/en/login', {
      sessionStorage: { [RETURN_TO_KEY]: '/en/reservations?move=1024' },
    });
    expect(await screen.findByText(/^Log in to change the time of your appointment/)).toBeVisible();
    stopApp();
    await renderApp('/en/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(screen.queryByText(/After logging in|Log in to change/)).toBeNull();
  });

  test('a rejected request says so and offers a retry', async () => {
    await renderApp('/en/login');
    const user = await openTab('Mobile certificate');
    await user.type(screen.getByRole('textbox', { name: /Mobile phone number/ }), '+358401111111');
    await user.click(screen.getByRole('button', { name: 'Send the identification request' }));
    await screen.findByText('Verification code:');
    await act(() => vi.advanceTimersByTimeAsync(4_500));
    expect(await screen.findByRole('alert')).toHaveTextContent('The identification was rejected');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('a request nobody answers expires with a clear message', async () => {
    await renderApp('/en/login');
    const user = await openTab('Mobile certificate');
    await user.type(screen.getByRole('textbox', { name: /Mobile phone number/ }), '040 222 2222');
    await user.click(screen.getByRole('button', { name: 'Send the identification request' }));
    await screen.findByText('Verification code:');
    await act(() => vi.advanceTimersByTimeAsync(125_000));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The identification request expired',
    );
  });

  test('the waiting state can be cancelled', async () => {
    await renderApp('/en/login');
    const user = await openTab('Mobile certificate');
    await user.type(screen.getByRole('textbox', { name: /Mobile phone number/ }), '0401000002');
    await user.click(screen.getByRole('button', { name: 'Send the identification request' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The login was cancelled.');
  });
});

describe('QR-code login', () => {
  test('an approved QR code logs the user in', async () => {
    const app = await renderApp('/en/login');
    await openTab('QR code');
    const image = await screen.findByRole('img', { name: 'QR code for logging in' });
    expect(screen.getByText(/The code expires in \d+ seconds/)).toBeInTheDocument();
    const qrId = image.getAttribute('data-qr-id');
    await fetch(`${app.origin}/api/dev/qr/${qrId}/approve`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ user: 'patient' }),
    });
    await act(() => vi.advanceTimersByTimeAsync(2_500));
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Welcome, / }),
    ).toBeInTheDocument();
  });

  test('an expired QR code asks for a new one', async () => {
    await renderApp('/en/login');
    await openTab('QR code');
    await screen.findByRole('img', { name: 'QR code for logging in' });
    await act(() => vi.advanceTimersByTimeAsync(121_000));
    expect(await screen.findByRole('alert')).toHaveTextContent('The QR code expired');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Create a new code' }));
    expect(await screen.findByRole('img', { name: 'QR code for logging in' })).toBeInTheDocument();
  });
});

describe('bank-ID login', () => {
  test('the banks are offered as buttons', async () => {
    await renderApp('/fi/login');
    expect(await screen.findByRole('list', { name: 'Pankit' })).toBeInTheDocument();
    expect((await screen.findAllByRole('button')).length).toBeGreaterThan(1);
  });

  test('a bank login asked for by a page returns there, its query kept (a message’s ?move= link)', async () => {
    const app = await renderApp('/fi/login', {
      sessionStorage: { [RETURN_TO_KEY]: '/fi/reservations?move=1001' },
    });
    let returnPath: unknown;
    app.mock.server.use(
      http.post(`${app.origin}/api/auth/bank`, async ({ request }) => {
        returnPath = ((await request.json()) as { returnPath?: unknown }).returnPath;
        return HttpResponse.json(
          { UserMessage: 'Stop here', Code: 'server-error' },
          { status: 500 },
        );
      }),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const banks = await screen.findByRole('list', { name: 'Pankit' });
    await user.click(within(banks).getAllByRole('button')[0]!);
    await waitFor(() => expect(returnPath).toBe('/fi/reservations?move=1001'));
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/fi/reservations?move=1001');
  });

  test('a callback whose state this browser did not start is refused', async () => {
    await renderApp('/en/login/callback?code=abc&state=forged', {
      sessionStorage: { [BANK_STATE_KEY]: 'expected' },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The login could not be verified');
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
