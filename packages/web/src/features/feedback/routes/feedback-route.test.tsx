import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';

afterEach(stopApp);

const FIRST_SCREEN = { timeout: 15_000 };
/** The whole app renders per test; a loaded machine needs time. */
const SLOW = 60_000;

async function openFeedback() {
  const app = await renderApp('/en/feedback', { user: 'patient' });
  await screen.findByRole('heading', { level: 1, name: 'Feedback' }, FIRST_SCREEN);
  const office = await screen.findByRole('combobox', { name: 'Clinic' }, FIRST_SCREEN);
  const text = screen.getByRole('textbox', { name: 'Feedback' });
  return { app, office, text };
}

describe('feedback', () => {
  test(
    'an empty form names both missing fields, then the feedback is sent',
    async () => {
      const user = userEvent.setup({ delay: null });
      const { office, text } = await openFeedback();
      await user.click(screen.getByRole('button', { name: 'Send feedback' }));
      expect(office).toHaveAccessibleDescription(expect.stringContaining('Choose an office'));
      expect(text).toHaveAccessibleDescription(expect.stringContaining('Feedback is required'));
      // The summary at the top takes the focus and links to both fields.
      expect(
        screen.getByRole('heading', { name: 'There is a problem' }).closest('[tabindex="-1"]'),
      ).toHaveFocus();
      await user.click(screen.getByRole('link', { name: 'Clinic: Choose an office' }));
      expect(office).toHaveFocus();
      await user.click(screen.getByRole('link', { name: 'Feedback: Feedback is required' }));
      expect(text).toHaveFocus();

      await user.type(text, '   ');
      await user.click(screen.getByRole('button', { name: 'Send feedback' }));
      expect(text).toHaveAccessibleDescription(expect.stringContaining('Feedback is required'));

      const firstOffice = screen
        .getAllByRole('option')
        .find((option) => option.getAttribute('value') !== '');
      if (firstOffice === undefined) throw new Error('No office to choose');
      await user.selectOptions(office, firstOffice);
      expect(office).not.toHaveAttribute('aria-invalid');
      await user.clear(text);
      await user.type(text, 'Friendly staff and on time.');
      await user.click(screen.getByRole('button', { name: 'Send feedback' }));
      expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
      expect(text).toHaveValue('');
    },
    SLOW,
  );

  test(
    'a failed send says so and keeps everything typed',
    async () => {
      const user = userEvent.setup({ delay: null });
      const { app, office, text } = await openFeedback();
      app.mock.server.use(
        http.post('*/api/feedback', () => HttpResponse.json({}, { status: 500 })),
      );
      const firstOffice = screen
        .getAllByRole('option')
        .find((option) => option.getAttribute('value') !== '');
      if (firstOffice === undefined) throw new Error('No office to choose');
      await user.selectOptions(office, firstOffice);
      await user.type(text, 'The waiting room was cold.');
      await user.click(screen.getByRole('button', { name: 'Send feedback' }));
      expect(
        await screen.findByText('Failed to send feedback. Please try again later.'),
      ).toBeInTheDocument();
      expect(text).toHaveValue('The waiting room was cold.');
      await waitFor(() => expect(office).toHaveValue(firstOffice.getAttribute('value')));
    },
    SLOW,
  );
});
