import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';
import {
  FIRST_SCREEN,
  JOURNEY_TIMEOUT_MS,
  chooseClinic,
  chooseUntilLocation,
  next,
  openClinicList,
} from '../testing/wizard-steps.ts';

afterEach(stopApp);

describe('the service step', () => {
  test(
    'one tap on a service goes on, as the list says; back again, it is pressed and Next stays',
    async () => {
      const user = userEvent.setup();
      await renderApp('/en/reservation');
      await user.click(
        await screen.findByRole('radio', { name: 'Private customer' }, FIRST_SCREEN),
      );
      await user.click(next());
      const services = await screen.findByRole('group', { name: /^Service/ });
      const checkUp = within(services).getByRole('button', { name: /^Dental check-up – / });
      expect(checkUp).toHaveAttribute('aria-pressed', 'false');
      expect(checkUp).toHaveAccessibleDescription(
        /Choosing a service takes you straight on to choosing the clinic\.$/,
      );
      // No dead Next while nothing is chosen (issue 54): the tap on a service goes on.
      expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
      await user.click(checkUp);
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Choose the clinic' }),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/en/reservation/branch');

      await user.click(await screen.findByRole('button', { name: 'Back' }));
      const again = await screen.findByRole('button', { name: /^Dental check-up – / });
      expect(again).toHaveAttribute('aria-pressed', 'true');
      expect(next()).toBeEnabled();
      await user.click(next());
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Choose the clinic' }),
      ).toBeInTheDocument();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'the booking starts at its own address, and the browser’s Back returns there to the first step with its answer',
    async () => {
      const user = userEvent.setup();
      await renderApp('/en/reservation');
      const privately = await screen.findByRole(
        'radio',
        { name: 'Private customer' },
        FIRST_SCREEN,
      );
      // The private customer comes chosen (issue 54): Next goes on at once.
      await waitFor(() => expect(privately).toBeChecked());
      expect(window.location.pathname).toBe('/en/reservation');
      await user.click(next());
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Choose the service' }),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/en/reservation/reason');

      act(() => window.history.back());
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Who pays for the treatment?' }),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/en/reservation');
      expect(screen.getByRole('radio', { name: 'Private customer' })).toBeChecked();

      act(() => window.history.forward());
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Choose the service' }),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/en/reservation/reason');
    },
    JOURNEY_TIMEOUT_MS,
  );
});

