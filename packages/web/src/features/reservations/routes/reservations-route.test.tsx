import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';
import { RETURN_TO_KEY } from '../../../shared/return-to.ts';

afterEach(() => {
  vi.restoreAllMocks();
  stopApp();
});

/** The first screen waits for the lazy route and the session: longer than findBy's 1 s. */
const FIRST_SCREEN = { timeout: 15_000 };

async function openTab(name: string) {
  const user = userEvent.setup();
  // A tab's name holds its count after the label.
  await user.click(
    await screen.findByRole('tab', { name: new RegExp(`^${name}\\b`) }, FIRST_SCREEN),
  );
  return user;
}

function cardOf(heading: HTMLElement): HTMLElement {
  const card = heading.closest('article');
  if (card === null) throw new Error('No card around the heading');
  return card;
}

/** The cards of the shown tab's list. */
async function cards(listName: string): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list', { name: listName }, FIRST_SCREEN);
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => cardOf(heading));
}

describe('my reservations', () => {
  test('the patient sees upcoming, past and to-be-confirmed reservations in three tabs', async () => {
    await renderApp('/en/reservations', { user: 'patient' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My appointments' }, FIRST_SCREEN),
    ).toBeInTheDocument();
    // Each tab says how many it holds; the times to confirm need the patient's action.
    expect(screen.getAllByRole('tab')).toHaveLength(3);
    expect(await screen.findByRole('tab', { name: /^Upcoming 3$/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Past \d+$/ })).toBeInTheDocument();
    expect(
      screen.getByRole('tab', { name: /^To be confirmed 1\s*, needs your action$/ }),
    ).toBeInTheDocument();

    const upcoming = await cards('Upcoming');
    expect(upcoming).toHaveLength(3);
    for (const card of upcoming) {
      expect(
        within(card).getByText(/^\d{1,2}\.\d{1,2}\.\d{4} at \d{2}:\d{2}$/),
      ).toBeInTheDocument();
      expect(within(card).getByText('Confirmed')).toBeInTheDocument();
    }

    await openTab('Past');
    const past = await cards('Past');
    expect(past.length).toBeGreaterThanOrEqual(4);
    expect(screen.getAllByText('Cancelled').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Completed').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).toBeNull();

    await openTab('To be confirmed');
    const tentative = await cards('To be confirmed');
    expect(tentative).toHaveLength(1);
    expect(within(tentative[0]!).getByText('Waiting for confirmation')).toBeInTheDocument();
  });

  test('a time the clinic proposes is said above the upcoming tab, and one button opens its tab (issue 54)', async () => {
    await renderApp('/en/reservations', { user: 'patient' });
    const user = userEvent.setup();
    const notice = await screen.findByText(
      /^The clinic proposes a time that awaits your confirmation: .+ \d{1,2}\.\d{1,2}\.\d{4} at \d{2}:\d{2}\.$/,
      undefined,
      FIRST_SCREEN,
    );
    expect(screen.getByRole('tab', { name: /^Upcoming\b/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Show and confirm' }));
    const tab = screen.getByRole('tab', { name: /^To be confirmed\b/ });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    // The button went with the notice: the focus is on the tab it opened.
    await waitFor(() => expect(tab).toHaveFocus());
    expect(notice).not.toBeInTheDocument();
    const [card] = await cards('To be confirmed');
    expect(within(card!).getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  });

  test('each upcoming card offers the earlier-time waitlist as one button, its intro said once it is asked for (issue 54)', async () => {
    await renderApp('/en/reservations', { user: 'patient' });
    const user = userEvent.setup();
    // A time that can still be moved online (the seed's acute visit, within 24 hours, cannot).
    const card = (await cards('Upcoming')).find(
      (candidate) => within(candidate).queryByRole('button', { name: 'Change time' }) !== null,
    )!;
    const join = await within(card).findByRole(
      'button',
      { name: 'Tell me about an earlier time' },
      FIRST_SCREEN,
    );
    // Not a section of its own on every card: no heading, the intro the button's description.
    expect(within(card).queryByRole('heading', { name: 'Earlier time' })).toBeNull();
    expect(join).toHaveAccessibleDescription(/^Would an earlier time suit you better\?/);
    // Beside "Add to calendar", in one row.
    expect(join.parentElement).toBe(
      within(card).getByRole('button', { name: /calendar/i }).parentElement,
    );
    await user.click(join);
    expect(within(card).getByRole('heading', { level: 3, name: 'Earlier time' })).toBeVisible();
    expect(within(card).getByText(/^Would an earlier time suit you better\?/)).toBeVisible();
    expect(within(card).getByRole('radiogroup', { name: 'Where' })).toBeInTheDocument();
  });

  test('a tab without reservations shows its empty state', async () => {
    const app = await renderApp('/en/reservations', { user: 'patient' });
    app.mock.server.use(http.get('*/api/reservations', () => HttpResponse.json([])));
    const empty = await screen.findByRole(
      'heading',
      { name: 'You have no upcoming appointments' },
      FIRST_SCREEN,
    );
    const panel = screen.getByRole('tabpanel', { name: /^Upcoming\b/ });
    expect(panel).toContainElement(empty);
    expect(within(panel).getByRole('link', { name: 'Book an appointment' })).toHaveAttribute(
      'href',
      '/en/reservation',
    );
  });

  test('the patient confirms a tentative reservation and it moves to the upcoming tab', async () => {
    await renderApp('/en/reservations', { user: 'patient' });
    const user = await openTab('To be confirmed');
    const [card] = await cards('To be confirmed');
    await user.click(within(card!).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByRole('heading', { name: 'You have no appointments to confirm' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /^Upcoming\b/ }));
    expect(await cards('Upcoming')).toHaveLength(4);
  });

  test('the patient cancels a reservation after confirming in a dialog', async () => {
    await renderApp('/en/reservations', { user: 'patient' });
    const user = userEvent.setup();
    const upcoming = await cards('Upcoming');
    const card = upcoming.find((candidate) =>
      within(candidate).queryByRole('button', { name: 'Cancel appointment' }),
    );
    if (card === undefined) throw new Error('No cancellable reservation');
    const title = within(card).getByRole('heading', { level: 2 }).textContent ?? '';
    await user.click(within(card).getByRole('button', { name: 'Cancel appointment' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this appointment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the appointment' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await cards('Upcoming')).toHaveLength(3);

    await user.click(within(card).getByRole('button', { name: 'Cancel appointment' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel' }),
    );
    await waitFor(async () => expect(await cards('Upcoming')).toHaveLength(2));
    expect(await screen.findByText('The appointment is cancelled.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('tabpanel', { name: /^Upcoming\b/ })).toHaveFocus(),
    );
    await user.click(screen.getByRole('tab', { name: /^Past\b/ }));
    const past = await cards('Past');
    const cancelled = past.find(
      (candidate) => within(candidate).getByRole('heading', { level: 2 }).textContent === title,
    );
    expect(cancelled).toBeDefined();
  });

  test('the patient reschedules a reservation to a free time of another day', async () => {
    await renderApp('/en/reservations', { user: 'patient' });
    const user = userEvent.setup();
    const upcoming = await cards('Upcoming');
    const card = upcoming.find((candidate) =>
      within(candidate).queryByRole('button', { name: 'Change time' }),
    );
    if (card === undefined) throw new Error('No movable reservation');
    const before = within(card).getByText(/ at \d{2}:\d{2}$/).textContent;
    await user.click(within(card).getByRole('button', { name: 'Change time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the time' });
    const available = await within(dialog).findAllByRole(
      'button',
      { name: /available times$/ },
      FIRST_SCREEN,
    );
    await user.click(available[available.length - 1]!);
    const slots = await within(dialog).findByRole(
      'list',
      { name: /^Available times on/ },
      FIRST_SCREEN,
    );
    const slot = within(slots).getAllByRole('button')[0]!;
    await user.click(slot);
    expect(slot).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Move the appointment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/^The appointment was moved to/)).toBeInTheDocument();
    await waitFor(async () =>
      expect(
        (await cards('Upcoming')).map((c) => within(c).getByText(/ at \d{2}:\d{2}$/).textContent),
      ).not.toContain(before),
    );
    // The keyboard user keeps their place: the focus is in the list's panel, not at the page's start.
    await waitFor(() =>
      expect(screen.getByRole('tabpanel')).toContainElement(document.activeElement as HTMLElement),
    );
  });

  test.each([
    ['a time taken meanwhile', 'slot-taken', 'The time is no longer available'],
    // Another appointment of the patient's at that time, booked in another tab meanwhile.
    [
      'a time the patient has another appointment at',
      'overlapping-reservation',
      'You already have an appointment at this time',
    ],
  ])('%s keeps the dialog open, says so and offers the times again', async (_, code, said) => {
    const app = await renderApp('/en/reservations', { user: 'patient' });
    app.mock.server.use(
      http.post(
        '*/api/reservations/:id/move',
        () => HttpResponse.json({ UserMessage: 'Refused.', Code: code }, { status: 409 }),
        { once: true },
      ),
    );
    const user = userEvent.setup();
    const upcoming = await cards('Upcoming');
    const card = upcoming.find((candidate) =>
      within(candidate).queryByRole('button', { name: 'Change time' }),
    );
    if (card === undefined) throw new Error('No movable reservation');
    await user.click(within(card).getByRole('button', { name: 'Change time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the time' });
    // The same slot picker as the booking wizard: jumps to the next day with free times.
    const nextDay = within(dialog).getByRole('button', { name: 'Next day' });
    await waitFor(() => expect(nextDay).toBeEnabled(), FIRST_SCREEN);
    await user.click(nextDay);
    const slots = await within(dialog).findByRole(
      'list',
      { name: /^Available times on/ },
      FIRST_SCREEN,
    );
    await user.click(within(slots).getAllByRole('button')[0]!);
    await user.click(within(dialog).getByRole('button', { name: 'Move the appointment' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(said);
    expect(within(dialog).getByRole('button', { name: 'Move the appointment' })).toBeDisabled();
    const again = await within(dialog).findByRole('list', { name: /^Available times on/ });
    expect(within(again).getAllByRole('button')[0]).toHaveAttribute('aria-pressed', 'false');
    await user.click(within(again).getAllByRole('button')[0]!);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Move the appointment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  describe('the link of a message (?move=)', () => {
    /** The patient's upcoming reservations, straight from the mock server. */
    async function upcomingOf(app: Awaited<ReturnType<typeof renderApp>>) {
      const answer = await app.services.api.client.GET('/api/reservations', {
        params: { query: { group: 'future' } },
      });
      return answer.data ?? [];
    }

    test('opens the move dialog of that reservation; closing it forgets the link and gives the focus to its card', async () => {
      const app = await renderApp('/en/reservations', { user: 'patient' });
      const movable = (await upcomingOf(app)).find((reservation) => reservation.canModify);
      if (movable === undefined) throw new Error('No movable reservation in the seed');
      stopApp();
      await renderApp(`/en/reservations?move=${movable.id}`, { user: 'patient' });
      const user = userEvent.setup();
      const dialog = await screen.findByRole('dialog', { name: 'Change the time' }, FIRST_SCREEN);
      expect(dialog).toBeInTheDocument();
      expect(screen.queryByText(/can no longer be moved online/)).toBeNull();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(window.location.search).toBe('');
      await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Change time'));
      const card = cardOf(document.activeElement as HTMLElement);
      expect(card).toHaveTextContent(movable.reason.name);
    });

    test('signed out, the login comes first and remembers the link to come back to', async () => {
      await renderApp('/en/reservations?move=1001');
      await waitFor(() => expect(window.location.pathname).toBe('/en/login'), FIRST_SCREEN);
      expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/en/reservations?move=1001');
    });

    test('a reservation that can no longer be moved online, or is unknown, says so over the lists', async () => {
      const app = await renderApp('/en/reservations', { user: 'patient' });
      const locked = (await upcomingOf(app)).find((reservation) => !reservation.canModify);
      if (locked === undefined) throw new Error('No reservation inside 24 hours in the seed');
      stopApp();
      for (const id of [locked.id, 999_999]) {
        await renderApp(`/en/reservations?move=${id}`, { user: 'patient' });
        expect(
          await screen.findByText(
            "The appointment in the message's link can no longer be moved online. Your appointments are listed below.",
            {},
            FIRST_SCREEN,
          ),
        ).toBeInTheDocument();
        expect(screen.queryByRole('dialog')).toBeNull();
        expect(await cards('Upcoming')).not.toHaveLength(0);
        stopApp();
      }
    });
  });

  test('a reservation inside 24 hours shows the clinic phone number instead of actions', async () => {
    await renderApp('/en/reservations', { user: 'patient' });
    const upcoming = await cards('Upcoming');
    const locked = upcoming.filter((card) => within(card).queryByText('Changes by phone only'));
    expect(locked).toHaveLength(1);
    const card = locked[0]!;
    // No action: only the calendar file, which is no change to the reservation.
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Add to calendar']);
    expect(within(card).getByRole('link', { name: /^\+?[0-9 ]+$/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:/),
    );
    expect(within(card).getByText(/up to 24 hours before they start/)).toBeInTheDocument();
  });

  test('an upcoming reservation downloads as an iCalendar file; past ones offer none', async () => {
    await renderApp('/en/reservations', { user: 'patient' });
    const saved: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved.push(blob);
        return 'blob:calendar';
      }),
      revokeObjectURL: vi.fn(),
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const upcoming = await cards('Upcoming');
    for (const card of upcoming) {
      expect(within(card).getByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
    }
    const user = userEvent.setup();
    await user.click(within(upcoming[0]!).getByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toMatch(/^reservation-\d+\.ics$/);
    const ics = await saved[0]!.text();
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain(`UID:${clicked[0]!.replace('.ics', '')}@dental-portal`);
    expect(ics).toContain('SUMMARY:Dental appointment – ');
    expect(
      await screen.findByText(/has been downloaded: open it to add the appointment/),
    ).toBeVisible();

    await user.click(screen.getByRole('tab', { name: /^Past\b/ }));
    const past = await cards('Past');
    expect(past.length).toBeGreaterThan(0);
    for (const card of past) {
      expect(within(card).queryByRole('button', { name: 'Add to calendar' })).toBeNull();
    }
  });

  test('a calendar file that cannot be downloaded says so with the server message', async () => {
    const app = await renderApp('/en/reservations', { user: 'patient' });
    app.mock.server.use(
      http.get('*/api/reservations/:id/calendar', () =>
        HttpResponse.json(
          { UserMessage: 'The reservation was not found.', Code: 'not-found' },
          { status: 404 },
        ),
      ),
    );
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const user = userEvent.setup();
    const [card] = await cards('Upcoming');
    await user.click(within(card!).getByRole('button', { name: 'Add to calendar' }));
    expect(await screen.findByText('The calendar file could not be downloaded.')).toBeVisible();
    expect(screen.getByText('The reservation was not found.')).toBeVisible();
    expect(clicked).not.toHaveBeenCalled();
  });

  test('a failed action shows the error with the server message', async () => {
    const app = await renderApp('/en/reservations', { user: 'patient' });
    app.mock.server.use(
      http.post('*/api/reservations/:id/cancel', () =>
        HttpResponse.json(
          {
            UserMessage: 'Please call the clinic on 09 1234 5670.',
            Code: 'inside-cancel-window',
          },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    const upcoming = await cards('Upcoming');
    const card = upcoming.find((candidate) =>
      within(candidate).queryByRole('button', { name: 'Cancel appointment' }),
    );
    if (card === undefined) throw new Error('No cancellable reservation');
    await user.click(within(card).getByRole('button', { name: 'Cancel appointment' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel' }),
    );
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('The operation was unsuccessful');
    expect(alert).toHaveTextContent('Please call the clinic on 09 1234 5670.');
  });

  test('without a branch phone the clinic phone from the configuration is shown', async () => {
    const app = await renderApp('/en/reservations', { user: 'patient' });
    const config = (await (
      await fetch(`${app.origin}/api/config`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })
    ).json()) as { clinicPhone: string };
    app.mock.server.use(
      http.get('*/api/reservations', () =>
        HttpResponse.json([
          {
            id: 1024,
            status: 'confirmed',
            group: 'future',
            branch: {
              id: 3,
              name: 'Kamppi',
              street: 'Esimerkkikatu 5 A',
              postalCode: '00100',
              city: 'Helsinki',
              phone: '',
            },
            reason: { id: 7, name: 'Dental check-up' },
            employee: null,
            startTime: '2026-12-01T09:00:00+02:00',
            endTime: '2026-12-01T09:30:00+02:00',
            price: 71.1,
            customerType: 'private',
            voucherIdentifier: null,
            campaignCode: null,
            descriptionForStaff: null,
            customer: {
              firstName: 'Maija',
              lastName: 'Meikäläinen',
              email: 'maija.meikalainen@example.com',
              phone: '+358 40 123 4567',
              ssn: '150385-914H',
              street: 'Esimerkkitie 12 B 7',
              postalCode: '00510',
              city: 'Helsinki',
            },
            modifiableUntil: '2026-11-30T09:00:00+02:00',
            canModify: false,
            createdAt: '2026-11-20T14:05:00+02:00',
          },
        ]),
      ),
    );
    const [card] = await cards('Upcoming');
    expect(within(card!).getByText('1.12.2026 at 09:00')).toBeInTheDocument();
    expect(within(card!).getByText('Not yet assigned')).toBeInTheDocument();
    expect(within(card!).getByRole('link', { name: config.clinicPhone })).toBeInTheDocument();
    expect(
      within(card!)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Add to calendar']);
  });

  test('a failed confirmation says so in Finnish', async () => {
    const app = await renderApp('/fi/reservations', { user: 'patient' });
    app.mock.server.use(
      http.post('*/api/reservations/:id/confirm', () =>
        HttpResponse.json({ Code: 'not-confirmable' }, { status: 409 }),
      ),
    );
    // The tab's label may break on a phone at its soft hyphen (issue 54: not mid-word without one).
    const user = await openTab('Vahvistet\u00ADtavat');
    const [card] = await cards('Vahvistettavat');
    await user.click(within(card!).getByRole('button', { name: 'Vahvista' }));
    expect(await within(card!).findByRole('alert')).toHaveTextContent('Toiminto epäonnistui');
  });
});

describe('book again', () => {
  test('a past visit is booked again: service, clinic and practitioner chosen, on to the time', async () => {
    await renderApp('/en/reservations', { user: 'patient' });
    const user = await openTab('Past');
    const past = await cards('Past');
    // A past private visit with a practitioner: its card names them.
    const visit = past.find(
      (card) =>
        within(card).queryByText('Not yet assigned') === null &&
        within(card).queryByRole('link', { name: /^Book again: / }) !== null,
    );
    if (visit === undefined) throw new Error('No past visit with a practitioner');
    const service = within(visit).getByRole('heading', { level: 2 }).textContent ?? '';
    const link = within(visit).getByRole('link', { name: new RegExp(`^Book again: ${service}, `) });
    await user.click(link);

    // The time step, its heading focused, the past visit's choices kept.
    const heading = await screen.findByRole(
      'heading',
      { level: 2, name: 'Choose the date and time' },
      FIRST_SCREEN,
    );
    await waitFor(() => expect(window.location.pathname).toBe('/en/reservation/slot'));
    await waitFor(() => expect(heading).toHaveFocus());
    expect(window.location.search).toBe('');
    const stored = JSON.parse(sessionStorage.getItem('booking.choices') ?? '{}') as {
      customerType?: { id: string };
      reason?: { name: string };
      branch?: { branchIds: number[] };
      employee?: { Id: number } | null;
    };
    expect(stored.customerType?.id).toBe('private');
    expect(stored.reason?.name).toBe(service);
    expect(stored.branch?.branchIds).toHaveLength(1);
    expect(stored.employee).not.toBeNull();
  });

  test('a visit that cannot be read starts the booking from its first step', async () => {
    // No reservation has this id: the dev server answers 404.
    await renderApp('/en/reservation/customer-type?again=999999', { user: 'patient' });
    expect(
      await screen.findByRole(
        'heading',
        { level: 2, name: 'Who pays for the treatment?' },
        FIRST_SCREEN,
      ),
    ).toBeInTheDocument();
    expect(await screen.findAllByRole('radio', {}, FIRST_SCREEN)).not.toHaveLength(0);
    expect(screen.queryByText('Fetching the choices of your earlier visit…')).toBeNull();
    expect(window.location.pathname).toBe('/en/reservation/customer-type');
  });
});
