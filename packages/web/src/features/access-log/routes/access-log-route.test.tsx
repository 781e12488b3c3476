import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { devToken, renderApp, stopApp } from '../../../app/testing/render-app.tsx';

afterEach(stopApp);

const FIRST_SCREEN = { timeout: 15_000 };
/** The whole app renders per test; a loaded machine needs time. */
const SLOW = 60_000;

/** An admin opens the test patient's record in the staff view, as the admin screens do. */
async function adminOpensMaija(origin: string): Promise<void> {
  const admin = await devToken(origin, 'admin');
  const headers = { Authorization: `Bearer ${admin}`, 'X-Requested-With': 'XMLHttpRequest' };
  const me = await fetch(`${origin}/api/me`, {
    headers: { ...headers, Authorization: `Bearer ${await devToken(origin, 'patient')}` },
  });
  const { Id } = (await me.json()) as { Id: number };
  const read = await fetch(`${origin}/api/admin/patients/${Id}`, { headers });
  expect(read.status).toBe(200);
}

describe('who has used my data (issue 57)', () => {
  test(
    'reached from the profile: an admin’s read of the patient’s record, with who, when and what; a month narrows it',
    async () => {
      const app = await renderApp('/en/profile', { user: 'patient' });
      const user = userEvent.setup();
      await adminOpensMaija(app.origin);
      await user.click(
        await screen.findByRole('link', { name: 'Who has used my data' }, FIRST_SCREEN),
      );
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: 'Who has used my data' },
          FIRST_SCREEN,
        ),
      ).toBeInTheDocument();
      const list = await screen.findByRole('list', { name: 'Uses of your data' }, FIRST_SCREEN);
      const [card, ...rest] = within(list).getAllByRole('article');
      expect(rest).toEqual([]);
      expect(within(card!).getByRole('heading', { name: 'Your data was opened' })).toBeVisible();
      expect(within(card!).getByText('Admin Antti Ylläpitäjä')).toBeInTheDocument();
      expect(within(card!).getByText(/\d{1,2}\.\d{1,2}\.\d{4} at \d{2}:\d{2}/)).toBeInTheDocument();
      expect(within(card!).getByText(/Personal identity code/)).toBeInTheDocument();

      const month = screen.getByRole('combobox', { name: 'Month' });
      expect(month).toHaveValue('');
      // The months of the last two years, newest first, after "all".
      const options = within(month).getAllByRole('option');
      expect(options).toHaveLength(25);
      await user.selectOptions(month, options[2]!);
      expect(
        await screen.findByRole('heading', { name: 'No one used your data this month' }),
      ).toBeInTheDocument();
      await user.selectOptions(month, options[0]!);
      expect(await screen.findByRole('heading', { name: 'Your data was opened' })).toBeVisible();

      // The file: the same entries, in the page's language (jsdom has no object URLs).
      const saved: Blob[] = [];
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          saved.push(blob);
          return 'blob:access-log';
        }),
        revokeObjectURL: vi.fn(),
      });
      await user.click(screen.getByRole('button', { name: 'Download as CSV' }));
      expect(
        await screen.findByText(/^Downloaded who-has-used-my-data-\d{4}-\d{2}-\d{2}\.csv\.$/),
      ).toBeInTheDocument();
      const text = await saved[0]!.text();
      const [header, row, ...more] = text.replace(/^\uFEFF/, '').split('\r\n');
      expect(header).toBe('When,What was done,Role,Name,Data');
      expect(row).toMatch(
        /^\d{1,2}\.\d{1,2}\.\d{4} at \d{2}:\d{2},Your data was opened,Admin,Antti Ylläpitäjä,"First name, Last name, Personal identity code,/,
      );
      expect(more).toEqual(['']);
    },
    SLOW,
  );

  test(
    'a patient whose data no one has used reads what is logged',
    async () => {
      // Maija, in a server of her own: no staff member has used her data there.
      await renderApp('/en/access-log', { user: 'patient' });
      expect(
        await screen.findByRole('heading', { name: 'No one has used your data' }, FIRST_SCREEN),
      ).toBeInTheDocument();
      expect(
        screen.getByText(
          /whenever a member of staff searches for, opens, changes, exports or deletes/,
        ),
      ).toBeInTheDocument();
    },
    SLOW,
  );
});
