import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';

afterEach(() => {
  stopApp();
  vi.restoreAllMocks();
});

/** The first screen waits for the lazy route and the session: longer than findBy's 1 s. */
const FIRST_SCREEN = { timeout: 15_000 };
/** Whole-app tests on a shared, busy machine: generous per-test time. */
const SLOW = { timeout: 40_000 };

async function patientList(): Promise<HTMLElement> {
  return screen.findByRole('list', { name: 'Patients' }, FIRST_SCREEN);
}

describe('patients list', SLOW, () => {
  test('the admin sees the first page of patients with paging', async () => {
    await renderApp('/en/patients', { user: 'admin' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Patients' }, FIRST_SCREEN),
    ).toBeInTheDocument();
    const list = await patientList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(/^\d+ patients found$/);
    expect(screen.getByText(/^Page 1 of \d+$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText(/^Page 2 of \d+$/)).toBeInTheDocument();
    expect(window.location.search).toBe('?page=2');
  });

  test('the admin searches by name and the search is kept in the address', async () => {
    await renderApp('/en/patients', { user: 'admin' });
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('searchbox', { name: 'Search patients' }, FIRST_SCREEN),
      'meikäläinen',
    );
    await waitFor(() => expect(screen.getByText('1 patient found')).toBeInTheDocument());
    const list = await patientList();
    expect(within(list).getByRole('link', { name: 'Meikäläinen Maija' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/en\/patient\/\d+$/),
    );
    expect(within(list).getByText('maija.meikalainen@example.fi')).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('search')).toBe('meikäläinen');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  test('a search by national identity code never enters the address', async () => {
    await renderApp('/en/patients', { user: 'admin' });
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('searchbox', { name: 'Search patients' }, FIRST_SCREEN),
      '151192-9221',
    );
    await waitFor(() => expect(screen.getByText('1 patient found')).toBeInTheDocument());
    expect(
      within(await patientList()).getByRole('link', { name: 'Mäkelä Kerttu' }),
    ).toBeInTheDocument();
    expect(window.location.href).not.toContain('151192');
    expect(window.history.state).toMatchObject({ patientSearch: '151192-9221' });
  });

  test('a search in the address is searched at once and one without matches says so', async () => {
    await renderApp('/en/patients?search=zzzz-nobody', { user: 'admin' });
    expect(
      await screen.findByRole('heading', { name: 'No patients match “zzzz-nobody”' }, FIRST_SCREEN),
    ).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search patients' })).toHaveValue('zzzz-nobody');
  });

  test('on a wide screen the patients are a table', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: true,
          media: query,
          onchange: null,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    await renderApp('/en/patients?search=meikäläinen', { user: 'admin' });
    const table = await screen.findByRole('table', { name: 'Patients' }, FIRST_SCREEN);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Phone', 'Role']);
    const row = within(table).getByRole('row', { name: /Meikäläinen Maija/ });
    expect(within(row).getByRole('cell', { name: 'Patient' })).toBeInTheDocument();
  });

  test('the marketing export downloads a dated CSV file with the token', async () => {
    await renderApp('/en/patients', { user: 'admin' });
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:export';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Download marketing export' }, FIRST_SCREEN),
    );
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toMatch(/^marketing-export-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await saved[0]!.text();
    expect(csv.split('\r\n')[0]).toBe(
      'id,firstname,lastname,email,phone,smsMarketing,emailMarketing',
    );
    expect(await screen.findByText(/^Downloaded marketing-export-/)).toBeInTheDocument();
  });

  test('a failed export says so', async () => {
    const app = await renderApp('/en/patients', { user: 'admin' });
    app.mock.server.use(
      http.get('*/api/admin/patients/marketing-export', () =>
        HttpResponse.json({ UserMessage: 'Boom', Code: 'internal-error' }, { status: 500 }),
      ),
    );
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Download marketing export' }, FIRST_SCREEN),
    );
    expect(
      await screen.findByText('The marketing export could not be downloaded. Please try again.'),
    ).toBeInTheDocument();
  });
});

