import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';

afterEach(stopApp);

const FIRST_SCREEN = { timeout: 15_000 };
/** The whole app renders per test; a loaded machine needs time. */
const SLOW = 60_000;

describe('settings', () => {
  test(
    'the patient changes their service-message consents and they stay saved',
    async () => {
      const user = userEvent.setup({ delay: null });
      const app = await renderApp('/en/settings', { user: 'patient' });
      await screen.findByRole('heading', { level: 1, name: 'Settings' }, FIRST_SCREEN);
      const reminders = await screen.findByRole(
        'group',
        { name: 'Appointment and event reminders' },
        FIRST_SCREEN,
      );
      const byEmail = within(reminders).getByRole('checkbox', { name: 'By email' });
      const before = byEmail.getAttribute('aria-checked');
      await user.click(byEmail);
      await user.click(screen.getByRole('button', { name: 'Save settings' }));
      expect(await screen.findByText('Your settings were saved.')).toBeInTheDocument();
      const saved = await app.services.api.client.GET('/api/user/settings');
      expect(String(saved.data?.reminderEmailEnabled)).not.toBe(before);
    },
    SLOW,
  );

  test(
    'the language can be chosen from all three, Swedish included',
    async () => {
      await renderApp('/en/settings', { user: 'patient' });
      // The page's own choice (the menu has a language list of its own).
      await screen.findByRole('heading', { level: 1 }, FIRST_SCREEN);
      const language = within(screen.getByRole('main')).getByRole('list', { name: 'Language' });
      expect(within(language).getByRole('link', { name: 'Svenska' })).toHaveAttribute(
        'href',
        '/sv/settings',
      );
      expect(within(language).getByRole('link', { name: 'English' })).toHaveAttribute(
        'aria-current',
        'true',
      );
    },
    SLOW,
  );

  test(
    'a failed save says so and keeps the choices',
    async () => {
      const user = userEvent.setup({ delay: null });
      const app = await renderApp('/en/settings', { user: 'patient' });
      const service = await screen.findByRole(
        'group',
        { name: 'Booking confirmations and changes' },
        FIRST_SCREEN,
      );
      app.mock.server.use(
        http.put('*/api/user/settings', () => HttpResponse.json({}, { status: 500 })),
      );
      const bySms = within(service).getByRole('checkbox', { name: 'By text message' });
      const before = bySms.getAttribute('aria-checked');
      await user.click(bySms);
      await user.click(screen.getByRole('button', { name: 'Save settings' }));
      expect(
        await screen.findByText('Saving the settings failed. Please try again later.'),
      ).toBeInTheDocument();
      expect(bySms.getAttribute('aria-checked')).not.toBe(before);
    },
    SLOW,
  );
});
