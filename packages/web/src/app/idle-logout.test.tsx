import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderApp, stopApp } from './testing/render-app.tsx';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  stopApp();
  vi.useRealTimers();
});

describe('idle logout', () => {
  test('after 1800 seconds without activity the user is logged out to the login page', async () => {
    await renderApp('/en/about', { user: 'patient' });
    await screen.findByRole('heading', { level: 1, name: 'About the service' });
    await act(() => vi.advanceTimersByTimeAsync(1800 * 1000 + 100));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  test('activity restarts the 1800-second count', async () => {
    await renderApp('/en/about', { user: 'patient' });
    await screen.findByRole('heading', { level: 1, name: 'About the service' });
    await act(() => vi.advanceTimersByTimeAsync(1700 * 1000));
    fireEvent.keyDown(window, { key: 'a' });
    await act(() => vi.advanceTimersByTimeAsync(1700 * 1000));
    expect(
      screen.getByRole('heading', { level: 1, name: 'About the service' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).not.toBeNull();
  });

  test('a keyboard user moving with Tab stays signed in, on the server too', async () => {
    const app = await renderApp('/en/about', { user: 'patient' });
    await screen.findByRole('heading', { level: 1, name: 'About the service' });
    await act(() => vi.advanceTimersByTimeAsync(1700 * 1000));
    // Tab types no character (no keypress event): it is activity all the same.
    fireEvent.keyDown(window, { key: 'Tab' });
    await act(() => vi.advanceTimersByTimeAsync(1700 * 1000));
    expect(
      screen.getByRole('heading', { level: 1, name: 'About the service' }),
    ).toBeInTheDocument();
    // The server, which expires a token unused for 30 minutes, heard of the activity.
    const token = localStorage.getItem('access_token');
    const me = await fetch(`${app.origin}/api/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
  });

  test('without the token (an account just deleted, counting down to the front page), activity calls nothing that would end at the login page', async () => {
    await renderApp('/en/about', { user: 'patient' });
    await screen.findByRole('heading', { level: 1, name: 'About the service' });
    // The login's own calls are done (whom the patient acts for: themself, issue 55).
    await waitFor(() => expect(sessionStorage.getItem('actingFor')).not.toBeNull());
    localStorage.removeItem('access_token');
    fireEvent.keyDown(window, { key: 'a' });
    await act(() => vi.advanceTimersByTimeAsync(61 * 1000));
    expect(
      screen.getByRole('heading', { level: 1, name: 'About the service' }),
    ).toBeInTheDocument();
  });

  test('a signed-out visitor is never logged out for being idle', async () => {
    await renderApp('/en/about');
    await screen.findByRole('heading', { level: 1, name: 'About the service' });
    await act(() => vi.advanceTimersByTimeAsync(3600 * 1000));
    expect(
      screen.getByRole('heading', { level: 1, name: 'About the service' }),
    ).toBeInTheDocument();
  });
});