describe('patient detail', SLOW, () => {
  async function openMaija() {
    const app = await renderApp('/en/patients?search=meikäläinen', { user: 'admin' });
    const user = userEvent.setup();
    await user.click(within(await patientList()).getByRole('link', { name: 'Meikäläinen Maija' }));
    await screen.findByRole('heading', { level: 1, name: 'Maija Meikäläinen' }, FIRST_SCREEN);
    return { user, app };
  }

  test('the admin sees every detail of a patient', async () => {
    await openMaija();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Maija');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Meikäläinen');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(
      'maija.meikalainen@example.fi',
    );
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('+358401000001');
    expect(screen.getByRole('textbox', { name: 'Personal identity code' })).toHaveAttribute(
      'readonly',
    );
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Patient');
    expect(screen.getByRole('checkbox', { name: 'Marketing by email' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Marketing by text message' })).not.toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'Service messages (reminders and notices)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Street address' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Postal code' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'City' })).toBeInTheDocument();
  });

  test('the admin edits and saves a patient', async () => {
    const { user } = await openMaija();
    const city = screen.getByRole('textbox', { name: 'City' });
    await user.clear(city);
    await user.type(city, 'Espoo');
    await user.click(screen.getByRole('checkbox', { name: 'Marketing by text message' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The patient details are saved.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Espoo');
    expect(screen.getByRole('checkbox', { name: 'Marketing by text message' })).toBeChecked();
  });

  test('an empty name is refused before saving and a bad email gets the server error', async () => {
    const { user } = await openMaija();
    const first = screen.getByRole('textbox', { name: 'First name' });
    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(first).toHaveAccessibleDescription('Error: Please fill this field');
    // The summary at the top takes the focus; its link leads to the field.
    const summary = screen
      .getByRole('heading', { name: 'There is a problem' })
      .closest('[tabindex="-1"]');
    await waitFor(() => expect(summary).toHaveFocus());
    await user.click(screen.getByRole('link', { name: 'First name: Please fill this field' }));
    expect(first).toHaveFocus();

    await user.type(first, 'Maija');
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(/^Error: .+/);
    expect(email).toHaveValue('not-an-email');
  });

  test('a failed save says "Failed to save patient details." and keeps what was typed', async () => {
    const { user, app } = await openMaija();
    app.mock.server.use(
      http.put('*/api/admin/patients/:id', () =>
        HttpResponse.json(
          { UserMessage: 'The server is down.', Code: 'internal-error' },
          { status: 500 },
        ),
      ),
    );
    const city = screen.getByRole('textbox', { name: 'City' });
    await user.clear(city);
    await user.type(city, 'Vantaa');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to save patient details.');
    expect(alert).toHaveTextContent('The server is down.');
    expect(city).toHaveValue('Vantaa');
  });

  test('a failed delete says "Failed to delete patient." and stays on the patient', async () => {
    const { user, app } = await openMaija();
    app.mock.server.use(
      http.delete('*/api/admin/patients/:id', () =>
        HttpResponse.json({ UserMessage: 'No.', Code: 'forbidden' }, { status: 403 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Delete patient' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete patient.');
    expect(screen.getByRole('heading', { level: 1, name: 'Maija Meikäläinen' })).toBeVisible();
  });

  test('the admin deletes a patient after confirming and is back on the list', async () => {
    const { user } = await openMaija();
    await user.click(screen.getByRole('button', { name: 'Delete patient' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Maija Meikäläinen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the patient' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete patient' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete' }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Patients' }, FIRST_SCREEN),
    ).toBeInTheDocument();
    expect(await screen.findByText('Maija Meikäläinen was deleted.')).toBeInTheDocument();
  });

  test('an unknown patient says it does not exist', async () => {
    await renderApp('/en/patient/99999', { user: 'admin' });
    expect(
      await screen.findByText(
        'This patient does not exist. The account may have been deleted.',
        {},
        FIRST_SCREEN,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to patients' })).toHaveAttribute(
      'href',
      '/en/patients',
    );
  });

  test('in Finnish an empty name says "Täytä kenttä" and a failed save says so', async () => {
    const app = await renderApp('/fi/patients?search=meikäläinen', { user: 'admin' });
    const user = userEvent.setup();
    await user.click(
      within(await screen.findByRole('list', { name: 'Potilaat' }, FIRST_SCREEN)).getByRole(
        'link',
        { name: 'Meikäläinen Maija' },
      ),
    );
    const first = await screen.findByRole('textbox', { name: 'Etunimi' }, FIRST_SCREEN);
    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Tallenna' }));
    expect(first).toHaveAccessibleDescription(/Täytä kenttä$/);

    app.mock.server.use(
      http.put('*/api/admin/patients/:id', () =>
        HttpResponse.json({ UserMessage: 'Virhe.', Code: 'internal-error' }, { status: 500 }),
      ),
    );
    await user.type(first, 'Maija');
    await user.click(screen.getByRole('button', { name: 'Tallenna' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Potilaan tietojen tallentaminen epäonnistui.',
    );
  });
});
