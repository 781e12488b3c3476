import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';

afterEach(stopApp);

/** The first screen waits for the lazy route and the session: longer than findBy's 1 s. */
const FIRST_SCREEN = { timeout: 15_000 };

async function openForm() {
  const app = await renderApp('/en/anamnesis', { user: 'patient' });
  await screen.findByRole('heading', { level: 1, name: 'Health questionnaire' }, FIRST_SCREEN);
  await screen.findByRole('button', { name: 'Save answers' }, FIRST_SCREEN);
  return app;
}

// The form has about 60 controls: role queries over it are slow in jsdom.
describe('anamnesis form', () => {
  test('the patient sees the date of the previous answers and the form filled with them', async () => {
    await openForm();
    expect(screen.getByText(/^You answered on \d{1,2}\.\d{1,2}\.\d{4}\./)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'How is your health now?' })).toHaveValue(
      'Hyvä, ei viimeaikaisia sairauksia.',
    );
    expect(screen.getByRole('checkbox', { name: 'Asthma' })).toBeChecked();
    const smoking = screen.getByRole('radiogroup', { name: 'Do you smoke?' });
    expect(within(smoking).getByRole('radio', { name: 'Non-smoker' })).toBeChecked();
    expect(
      screen.getByRole('combobox', { name: 'How satisfied are you with your teeth?' }),
    ).toHaveValue('7');
    for (const name of ['Health state', 'Oral health', 'Habits', 'Fears', 'Consents']) {
      expect(screen.getByRole('group', { name })).toBeInTheDocument();
    }
  });

  test('missing required answers are summarised at the top with links to them, then the answers are saved', async () => {
    await openForm();
    const user = userEvent.setup();
    const health = screen.getByRole('textbox', { name: 'How is your health now?' });
    const consent = screen.getByRole('checkbox', { name: /customer register/ });
    await user.clear(health);
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Save answers' }));

    expect(await screen.findByText('Check fields')).toBeInTheDocument();
    expect(screen.getByText('Please fill all the required fields')).toBeInTheDocument();
    const summary = screen
      .getByRole('heading', { name: 'Check fields' })
      .closest('[tabindex="-1"]');
    expect(summary).toHaveFocus();
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'How is your health now? Please fill this field',
      'I accept that my data is processed in the customer register. Consent for data processing is required',
    ]);
    await user.click(screen.getByRole('link', { name: /How is your health now\?/ }));
    expect(health).toHaveFocus();
    expect(health).toHaveAccessibleDescription(/Please fill this field/);
    expect(consent).toHaveAccessibleDescription(/Consent for data processing is required/);

    await user.type(health, 'Good.');
    await user.click(consent);
    expect(screen.queryByText('Check fields')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save answers' }));

    expect(await screen.findByText('Thank you! Your answers were saved.')).toBeInTheDocument();
    // The focus moves to the notice, named by it: a screen reader says the answers were saved.
    expect(
      screen.getByRole('group', { name: 'Thank you! Your answers were saved.' }),
    ).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'How is your health now?' })).toHaveValue('Good.');
  });

  test('a new patient gets an empty form whose yes/no questions are required', async () => {
    const app = await renderApp('/en/anamnesis', { user: 'patient' });
    app.mock.server.use(
      http.get('*/api/anamnesis', () => HttpResponse.json({ enabled: true, latest: null })),
    );
    const save = await screen.findByRole('button', { name: 'Save answers' }, FIRST_SCREEN);
    expect(screen.queryByText(/^You answered on/)).toBeNull();
    const user = userEvent.setup();
    await user.click(save);
    // Spec §5: each required field says 'Please fill this field', the text to write and the ten
    // choices alike.
    expect(await screen.findAllByText('Please fill this field')).toHaveLength(11);
    const medications = screen.getByRole('radiogroup', {
      name: 'Do you take any medication regularly?',
    });
    expect(medications).toHaveAccessibleDescription(/Please fill this field/);
    expect(within(medications).getByRole('radio', { name: 'Yes' })).not.toHaveFocus();
    expect(
      screen.getByRole('heading', { name: 'Check fields' }).closest('[tabindex="-1"]'),
    ).toHaveFocus();
    // A choice's link goes to its first radio (none is chosen yet).
    await user.click(
      screen.getByRole('link', {
        name: 'Do you take any medication regularly? Please fill this field',
      }),
    );
    expect(within(medications).getByRole('radio', { name: 'Yes' })).toHaveFocus();
  });

  test('while the form is disabled the patient is told to use a paper form at the reception', async () => {
    const app = await renderApp('/en/anamnesis', { user: 'patient' });
    app.mock.server.use(
      http.get('*/api/anamnesis', () => HttpResponse.json({ enabled: false, latest: null })),
    );
    expect(
      await screen.findByText('The form is temporarily unavailable', {}, FIRST_SCREEN),
    ).toBeInTheDocument();
    expect(screen.getByText(/fill in a paper form at the reception/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save answers' })).toBeNull();
  });

  test('a failed save asks the patient to try later and keeps the answers', async () => {
    const app = await openForm();
    app.mock.server.use(
      http.post('*/api/anamnesis', () => HttpResponse.json({ Code: 'internal' }, { status: 500 })),
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'How is your health now?' }), ' More.');
    await user.click(screen.getByRole('button', { name: 'Save answers' }));
    expect(
      await screen.findByText('Saving the form failed. Please try again later.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'How is your health now?' })).toHaveValue(
        'Hyvä, ei viimeaikaisia sairauksia. More.',
      ),
    );
  });
});