describe('starting points', () => {
  test(
    'a link with a customer type starts the wizard with that type chosen',
    async () => {
      await renderApp('/en/reservation?customerType=serviceVoucher');
      const voucher = await screen.findByRole(
        'radio',
        { name: 'Service-voucher customer' },
        FIRST_SCREEN,
      );
      await waitFor(() => expect(voucher).toBeChecked());
      expect(
        await screen.findByRole('textbox', { name: /Service voucher number/ }),
      ).toBeInTheDocument();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'a practitioner chosen first puts their locations first and is chosen on the practitioner step',
    async () => {
      const user = userEvent.setup();
      await renderApp('/en/reservation', { user: 'patient' });
      await chooseUntilLocation(user);
      const practitioner = await screen.findByRole('combobox', {
        name: /Choose a practitioner first/,
      });
      await user.selectOptions(practitioner, screen.getByRole('option', { name: /^Iida Salonen/ }));
      const list = await openClinicList(user);
      const theirs = within(list).getByRole('group', {
        name: 'Clinics where Iida Salonen works',
      });
      // Each clinic says when it is first free (here: Iida Salonen's first free time there).
      expect(
        within(theirs)
          .getAllByRole('option')
          .map((option) => option.textContent?.replace(/ First available: .*$/, '')),
      ).toEqual(['Tampere Keskusta', 'Pori Keskusta']);
      await waitFor(() =>
        expect(within(theirs).getAllByRole('option')[0]).toHaveTextContent(
          /^Tampere Keskusta First available: (Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2}\.\d{1,2}\.2026 \d\d:\d\d$/,
        ),
      );
      // Their clinics come first in the list (spec §4).
      expect(within(list).getAllByRole('group')[0]).toBe(theirs);
      await user.click(within(theirs).getByRole('option', { name: /^Pori/ }));
      await user.click(next());

      expect(
        await screen.findByRole('heading', { level: 2, name: 'Choose a practitioner (optional)' }),
      ).toBeInTheDocument();
      const chosen = await screen.findByRole('region', { name: 'Chosen practitioner' });
      expect(within(chosen).getByText('Iida Salonen')).toBeInTheDocument();
      expect(next()).toBeEnabled();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    '“First available time – Helsinki Kamppi” or “– Helsinki” takes the patient in one tap to the chosen clinic’s or city’s earliest time, anyone',
    async () => {
      const user = userEvent.setup();
      await renderApp('/en/reservation', { user: 'patient' });
      await chooseUntilLocation(user);
      await chooseClinic(user, /^Helsinki Kamppi\b/);
      // "Fri 27.11.2026 08:00" as a sortable key.
      const when = (text: string | null | undefined) => {
        const [, day, month, year, time] =
          /(\d{1,2})\.(\d{1,2})\.(\d{4}) (\d\d:\d\d)/.exec(text ?? '') ?? [];
        return {
          day,
          time,
          key: `${year}-${month?.padStart(2, '0')}-${day?.padStart(2, '0')} ${time}`,
        };
      };
      // The shortcut names the chosen clinic and says its first free time, as its row does.
      const atKamppi = await screen.findByRole('button', {
        name: /^First available time – Helsinki Kamppi: /,
      });
      expect(atKamppi).toHaveAccessibleDescription(
        'Practitioner: any available practitioner. Takes you straight to the times.',
      );
      const list = await openClinicList(user);
      const kamppiRow = within(list).getAllByRole('option', { name: /^Helsinki Kamppi\b/ })[0];
      expect(when(kamppiRow?.textContent).key).toBe(when(atKamppi.textContent).key);
      // The whole city: its earliest is no later than the clinic's.
      await user.click(within(list).getByRole('option', { name: /^Helsinki – all clinics/ }));
      const shortcut = await screen.findByRole('button', {
        name: /^First available time – Helsinki: /,
      });
      const { day, time, key } = when(shortcut.textContent);
      expect(key <= when(atKamppi.textContent).key).toBe(true);

      await user.click(shortcut);
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Choose the date and time' }),
      ).toBeInTheDocument();
      const slots = await screen.findByRole('list', { name: /^Available times on/ }, FIRST_SCREEN);
      const first = within(slots).getAllByRole('button')[0];
      expect(first).toHaveAccessibleName(
        new RegExp(`^[A-Z][a-z]+day ${Number(day)} [A-Z][a-z]+ ${time}, `),
      );
      // The practitioner step was skipped: back goes to it, nobody chosen.
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Choose a practitioner (optional)' }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Chosen practitioner' })).toBeNull();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'the practitioner popup lists the location’s practitioners, searches everyone by the start of the name and closes on a choice',
    async () => {
      const user = userEvent.setup();
      await renderApp('/en/reservation', { user: 'patient' });
      await chooseUntilLocation(user);
      await chooseClinic(user, /^Helsinki Kamppi\b/);
      await user.click(next());

      const open = await screen.findByRole('button', { name: 'Choose a practitioner' });
      expect(open).toHaveAttribute('aria-expanded', 'false');
      await user.click(open);
      const popup = await screen.findByRole('dialog', { name: 'Practitioners' });
      // Spec §9: at most 400 px high, two columns from 520 px of width.
      expect(popup.className).toContain('max-h-[min(400px,');
      expect(within(popup).getByTestId('popover-grid').className).toContain('@[520px]:grid-cols-2');
      expect(
        within(popup).getByRole('heading', { name: 'Practitioners at the chosen clinic' }),
      ).toBeInTheDocument();
      const atKamppi = within(popup).getAllByRole('button', { pressed: false });
      expect(atKamppi.length).toBeGreaterThan(0);
      // A check-up is a dentist's: only dentists are offered, each with their first free time
      // at the chosen clinic.
      await waitFor(() => {
        for (const card of within(popup).getAllByRole('button', { pressed: false })) {
          expect(card).toHaveTextContent(/Dentist/);
          expect(card).toHaveTextContent(
            /First available time: \w{3} \d{1,2}\.\d{1,2}\.2026 \d\d:\d\d|No available times/,
          );
        }
      });
      for (const card of within(popup).getAllByRole('button', { pressed: false }))
        expect(card).not.toHaveTextContent(/Dental nurse|Dental hygienist/);
      // The earliest first: the cards' times never go back.
      const times = within(popup)
        .getAllByRole('button', { pressed: false })
        .map((card) => /(\d{1,2})\.(\d{1,2})\.(\d{4}) (\d\d):(\d\d)/.exec(card.textContent ?? ''))
        .map((m) =>
          m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')} ${m[4]}:${m[5]}` : '~',
        );
      expect(times).toEqual([...times].sort());

      // The search covers every location, by the start of the name (after 300 ms).
      await user.type(
        within(popup).getByRole('searchbox', { name: 'Search practitioners by name' }),
        'iida',
      );
      expect(
        await within(popup).findByRole('heading', { name: 'Search results' }),
      ).toBeInTheDocument();
      const iida = await within(popup).findByRole('button', { name: /Iida Salonen/ });
      await user.click(iida);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const change = screen.getByRole('button', { name: 'Change the practitioner' });
      await waitFor(() => expect(change).toHaveFocus());
      const chosen = screen.getByRole('region', { name: 'Chosen practitioner' });
      expect(within(chosen).getByText('Iida Salonen')).toBeInTheDocument();

      // Pressing the chosen one again clears the choice.
      await user.click(change);
      const again = await screen.findByRole('dialog', { name: 'Practitioners' });
      await user.type(within(again).getByRole('searchbox'), 'iida');
      await user.click(
        await within(again).findByRole('button', { name: /Iida Salonen/, pressed: true }),
      );
      await waitFor(() =>
        expect(screen.queryByRole('region', { name: 'Chosen practitioner' })).toBeNull(),
      );
      expect(screen.getByRole('button', { name: 'Choose a practitioner' })).toBeInTheDocument();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'the search finds every employee: one who does not offer the service says so and cannot be chosen',
    async () => {
      const user = userEvent.setup();
      const app = await renderApp('/en/reservation', { user: 'patient' });
      const employees = (await (
        await fetch(`${app.origin}/api/employees`, {
          headers: { 'X-Requested-With': 'XMLHttpRequest' },
        })
      ).json()) as { Name: string; JobTitles?: { en?: string } }[];
      // A check-up is a dentist's; a hygienist does not do it.
      const hygienist = employees.find((one) => one.JobTitles?.en === 'Dental hygienist');
      expect(hygienist).toBeDefined();
      const name = hygienist?.Name ?? '';
      await chooseUntilLocation(user);
      await chooseClinic(user, /^Helsinki Kamppi\b/);
      await user.click(next());
      await user.click(await screen.findByRole('button', { name: 'Choose a practitioner' }));
      const popup = await screen.findByRole('dialog', { name: 'Practitioners' });
      await user.type(
        within(popup).getByRole('searchbox', { name: 'Search practitioners by name' }),
        name,
      );
      expect(
        await within(popup).findByRole('heading', { name: 'Search results' }),
      ).toBeInTheDocument();
      // Spec §4: the search filters all employees.
      const card = (await within(popup).findByText(name)).closest('div');
      expect(card).toHaveTextContent('Dental hygienist');
      expect(card).toHaveTextContent('Does not offer the chosen service');
      expect(within(popup).queryByRole('button', { name: new RegExp(name) })).toBeNull();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
