import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';
import { fromHelsinkiInput, toHelsinkiInput } from './dev-toolbar.tsx';

afterEach(stopApp);
afterEach(() => {
  document.cookie = 'X-Dev-Sandbox=; path=/; max-age=0';
});

describe('QA toolbar', () => {
  test('QA logs in as a test user from the toolbar', async () => {
    const user = userEvent.setup();
    await renderApp('/en/about');
    await user.click(await screen.findByRole('button', { name: 'QA tools' }));
    const toolbar = screen.getByRole('complementary', { name: 'Testing tools' });
    const select = within(toolbar).getByRole('combobox', { name: 'Test user' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(select, 'admin');
    expect((await screen.findAllByRole('button', { name: 'Log out' })).length).toBeGreaterThan(0);
    expect(localStorage.getItem('access_token')).not.toBeNull();
  });

  test('QA moves this browser into a sandbox of its own: a name that is not one is refused', async () => {
    const user = userEvent.setup();
    await renderApp('/en/about', { user: 'patient' });
    await user.click(await screen.findByRole('button', { name: 'QA tools' }));
    const toolbar = screen.getByRole('complementary', { name: 'Testing tools' });
    const section = within(toolbar).getByRole('region', { name: 'Sandbox' });
    expect(
      await within(section).findByText('This browser works in the shared state (no sandbox).'),
    ).toBeInTheDocument();
    const name = within(section).getByRole('textbox', { name: 'Sandbox name' });
    await user.type(name, '-bad name');
    await user.click(within(section).getByRole('button', { name: 'Switch' }));
    expect(within(section).getByRole('alert')).toHaveTextContent(
      'Use 1–64 letters, digits, dots, dashes or underscores',
    );
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(document.cookie).not.toContain('X-Dev-Sandbox');

    await user.clear(name);
    await user.type(name, 'qa-anna');
    await user.click(within(section).getByRole('button', { name: 'Switch' }));
    // Its own sessions: the stored login goes, and the page starts again in the sandbox.
    expect(document.cookie).toContain('X-Dev-Sandbox=qa-anna');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  test('a page in a sandbox says so, lists the others and goes back to the shared state', async () => {
    const user = userEvent.setup();
    document.cookie = 'X-Dev-Sandbox=qa-2; path=/';
    const app = await renderApp('/en/about');
    // Another tester's sandbox, made through the API.
    await fetch(`${app.origin}/api/dev/clock`, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'X-Dev-Sandbox': 'qa-other',
      },
      body: JSON.stringify({ now: '2026-12-24T12:00:00+02:00', frozen: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'QA tools · qa-2' }));
    const toolbar = screen.getByRole('complementary', { name: 'Testing tools' });
    const section = within(toolbar).getByRole('region', { name: 'Sandbox' });
    expect(
      within(section).getByText('This browser works in the sandbox qa-2.'),
    ).toBeInTheDocument();
    const other = await within(section).findByRole('listitem');
    expect(other).toHaveTextContent('qa-other – clock 24.12.2026 12:00 (frozen)');
    expect(
      within(other).getByRole('button', { name: 'Switch to the sandbox qa-other' }),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Back to the shared state' }));
    expect(document.cookie).not.toContain('X-Dev-Sandbox');
  });

  test('QA injects a fault from the toolbar, sees it strike, and removes it', async () => {
    const user = userEvent.setup();
    const app = await renderApp('/en/about');
    await user.click(await screen.findByRole('button', { name: 'QA tools' }));
    const toolbar = screen.getByRole('complementary', { name: 'Testing tools' });
    const section = within(toolbar).getByRole('region', { name: 'Simulated faults' });
    expect(await within(section).findByText('No fault is injected.')).toBeInTheDocument();
    await user.type(
      within(section).getByRole('textbox', { name: /^Operation or path/ }),
      'listBranches',
    );
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Answer' }), '503');
    await user.click(within(section).getByRole('button', { name: 'Inject the fault' }));
    const fault = await within(section).findByRole('listitem');
    expect(fault).toHaveTextContent('listBranches – answers 503, not struck yet');
    const branches = await fetch(`${app.origin}/api/branches`);
    expect(branches.status).toBe(503);
    // A typo is refused with the server's reason.
    const target = within(section).getByRole('textbox', { name: /^Operation or path/ });
    await user.clear(target);
    await user.type(target, 'listBranchez');
    await user.click(within(section).getByRole('button', { name: 'Inject the fault' }));
    expect(
      await screen.findByText('The contract has no operation of this name (operationId).'),
    ).toBeInTheDocument();
    await user.click(
      within(section).getByRole('button', { name: 'Remove the fault of listBranches' }),
    );
    expect(await within(section).findByText('No fault is injected.')).toBeInTheDocument();
    expect((await fetch(`${app.origin}/api/branches`)).status).toBe(200);
  });

  test('a reset asks first; cancelling it resets nothing', async () => {
    const user = userEvent.setup();
    const app = await renderApp('/en/about');
    const resets: string[] = [];
    app.mock.server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/dev/reset') resets.push(request.method);
    });
    await user.click(await screen.findByRole('button', { name: 'QA tools' }));
    const toolbar = screen.getByRole('complementary', { name: 'Testing tools' });
    await user.click(within(toolbar).getByRole('button', { name: 'Reset to the seed' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Reset everything to the seed?',
    });
    expect(dialog).toHaveTextContent('everyone is logged out');
    expect(within(dialog).getByRole('button', { name: 'Reset' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(resets).toEqual([]);
  });

  test('a scenario preset switches on and off from its box', async () => {
    const user = userEvent.setup();
    await renderApp('/en/about');
    await user.click(await screen.findByRole('button', { name: 'QA tools' }));
    const toolbar = screen.getByRole('complementary', { name: 'Testing tools' });
    const box = await within(toolbar).findByRole('checkbox', { name: /^no-free-slots/ });
    expect(box).not.toBeChecked();
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    await user.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
  });

  test('a change QA makes through the API reaches a page already open', async () => {
    const app = await renderApp('/en/reservation');
    let clockReads = 0;
    app.mock.server.events.on('response:mocked', ({ request }) => {
      if (new URL(request.url).pathname === '/api/dev/clock') clockReads += 1;
    });
    await screen.findByRole('radio', { name: 'Private customer' }, { timeout: 15_000 });
    // The toolbar has read the dev clock's revision once the page is up.
    await screen.findByRole('button', { name: 'QA tools' });
    await waitFor(() => expect(clockReads).toBeGreaterThan(0));
    // Maintenance switched on through the API, not the toolbar.
    const response = await fetch(`${app.origin}/api/dev/maintenance`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ active: true, startsAt: null }),
    });
    expect(response.status).toBe(200);
    // The page comes back into view (or the next turn of the poll): it loads its data again.
    fireEvent(document, new Event('visibilitychange'));
    expect(
      await screen.findByRole(
        'heading',
        { level: 2, name: 'Maintenance break' },
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
  });

  test('the time is typed and shown in Helsinki time, whatever the browser’s zone', async () => {
    // This test runs in UTC: 10:01 in Helsinki in December is 08:01 UTC.
    expect(fromHelsinkiInput('2026-12-01T10:01')?.toISOString()).toBe('2026-12-01T08:01:00.000Z');
    expect(fromHelsinkiInput('2026-07-01T10:01')?.toISOString()).toBe('2026-07-01T07:01:00.000Z');
    expect(fromHelsinkiInput('not a time')).toBeNull();
    expect(toHelsinkiInput('2026-12-01T08:01:00.000Z')).toBe('2026-12-01T10:01');

    const user = userEvent.setup();
    await renderApp('/en/about');
    await user.click(await screen.findByRole('button', { name: 'QA tools' }));
    const toolbar = screen.getByRole('complementary', { name: 'Testing tools' });
    const field = within(toolbar).getByLabelText('Set the time (Helsinki time)');
    await waitFor(() => expect(field).not.toHaveValue(''));
    // jsdom types no datetime-local: the value as a browser's picker gives it.
    fireEvent.change(field, { target: { value: '2026-12-01T10:01' } });
    await user.click(within(toolbar).getByRole('button', { name: 'Set' }));
    await waitFor(() =>
      expect(within(toolbar).getByText(/^Now /)).toHaveTextContent(/^Now 1\.12\.2026 10:01/),
    );
    // Distinct names: the section and its field are not the same words.
    expect(
      within(toolbar).getByRole('heading', { name: 'Log in as a test user' }),
    ).toBeInTheDocument();
    expect(within(toolbar).getByRole('combobox', { name: 'Test user' })).toBeInTheDocument();
  });

  test('a tab at the screen’s edge opens the toolbar from anywhere on a long page', async () => {
    const user = userEvent.setup();
    await renderApp('/en/about');
    const jump = await screen.findByRole('link', { name: 'Go to the QA tools' });
    expect(jump.className).toContain('fixed');
    await user.click(jump);
    const toggle = screen.getByRole('button', { name: 'QA tools' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveFocus();
  });

  test('QA advances the dev clock by a day', async () => {
    const user = userEvent.setup();
    await renderApp('/en/about');
    await user.click(await screen.findByRole('button', { name: 'QA tools' }));
    const toolbar = screen.getByRole('complementary', { name: 'Testing tools' });
    const before = (await within(toolbar).findByText(/^Now /)).textContent;
    await user.click(within(toolbar).getByRole('button', { name: '+1 day' }));
    await waitFor(() => expect(within(toolbar).getByText(/^Now /).textContent).not.toBe(before));
  });

  test('a clock move keeps QA signed in unless the sessions are told to age with it', async () => {
    const user = userEvent.setup();
    const app = await renderApp('/en/about', { user: 'patient' });
    const token = localStorage.getItem('access_token');
    const me = () =>
      fetch(`${app.origin}/api/me`, {
        headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
      }).then((response) => response.status);
    await user.click(await screen.findByRole('button', { name: 'QA tools' }));
    const toolbar = screen.getByRole('complementary', { name: 'Testing tools' });
    const before = (await within(toolbar).findByText(/^Now /)).textContent;
    await user.click(within(toolbar).getByRole('button', { name: '+1 day' }));
    await waitFor(() => expect(within(toolbar).getByText(/^Now /).textContent).not.toBe(before));
    expect(await me()).toBe(200);
    await user.click(
      within(toolbar).getByRole('checkbox', { name: /^Sessions age when the clock moves/ }),
    );
    await user.click(within(toolbar).getByRole('button', { name: '+1 hour' }));
    // Unused for an hour of the dev clock: past the 30-minute idle limit.
    await waitFor(async () => expect(await me()).toBe(401));
  });

  test('QA reads the messages sent to the signed-in patient and opens their link', async () => {
    const user = userEvent.setup();
    const app = await renderApp('/en/about', { user: 'patient' });
    const headers = {
      'X-Requested-With': 'XMLHttpRequest',
      'Accept-Language': 'en',
      Authorization: `Bearer ${localStorage.getItem('access_token') ?? ''}`,
      'Content-Type': 'application/json',
    };
    const day = (await (
      await fetch(
        `${app.origin}/api/availability/day?branchIds=1,2,3,4&reasonId=1&customerType=private&date=2026-12-02`,
        { headers },
      )
    ).json()) as { slots: { key: string }[] };
    const booked = await fetch(`${app.origin}/api/reservations`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        slotKey: day.slots[0]?.key,
        customerType: 'private',
        // Maija has a check-up a week ahead: this setup keeps both (the duplicate rule).
        allowDuplicate: true,
        customer: {
          firstName: 'Maija',
          lastName: 'Meikäläinen',
          email: 'maija@example.fi',
          phone: '040 123 4567',
          street: 'Kauppakatu 1',
          postalCode: '00100',
          city: 'Helsinki',
        },
      }),
    });
    expect(booked.status).toBe(201);

    await user.click(await screen.findByRole('button', { name: 'QA tools' }));
    const toolbar = screen.getByRole('complementary', { name: 'Testing tools' });
    const list = await within(toolbar).findByRole('list', { name: 'Sent messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/ · /).textContent).sort()).toEqual([
      'Booking confirmation · Email',
      'Booking confirmation · SMS',
    ]);
    expect(items[0]).toHaveTextContent(/^.*Your dental appointment is booked: 2\.12\.2026 at /);
    // The confirmation's link opens the reservation's move dialog (issue 32 item 6).
    const { id } = (await booked.json()) as { id: number };
    expect(
      within(items[0]!).getByRole('link', { name: 'Open the page of the link' }),
    ).toHaveAttribute('href', `/en/reservations?move=${id}`);
    expect(
      within(toolbar).getByRole('checkbox', { name: "Only the signed-in user's" }),
    ).toBeChecked();
  });

  test('QA opens new working hours for a practitioner; a bad range is refused with the reason', async () => {
    const user = userEvent.setup();
    await renderApp('/en/about');
    await user.click(await screen.findByRole('button', { name: 'QA tools' }));
    const toolbar = screen.getByRole('complementary', { name: 'Testing tools' });
    const section = within(toolbar).getByRole('region', { name: 'New working hours' });
    const practitioner = within(section).getByRole('combobox', { name: 'Practitioner' });
    await waitFor(() =>
      expect(within(practitioner).getAllByRole('option').length).toBeGreaterThan(1),
    );
    const first = within(practitioner).getAllByRole('option')[1]!;
    await user.selectOptions(practitioner, first);
    const week = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const [year, month, day] = week.split('-').map(Number);
    const date = within(section).getByLabelText('Day');
    await user.type(date, week);
    await user.click(within(section).getByRole('button', { name: 'Open the hours' }));
    expect(
      await screen.findByText(`Hours opened on ${day}.${month}.${year}, 07:00–08:00.`),
    ).toBeInTheDocument();

    const end = within(section).getByLabelText('Until');
    await user.clear(end);
    await user.type(end, '06:00');
    await user.click(within(section).getByRole('button', { name: 'Open the hours' }));
    expect(await screen.findByText('The hours could not be opened')).toBeInTheDocument();
    expect(screen.getByText('Until: The value is out of range.')).toBeInTheDocument();
  });

  test('the toolbar is hidden when the server is not in dev mode', async () => {
    await renderApp('/en/about', { mock: { devMode: false } });
    await screen.findByRole('heading', { level: 1, name: 'About the service' });
    expect(screen.queryByRole('button', { name: 'QA tools' })).not.toBeInTheDocument();
    expect(localStorage.getItem('devMode')).toBe('false');
  });
});
