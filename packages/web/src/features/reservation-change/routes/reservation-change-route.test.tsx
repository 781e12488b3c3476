import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';

afterEach(stopApp);

const FIRST_SCREEN = { timeout: 15_000 };
const TITLE = 'Change or cancel an appointment';

describe('reservation-change page', () => {
  test('a signed-out visitor is offered a login that returns to the reservations', async () => {
    await renderApp('/en/change-reservation');
    expect(
      await screen.findByRole('heading', { level: 1, name: TITLE }, FIRST_SCREEN),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/en/login?returnTo=${encodeURIComponent('/en/reservations')}`,
    );
    expect(screen.queryByRole('link', { name: 'Go to My appointments' })).toBeNull();
  });

  test('the 24-hour rule and the clinic phone are shown', async () => {
    await renderApp('/en/change-reservation');
    expect(
      await screen.findByRole(
        'heading',
        { level: 2, name: 'Less than 24 hours before the appointment' },
        FIRST_SCREEN,
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '010 555 1000' })).toHaveAttribute(
      'href',
      'tel:0105551000',
    );
    expect(screen.getByText(/free of charge until 24 hours before it starts/)).toBeInTheDocument();
  });

  test('a signed-in patient goes to my reservations from it', async () => {
    const user = userEvent.setup();
    await renderApp('/en/change-reservation', { user: 'patient' });
    await user.click(
      await screen.findByRole('link', { name: 'Go to My appointments' }, FIRST_SCREEN),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My appointments' }, FIRST_SCREEN),
    ).toBeInTheDocument();
  });

  test('the landing page leads to it from its editing section', async () => {
    const user = userEvent.setup();
    await renderApp('/en');
    await user.click(
      await screen.findByRole('link', { name: 'How to change or cancel' }, FIRST_SCREEN),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: TITLE }, FIRST_SCREEN),
    ).toBeInTheDocument();
  });
});
