import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';

afterEach(stopApp);

const FIRST_SCREEN = { timeout: 15_000 };
/** The whole app renders per test; a loaded machine needs time. */
const SLOW = 60_000;

describe('acting for another person (issue 55)', () => {
  test(
    'after the login a guardian chooses whose matters to handle; the banner names the child and My appointments are hers',
    async () => {
      await renderApp('/en/reservations', { user: 'guardian' });
      const user = userEvent.setup();
      const choice = await screen.findByRole(
        'dialog',
        { name: 'Whose matters are you handling?' },
        FIRST_SCREEN,
      );
      const people = within(choice).getAllByRole('button', { name: /Perhe/ });
      expect(people.map((button) => button.textContent)).toEqual([
        'Pekka PerheMy own matters',
        'Aino PerheChild, age 7',
        'Eetu PerheChild, age 15',
        'Sara PerheChild, age 17',
      ]);
      await user.click(within(choice).getByRole('button', { name: /Aino Perhe/ }));
      const banner = await screen.findByRole('region', { name: 'Whose matters you are handling' });
      expect(banner).toHaveTextContent('You are acting on behalf of Aino Perhe (age 7).');
      expect(banner).not.toHaveTextContent('your own details');
      // Aino's check-up (the seed's), not her guardian's (he has none).
      expect(
        await screen.findByRole('heading', { name: 'Dental check-up' }, FIRST_SCREEN),
      ).toBeInTheDocument();
      // Switching to Eetu: his one visit is hidden from his guardian, so nothing shows.
      await user.click(within(banner).getByRole('button', { name: 'Change person' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: /Eetu Perhe/ }),
      );
      await waitFor(() =>
        expect(
          screen.getByRole('region', { name: 'Whose matters you are handling' }),
        ).toHaveTextContent('Eetu Perhe (age 15)'),
      );
      expect(
        await screen.findByText('You have no upcoming appointments', {}, FIRST_SCREEN),
      ).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Dental check-up' })).toBeNull();
    },
    SLOW,
  );

  test(
    'handling their own matters, a guardian sees each child’s upcoming visits below their own (a hidden one not among them) and switches to a child from there',
    async () => {
      await renderApp('/en/reservations', { user: 'guardian' });
      const user = userEvent.setup();
      await screen.findByRole('dialog', {}, FIRST_SCREEN);
      await user.keyboard('{Escape}');
      const family = await screen.findByRole('region', { name: 'Upcoming visits of your family' });
      const person = (name: string) =>
        within(family).getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;
      await waitFor(() =>
        expect(person('Aino Perhe')).toHaveTextContent(
          /Dental check-up \d+\.\d+\.\d{4} at \d{2}:\d{2}, Helsinki Kamppi/,
        ),
      );
      await waitFor(() => expect(person('Eetu Perhe')).toHaveTextContent('No upcoming visits.'));
      await user.click(
        within(person('Aino Perhe')).getByRole('button', { name: 'Manage appointments' }),
      );
      await waitFor(() =>
        expect(
          screen.getByRole('region', { name: 'Whose matters you are handling' }),
        ).toHaveTextContent('Aino Perhe (age 7)'),
      );
      expect(screen.queryByRole('region', { name: 'Upcoming visits of your family' })).toBeNull();
      expect(
        await screen.findByRole('heading', { name: 'Dental check-up' }, FIRST_SCREEN),
      ).toBeInTheDocument();
    },
    SLOW,
  );

  test(
    'on a page of the user’s own data the banner says so while they act for a child',
    async () => {
      await renderApp('/en/profile', { user: 'guardian' });
      const user = userEvent.setup();
      const choice = await screen.findByRole('dialog', {}, FIRST_SCREEN);
      await user.click(within(choice).getByRole('button', { name: /Aino Perhe/ }));
      await waitFor(() =>
        expect(
          screen.getByRole('region', { name: 'Whose matters you are handling' }),
        ).toHaveTextContent(
          'You are acting on behalf of Aino Perhe (age 7). This page is about your own details.',
        ),
      );
    },
    SLOW,
  );

  test(
    'closing the choice is the user’s own matters; a patient who acts for nobody else is never asked',
    async () => {
      await renderApp('/en/reservations', { user: 'guardian' });
      const user = userEvent.setup();
      await screen.findByRole('dialog', {}, FIRST_SCREEN);
      await user.keyboard('{Escape}');
      expect(
        await screen.findByRole('region', { name: 'Whose matters you are handling' }),
      ).toHaveTextContent('You are handling your own matters.');
      stopApp();
      await renderApp('/en/reservations', { user: 'patient' });
      await screen.findByRole('heading', { level: 1, name: 'My appointments' }, FIRST_SCREEN);
      await waitFor(() => expect(sessionStorage.getItem('actingFor')).not.toBeNull());
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByRole('region', { name: 'Whose matters you are handling' })).toBeNull();
    },
    SLOW,
  );

  test(
    'a 15-year-old shows a hidden visit to the guardian again, and hides it',
    async () => {
      await renderApp('/en/reservations', { user: 'minor' });
      const user = userEvent.setup();
      const show = await screen.findByRole(
        'checkbox',
        { name: 'Show to my guardian' },
        FIRST_SCREEN,
      );
      expect(show).not.toBeChecked();
      await user.click(show);
      await waitFor(() =>
        expect(screen.getByRole('checkbox', { name: 'Show to my guardian' })).toBeChecked(),
      );
      await user.click(screen.getByRole('checkbox', { name: 'Show to my guardian' }));
      await waitFor(() =>
        expect(screen.getByRole('checkbox', { name: 'Show to my guardian' })).not.toBeChecked(),
      );
    },
    SLOW,
  );
});
