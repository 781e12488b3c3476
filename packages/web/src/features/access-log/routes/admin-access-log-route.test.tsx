import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';

afterEach(stopApp);

const FIRST_SCREEN = { timeout: 15_000 };
/** The whole app renders per test; a loaded machine needs time. */
const SLOW = 60_000;

describe('the access log’s staff search (issue 57)', () => {
  test(
    'a patient’s page links to who has used their data; a row narrows by patient or staff member, dates by day',
    async () => {
      // The seed's test users come first: Maija is user 1.
      const Id = 1;
      await renderApp(`/en/patient/${Id}`, { user: 'admin' });
      const user = userEvent.setup();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Maija Meikäläinen' }, FIRST_SCREEN),
      ).toBeInTheDocument();
      await user.click(
        await screen.findByRole(
          'link',
          { name: 'Who has used this patient\u2019s data' },
          FIRST_SCREEN,
        ),
      );
      await screen.findByRole('heading', { level: 1, name: 'Access log' }, FIRST_SCREEN);
      expect(new URLSearchParams(window.location.search).get('subjectId')).toBe(String(Id));

      // The admin's own opening of Maija's record, just now.
      const table = await screen.findByRole('table', { name: 'Access log entries, newest first' });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows.length).toBeGreaterThanOrEqual(1);
      expect(rows[0]).toHaveTextContent(/Admin Antti Ylläpitäjä.*Maija Meikäläinen.*Opened/);
      expect(
        screen.getByRole('button', { name: 'Patient: Maija Meikäläinen – remove' }),
      ).toBeInTheDocument();

      // Only what Antti did: the chip says so; dates after today leave nothing.
      await user.click(within(rows[0]!).getByRole('button', { name: 'Admin Antti Ylläpitäjä' }));
      expect(
        await screen.findByRole('button', { name: 'Done by: Antti Ylläpitäjä – remove' }),
      ).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2099-01-01' } });
      expect(
        await screen.findByRole('heading', { name: 'No entries with these limits' }),
      ).toBeInTheDocument();
      const params = new URLSearchParams(window.location.search);
      expect(params.get('from')).toBe('2099-01-01');
      expect(params.get('actorId')).not.toBeNull();
    },
    SLOW,
  );

  test(
    'a patient may not open it',
    async () => {
      await renderApp('/en/admin/access-log', { user: 'patient' });
      await waitFor(
        () => expect(screen.queryByRole('heading', { level: 1, name: 'Access log' })).toBeNull(),
        FIRST_SCREEN,
      );
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: /no access|not allowed|permission/i },
          FIRST_SCREEN,
        ),
      ).toBeInTheDocument();
    },
    SLOW,
  );
});
