import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';
import { helsinkiInstant, helsinkiToday } from '../../../shared/time.ts';
import { BOOKING_STORAGE_KEY, HOLDER_KEY_STORAGE_KEY } from '../api/wizard-storage.ts';

afterEach(stopApp);

/** The first screen waits for the lazy route and the session: longer than findBy's 1 s. */
const FIRST_SCREEN = { timeout: 15_000 };

const next = () => screen.getByRole('button', { name: 'Next' });

/** A private customer's check-up: on to the location step. */
async function chooseUntilLocation(user: UserEvent): Promise<void> {
  await user.click(await screen.findByRole('radio', { name: 'Private customer' }, FIRST_SCREEN));
  await user.click(next());
  // One tap on the service goes on to the location.
  await user.click(await screen.findByRole('button', { name: /^Dental check-up/ }));
  expect(
    await screen.findByRole('heading', { level: 2, name: 'Choose the clinic' }),
  ).toBeInTheDocument();
}

/** Customer type → reason → branch → practitioner skipped: the slot step. */
async function chooseUntilSlotStep(user: UserEvent): Promise<void> {
  await chooseUntilLocation(user);
  const picker = await screen.findByRole('combobox', { name: /Clinic/ });
  await user.selectOptions(
    picker,
    screen.getByRole('option', { name: /^Helsinki Kamppi, Helsinki/ }),
  );
  await user.click(next());
  await user.click(await screen.findByRole('button', { name: 'Any available practitioner' }));
  expect(
    await screen.findByRole('heading', { level: 2, name: 'Choose the date and time' }),
  ).toBeInTheDocument();
}

/**
 * Customer type → reason → branch → practitioner skipped → the first free slot; answers the
 * chosen time's accessible name.
 */
async function chooseUntilSlot(user: UserEvent): Promise<string> {
  await chooseUntilSlotStep(user);
  // Move forward to the first day with free times.
  for (let attempt = 0; attempt < 10; attempt += 1) {
    // The step's code and the day's times have arrived.
    await waitFor(() => {
      expect(screen.queryByRole('status', { name: 'Loading the step…' })).toBeNull();
      expect(screen.queryByRole('status', { name: /Loading the times/ })).toBeNull();
    });
    if (screen.queryByRole('list', { name: /^Available times on/ })) break;
    await user.click(screen.getByRole('button', { name: 'Next day' }));
  }
  const slots = await screen.findByRole('list', { name: /^Available times on/ });
  const first = within(slots).getAllByRole('button')[0];
  if (first === undefined) throw new Error('No slot button');
  expect(first).toHaveAccessibleName(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{2}:\d{2}, \S+/);
  // Each time says that choosing it goes on (WCAG 3.2.2), and one tap does.
  expect(first).toHaveAccessibleDescription(
    'Choosing a time takes you straight on to your details.',
  );
  const name = first.getAttribute('aria-label') ?? '';
  await user.click(first);
  await screen.findByRole('heading', { level: 2, name: 'Your details' });
  return name;
}

/** Types the address (over the one a returning patient's previous booking gave). */
async function fillAddress(user: UserEvent): Promise<void> {
  for (const [name, value] of [
    [/Street address/, 'Esimerkkikatu 1'],
    [/Postal code/, '00100'],
    [/^City/, 'Helsinki'],
  ] as const) {
    // The details step is a chunk of its own: its fields may render a moment after its heading.
    const field = await screen.findByRole('textbox', { name });
    await user.clear(field);
    await user.type(field, value);
  }
}

/** …the details (the address typed) → the confirm step; answers the chosen time's name. */
async function chooseUntilConfirm(user: UserEvent): Promise<string> {
  const name = await chooseUntilSlot(user);
  await fillAddress(user);
  await user.click(next());
  await screen.findByRole('heading', { level: 2, name: 'Check and confirm' });
  return name;
}

const CONFIRM = { name: 'Confirm the booking' };

/**
 * The test patient Maija has a check-up a week ahead, so booking another check-up soon asks
 * first (the duplicate rule, 409 `duplicate-reservation`): she keeps both.
 */
async function keepBoth(user: UserEvent): Promise<void> {
  await screen.findByText('You already have a time booked for this service');
  await user.click(screen.getByRole('button', { name: 'Keep both' }));
}

/** A booking runs through seven steps: more than the default 5 s in jsdom. */
const JOURNEY_TIMEOUT_MS = 60_000;

describe('booking wizard', () => {
  test(
    'a signed-in patient books a free slot through every step',
    async () => {
      const user = userEvent.setup();
      await renderApp('/en/reservation', { user: 'patient' });
      await screen.findByRole('radio', { name: 'Private customer' }, FIRST_SCREEN);
      expect(
        screen.getByRole('heading', { level: 1, name: 'Book an appointment' }),
      ).toBeInTheDocument();
      const steps = screen.getByRole('navigation', { name: 'Booking steps' });
      expect(within(steps).getAllByRole('listitem')).toHaveLength(7);
      expect(within(steps).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');

      const slotName = await chooseUntilSlot(user);

      expect(
        await screen.findByRole('heading', { level: 2, name: 'Your details' }),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/en/reservation/details');
      // The name and identity code come from the identity, read-only, the code masked.
      const identity = await screen.findByRole('region', { name: 'From your identification' });
      expect(within(identity).getByText('Maija Meikäläinen')).toBeInTheDocument();
      expect(within(identity).getByText('150385-****')).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: /First name/ })).toBeNull();
      // A returning patient's address comes from the previous booking: nothing to type.
      const valueOf = (name: RegExp) =>
        (screen.getByRole('textbox', { name }) as HTMLInputElement).value;
      await waitFor(() => expect(valueOf(/Street address/)).toMatch(/\S+ \d+/));
      expect(valueOf(/Postal code/)).toMatch(/^\d{5}$/);
      expect(screen.getByRole('textbox', { name: /^City/ })).not.toHaveValue('');
      await user.click(next());

      expect(
        await screen.findByRole('heading', { level: 2, name: 'Check and confirm' }),
      ).toBeInTheDocument();
      expect(await screen.findByText('Cancellation policy')).toBeInTheDocument();
      // The first free time may be less than 24 hours away (then it said so itself).
      expect(
        screen.getByText(
          slotName.endsWith('Changes by phone only')
            ? /less than 24 hours away: once booked, it cannot be moved or cancelled online/
            : /free of charge until 24 hours before/,
        ),
      ).toBeInTheDocument();
      expect(
        screen.getByText(/missed appointment that was not cancelled is charged/),
      ).toBeInTheDocument();
      expect(screen.getByText('Price')).toBeInTheDocument();
      await user.click(await screen.findByRole('button', CONFIRM));
      await keepBoth(user);

      expect(
        await screen.findByRole('heading', { level: 2, name: 'Thank you for your booking' }),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/en/reservation/thank-you');
      expect(sessionStorage.getItem(BOOKING_STORAGE_KEY)).toBeNull();
      // The notice says it is done, once; what was booked is in the summary alone.
      const done = (await screen.findByText('A confirmation has been sent to your email.')).closest(
        '[role="status"]',
      );
      expect(done).toHaveTextContent(/^Success: Your appointment is booked\s*A confirmation/);
      expect(done).not.toHaveTextContent('Dental check-up');
      // What was booked stays on the page, with the way to the calendar and the map.
      const booked = await screen.findByRole('region', { name: 'Your booking' });
      for (const term of [
        'Service',
        'Practitioner',
        'Clinic',
        'Time',
        'Price',
        'Booking reference',
      ])
        expect(within(booked).getByText(term)).toBeInTheDocument();
      expect(within(booked).getByText(/Helsinki Kamppi, .+, \d{5} Helsinki/)).toBeInTheDocument();
      const map = within(booked).getByRole('link', { name: /Show on a map/ });
      expect(map).toHaveAttribute('target', '_blank');
      expect(map.getAttribute('href')).toMatch(
        /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Helsinki%20Kamppi/,
      );
      expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
      // The test patient has answered the health form before: not asked again.
      expect(screen.queryByRole('link', { name: 'Fill in the health questionnaire' })).toBeNull();
      // How to book is no longer the page's subject once booked (the page follows the URL's
      // change to the thank-you, a render after the wizard's).
      await waitFor(() =>
        expect(
          screen.queryByText('Choose the service, the clinic and a time that suits you.'),
        ).toBeNull(),
      );
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "a signed-in patient's own clinic comes chosen on the location step; a visitor chooses one",
    async () => {
      const user = userEvent.setup();
      await renderApp('/en/reservation', { user: 'patient' });
      await chooseUntilLocation(user);
      const picker = await screen.findByRole('combobox', { name: /Clinic/ });
      await waitFor(() => expect(picker).not.toHaveValue(''));
      expect(next()).toBeEnabled();
      await user.click(next());
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Choose a practitioner (optional)' }),
      ).toBeInTheDocument();

      await renderApp('/en/reservation');
      await chooseUntilLocation(user);
      expect(await screen.findByRole('combobox', { name: /Clinic/ })).toHaveValue('');
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'back from the details, the chosen time is still chosen and Next goes on with it',
    async () => {
      const user = userEvent.setup();
      await renderApp('/en/reservation', { user: 'patient' });
      const slotName = await chooseUntilSlot(user);
      await user.click(await screen.findByRole('button', { name: 'Back' }));
      const chosen = await screen.findByRole('button', { name: slotName });
      expect(chosen).toHaveAttribute('aria-pressed', 'true');
      await user.click(next());
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Your details' }),
      ).toBeInTheDocument();
    },
    JOURNEY_TIMEOUT_MS,
  );

  describe('the chosen time is held (decision 023)', () => {
    /**
     * The dev clock frozen at 06:00 today (Helsinki): the tests below move it up to 11 minutes,
     * and the day's first free time must still lie ahead then, whatever the hour they run.
     */
    const earlyToday = (): Date => {
      const [year, month, day] = helsinkiToday(new Date()).split('-').map(Number) as [
        number,
        number,
        number,
      ];
      return helsinkiInstant(year, month, day, 6, 0);
    };

    /** The stored answers' hold (the wizard keeps it with them). */
    const storedHold = (): { id: string; slotKey: string } =>
      (JSON.parse(sessionStorage.getItem(BOOKING_STORAGE_KEY) ?? '{}') as { hold: never }).hold;

    /** Whether another visitor's day view of the held time's day lists it. */
    async function listedForOthers(origin: string, slotKey: string): Promise<boolean> {
      const [branchId, , reasonId, start] = slotKey.split('=');
      const query = new URLSearchParams({
        branchIds: String(branchId),
        reasonId: String(reasonId),
        customerType: 'private',
        date: String(start).slice(0, 10),
      });
      const day = (await (await fetch(`${origin}/api/availability/day?${query}`)).json()) as {
        slots: { key: string }[];
      };
      return day.slots.some((slot) => slot.key === slotKey);
    }

    const advanceClock = (origin: string, seconds: number) =>
      fetch(`${origin}/api/dev/clock/advance`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify({ seconds }),
      });

    /** The page comes back into view: the notice asks the server again. */
    const backInView = () =>
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });

    test(
      'choosing a time holds it: the details say for how long, others no longer see it, and leaving lets it go',
      async () => {
        const user = userEvent.setup();
        const app = await renderApp('/en/reservation', {
          user: 'patient',
          mock: { now: earlyToday() },
        });
        await chooseUntilSlot(user);
        // Counted from the server's answer: 10 minutes, a few seconds less on a slow machine.
        expect(
          await screen.findByText(
            /^We're holding this time for you for another (10 min 0|9 min \d+) s\.$/,
          ),
        ).toBeInTheDocument();
        const hold = storedHold();
        expect(await listedForOthers(app.origin, hold.slotKey)).toBe(false);
        app.unmount();
        await waitFor(async () => {
          expect(await listedForOthers(app.origin, hold.slotKey)).toBe(true);
        });
      },
      JOURNEY_TIMEOUT_MS,
    );

    test(
      'a screen reader hears the time left at 5 and 1 minutes, from the server’s count',
      async () => {
        const user = userEvent.setup();
        const app = await renderApp('/en/reservation', {
          user: 'patient',
          mock: { now: earlyToday() },
        });
        await chooseUntilSlot(user);
        await screen.findByText(/^We're holding this time for you/);
        await advanceClock(app.origin, 5 * 60 + 30);
        backInView();
        expect(
          await screen.findByText('This time is held for you for less than 5 more minutes.'),
        ).toBeInTheDocument();
        expect(
          screen.getByText(/^We're holding this time for you for another 4 min \d+ s\.$/),
        ).toBeInTheDocument();
        await advanceClock(app.origin, 4 * 60);
        backInView();
        expect(
          await screen.findByText('This time is held for you for less than a minute more.'),
        ).toBeInTheDocument();
      },
      JOURNEY_TIMEOUT_MS,
    );

    test(
      'an ended hold says so and holds the same time again in one tap, keeping what was typed',
      async () => {
        const user = userEvent.setup();
        const app = await renderApp('/en/reservation', {
          user: 'patient',
          mock: { now: earlyToday() },
        });
        await chooseUntilSlot(user);
        await fillAddress(user);
        await screen.findByText(/^We're holding this time for you/);
        const before = storedHold();
        await advanceClock(app.origin, 11 * 60);
        backInView();
        // The notice's live region says it; its answers follow the message in the notice.
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent('This time is no longer held for you');
        const notice = alert.closest<HTMLElement>('[data-variant]')!;
        const time = before.slotKey.split('=')[3]!.slice(11, 16);
        // The same time first (still free), then the nearest others, and another time.
        const again = await within(notice).findByRole('button', {
          name: `Keep the same time (${time})`,
        });
        expect(
          within(notice).getByRole('button', { name: 'Choose another time' }),
        ).toBeInTheDocument();
        await user.click(again);
        expect(
          await screen.findByText(/^We're holding this time for you for another/),
        ).toBeInTheDocument();
        expect(storedHold().id).not.toBe(before.id);
        expect(storedHold().slotKey).toBe(before.slotKey);
        expect(screen.getByRole('textbox', { name: /Street address/ })).toHaveValue(
          'Esimerkkikatu 1',
        );
        // And the booking goes through with the new hold.
        await user.click(next());
        await user.click(await screen.findByRole('button', CONFIRM));
        await keepBoth(user);
        await screen.findByRole('heading', { level: 2, name: 'Thank you for your booking' });
      },
      JOURNEY_TIMEOUT_MS,
    );

    test(
      'a hold the clinic’s budget refuses (409 holds-full) lets the patient go on unheld, without an error, and book; the hold was asked with the tab’s holder key',
      async () => {
        const user = userEvent.setup();
        const app = await renderApp('/en/reservation', { user: 'patient' });
        const asked: { slotKey: string; holderKey?: string }[] = [];
        app.mock.server.use(
          http.post(`${app.origin}/api/slot-holds`, async ({ request }) => {
            asked.push((await request.json()) as (typeof asked)[number]);
            return HttpResponse.json(
              {
                UserMessage: 'This time cannot be held for you just now. You can still book it.',
                Code: 'holds-full',
              },
              { status: 409 },
            );
          }),
        );
        await chooseUntilSlot(user);
        await screen.findByRole('heading', { level: 2, name: 'Your details' });
        expect(asked).toHaveLength(1);
        expect(asked[0]!.holderKey).toMatch(/^[0-9a-f]{32}$/);
        expect(asked[0]!.holderKey).toBe(sessionStorage.getItem(HOLDER_KEY_STORAGE_KEY));
        expect(screen.queryByText(/^We're holding this time for you/)).toBeNull();
        expect(screen.queryByRole('alert')).toBeNull();
        expect(storedHold()).toBeNull();
        await fillAddress(user);
        await user.click(next());
        await user.click(await screen.findByRole('button', CONFIRM));
        await keepBoth(user);
        await screen.findByRole('heading', { level: 2, name: 'Thank you for your booking' });
      },
      JOURNEY_TIMEOUT_MS,
    );

    test(
      'an ended hold’s “Choose another time” goes back to the times',
      async () => {
        const user = userEvent.setup();
        const app = await renderApp('/en/reservation', {
          user: 'patient',
          mock: { now: earlyToday() },
        });
        await chooseUntilSlot(user);
        await screen.findByText(/^We're holding this time for you/);
        await advanceClock(app.origin, 11 * 60);
        backInView();
        const notice = (await screen.findByRole('alert')).closest<HTMLElement>('[data-variant]')!;
        await user.click(within(notice).getByRole('button', { name: 'Choose another time' }));
        expect(
          await screen.findByRole('heading', { level: 2, name: 'Choose the date and time' }),
        ).toBeInTheDocument();
      },
      JOURNEY_TIMEOUT_MS,
    );
  });

  test(
    'a patient without a health form on file is asked for one on the thank-you page',
    async () => {
      const user = userEvent.setup();
      const app = await renderApp('/en/reservation', { user: 'patient' });
      app.mock.server.use(
        http.get(`${app.origin}/api/anamnesis`, () =>
          HttpResponse.json({ enabled: true, latest: null }),
        ),
      );
      await chooseUntilSlot(user);
      await screen.findByRole('heading', { level: 2, name: 'Your details' });
      await fillAddress(user);
      await user.click(next());
      await user.click(await screen.findByRole('button', CONFIRM));
      await keepBoth(user);
      await screen.findByRole('heading', { level: 2, name: 'Thank you for your booking' });
      const link = await screen.findByRole('link', { name: 'Fill in the health questionnaire' });
      expect(link).toHaveAttribute('href', '/en/anamnesis');
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'the details step shows translated validation messages',
    async () => {
      const user = userEvent.setup();
      await renderApp('/en/reservation', { user: 'patient' });
      await chooseUntilSlot(user);
      const email = await screen.findByRole('textbox', { name: /Email/ });
      await user.clear(email);
      await user.type(email, 'not-an-email');
      const phone = screen.getByRole('textbox', { name: /Phone number/ });
      await user.clear(phone);
      await user.type(phone, '12345');
      const postalCode = screen.getByRole('textbox', { name: /Postal code/ });
      await user.clear(postalCode);
      await user.type(postalCode, '123');
      await user.clear(screen.getByRole('textbox', { name: /Street address/ }));
      await user.click(next());

      // The summary at the top takes the focus and links each problem to its field.
      const summary = await screen.findByRole('alert');
      expect(summary).toHaveTextContent('There is a problem');
      expect(
        screen.getByRole('heading', { name: 'There is a problem' }).closest('[tabindex="-1"]'),
      ).toHaveFocus();
      const links = within(summary).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual([
        expect.stringMatching(/^Email: Enter a valid email address/),
        expect.stringMatching(/^Phone number: Enter a valid Finnish phone number/),
        'Street address: Please fill in this field.',
        expect.stringMatching(/^Postal code: .*postal code of five digits/),
      ]);
      await user.click(links[2]!);
      expect(screen.getByRole('textbox', { name: /Street address/ })).toHaveFocus();
      expect(email).toHaveAccessibleDescription(/Enter a valid email address/);
      expect(phone).toHaveAccessibleDescription(/Enter a valid Finnish phone number/);
      expect(screen.getByRole('textbox', { name: /Postal code/ })).toHaveAccessibleDescription(
        /postal code of five digits/,
      );
      expect(screen.getByRole('textbox', { name: /Street address/ })).toHaveAccessibleDescription(
        /Please fill in this field/,
      );
      expect(window.location.pathname).toBe('/en/reservation/details');
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'a slot taken meanwhile returns to the slot choice with a clear message',
    async () => {
      const user = userEvent.setup();
      const app = await renderApp('/en/reservation', { user: 'patient' });
      await chooseUntilConfirm(user);
      app.mock.server.use(
        http.post(`${app.origin}/api/reservations`, () =>
          HttpResponse.json(
            { UserMessage: 'The time was taken.', Code: 'slot-taken' },
            { status: 409 },
          ),
        ),
      );
      await user.click(await screen.findByRole('button', { name: 'Confirm the booking' }));

      expect(
        await screen.findByRole('heading', { level: 2, name: 'Choose the date and time' }),
      ).toBeInTheDocument();
      expect(
        await screen.findByText(
          'Someone else booked this time just now. Please choose another time.',
        ),
      ).toBeInTheDocument();
      expect(next()).toBeDisabled();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'the same service within 14 days asks first; moving that one to the chosen time says it was moved, and from when',
    async () => {
      const user = userEvent.setup();
      const app = await renderApp('/en/reservation', { user: 'patient' });
      const slotName = await chooseUntilConfirm(user);
      const future = await app.services.api.client.GET('/api/reservations', {
        params: { query: { group: 'future' } },
      });
      const checkUps = (future.data ?? []).filter((r) => r.reason.name === 'Dental check-up');
      expect(checkUps).toHaveLength(1);
      const [existing] = checkUps;
      await user.click(await screen.findByRole('button', CONFIRM));

      const question = (
        await screen.findByText('You already have a time booked for this service')
      ).closest('[role="alert"]') as HTMLElement;
      expect(question).toHaveTextContent(
        /Dental check-up: [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{2}:\d{2}, Helsinki/,
      );
      expect(question).toHaveTextContent('You can keep both, or move that one to this time:');
      // The pressed Book button is gone: the question (message and answers) has the focus; its
      // live region holds the message alone.
      const group = screen.getByRole('group', {
        name: 'You already have a time booked for this service',
      });
      expect(group).toHaveFocus();
      expect(within(question).queryByRole('button')).toBeNull();
      // Nothing was booked by asking.
      const after = await app.services.api.client.GET('/api/reservations', {
        params: { query: { group: 'future' } },
      });
      expect(after.data).toHaveLength(future.data?.length ?? 0);
      // The booking's own button gave way to the two answers; another time is a third.
      expect(screen.queryByRole('button', CONFIRM)).toBeNull();
      expect(screen.getByRole('button', { name: 'Keep both' })).toBeInTheDocument();
      expect(within(group).getByRole('button', { name: 'Choose another time' })).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Move that one to this time' }));

      expect(
        await screen.findByRole('heading', { level: 2, name: 'Thank you for your booking' }),
      ).toBeInTheDocument();
      expect(
        (await screen.findByText('Your appointment has been moved')).closest('[role="status"]'),
      ).not.toBeNull();
      const booked = screen.getByRole('region', { name: 'Your booking' });
      expect(within(booked).getByText('Previous time')).toBeInTheDocument();
      expect(within(booked).getByText(String(existing?.id))).toBeInTheDocument();
      const moved = await app.services.api.client.GET('/api/reservations/{id}', {
        params: { path: { id: existing?.id ?? 0 } },
      });
      expect(slotName).toContain(moved.data?.employee?.name ?? '?');
      expect(moved.data?.startTime).not.toBe(existing?.startTime);
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'the same service within 14 days: choose another time goes back to the times, and keep both books a second',
    async () => {
      const user = userEvent.setup();
      const app = await renderApp('/en/reservation', { user: 'patient' });
      await chooseUntilConfirm(user);
      await user.click(await screen.findByRole('button', CONFIRM));
      await user.click(await screen.findByRole('button', { name: 'Choose another time' }));
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Choose the date and time' }),
      ).toBeInTheDocument();
      const slots = await screen.findByRole('list', { name: /^Available times on/ });
      await user.click(
        within(slots).getAllByRole('button')[1] ?? within(slots).getAllByRole('button')[0]!,
      );
      await user.click(await screen.findByRole('button', { name: 'Next' }));
      const before = await app.services.api.client.GET('/api/reservations', {
        params: { query: { group: 'future' } },
      });
      // Another time is asked about afresh.
      await user.click(await screen.findByRole('button', CONFIRM));
      await keepBoth(user);
      await screen.findByRole('heading', { level: 2, name: 'Thank you for your booking' });
      expect(screen.getByText('Your appointment is booked')).toBeInTheDocument();
      expect(screen.queryByText('Previous time')).toBeNull();
      const after = await app.services.api.client.GET('/api/reservations', {
        params: { query: { group: 'future' } },
      });
      expect(after.data).toHaveLength((before.data?.length ?? 0) + 1);
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'a campaign code the booking refuses says its case on the confirm step and the booking goes on without it',
    async () => {
      const user = userEvent.setup();
      const app = await renderApp('/en/reservation', { user: 'patient' });
      await chooseUntilConfirm(user);
      app.mock.server.use(
        http.post(
          `${app.origin}/api/reservations`,
          () =>
            HttpResponse.json(
              {
                UserMessage: 'The campaign code is not valid.',
                Code: 'invalid-campaign-code',
                Problem: 'not-for-reason',
                Errors: [{ field: 'campaignCode', errorMessage: 'Not for this service.' }],
              },
              { status: 400 },
            ),
          { once: true },
        ),
      );
      await user.click(await screen.findByRole('button', { name: 'Confirm the booking' }));

      // Its case, not a server error, and the way forward.
      const alert = await screen.findByText(
        'This campaign code does not apply to the chosen service. You can book without the code.',
      );
      expect(alert.closest('[role="alert"]')).not.toBeNull();
      expect(screen.queryByText(/because of a server error/)).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Continue without the code' }));
      expect(
        screen.queryByText(
          'This campaign code does not apply to the chosen service. You can book without the code.',
        ),
      ).toBeNull();
      await user.click(screen.getByRole('button', CONFIRM));
      await keepBoth(user);
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Thank you for your booking' }),
      ).toBeInTheDocument();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'the details step offers the login; back signed in, the identity replaces a typed name and says so',
    async () => {
      const user = userEvent.setup();
      await renderApp('/en/reservation');
      await chooseUntilSlot(user);
      expect(
        await screen.findByText('Log in to fill in your details automatically'),
      ).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Testi');
      await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Potilas');
      await user.type(screen.getByRole('textbox', { name: /Email/ }), 'testi@example.fi');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(window.location.pathname).toBe('/en/login'));
      expect(new URLSearchParams(window.location.search).get('returnTo')).toBe(
        '/en/reservation/details',
      );
      const stored = sessionStorage.getItem(BOOKING_STORAGE_KEY);

      await act(async () => {
        await renderApp('/en/reservation/details', {
          user: 'patient',
          sessionStorage: { [BOOKING_STORAGE_KEY]: stored ?? '' },
        });
      });
      const identity = await screen.findByRole('region', { name: 'From your identification' });
      expect(within(identity).getByText('Maija Meikäläinen')).toBeInTheDocument();
      expect(
        await screen.findByText(
          'Your name and personal identity code were replaced with those from your identification.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('testi@example.fi');
      expect(screen.queryByText('Log in to fill in your details automatically')).toBeNull();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'a visitor who is not signed in is asked to log in and keeps the choices',
    async () => {
      const user = userEvent.setup();
      await renderApp('/en/reservation');
      await chooseUntilSlot(user);
      await screen.findByRole('heading', { level: 2, name: 'Your details' });
      await user.type(await screen.findByRole('textbox', { name: /First name/ }), 'Maija');
      await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Meikäläinen');
      await user.type(screen.getByRole('textbox', { name: /Email/ }), 'maija@example.fi');
      await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '040 123 4567');
      await fillAddress(user);
      await user.click(next());
      await user.click(await screen.findByRole('button', { name: 'Confirm the booking' }));

      expect(
        await screen.findByRole('heading', { level: 2, name: 'Log in to finish the booking' }),
      ).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(window.location.pathname).toBe('/en/login'));
      expect(new URLSearchParams(window.location.search).get('returnTo')).toBe(
        '/en/reservation/confirm',
      );
      const stored = sessionStorage.getItem(BOOKING_STORAGE_KEY);
      expect(stored).toContain('maija@example.fi');

      // Back from the login, signed in: the confirmation shows every choice.
      await act(async () => {
        await renderApp('/en/reservation/confirm', {
          user: 'patient',
          sessionStorage: { [BOOKING_STORAGE_KEY]: stored ?? '' },
        });
      });
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Check and confirm' }),
      ).toBeInTheDocument();
      expect(screen.getByText('Dental check-up')).toBeInTheDocument();
      expect(screen.getByText('maija@example.fi, 040 123 4567')).toBeInTheDocument();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'a service-voucher customer with an unknown identifier gets a clear message',
    async () => {
      const user = userEvent.setup();
      await renderApp('/en/reservation', { user: 'patient' });
      await user.click(
        await screen.findByRole('radio', { name: 'Service-voucher customer' }, FIRST_SCREEN),
      );
      await user.click(next());
      const identifier = await screen.findByRole('textbox', { name: /Service voucher number/ });
      expect(identifier).toHaveAccessibleDescription(/Please fill in this field/);
      await user.type(identifier, 'PSV-2026-999999');
      await user.click(next());
      await waitFor(() =>
        expect(identifier).toHaveAccessibleDescription(
          /There is no service voucher with this number\. Check the number on your decision, or book as a private customer\./,
        ),
      );
      // Still the first step, at the booking's own address (the first step's).
      expect(window.location.pathname).toBe('/en/reservation');
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'during a maintenance break the wizard shows the notice instead of the steps',
    async () => {
      const app = await renderApp('/en/reservation', { user: 'patient' });
      await screen.findByRole('radio', { name: 'Private customer' }, FIRST_SCREEN);
      const response = await fetch(`${app.origin}/api/dev/maintenance`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify({ active: true }),
      });
      expect(response.ok).toBe(true);
      await act(() =>
        app.services.queryClient.invalidateQueries({ queryKey: ['get', '/api/config'] }),
      );

      expect(
        await screen.findByRole('heading', { level: 2, name: 'Maintenance break' }),
      ).toBeInTheDocument();
      expect(
        await screen.findByText(/Appointments cannot be booked during the break/),
      ).toBeInTheDocument();
      expect(screen.queryByRole('radio', { name: 'Private customer' })).toBeNull();
    },
    JOURNEY_TIMEOUT_MS,
  );
});

/** The dev server's today for the refused codes: its seed's KESA25 campaign ended on 31.12.2025. */
const CODES_NOW = new Date('2026-03-11T10:00:00+02:00');

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
      expect(next()).toBeDisabled();
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
      expect(privately).not.toBeChecked();
      expect(window.location.pathname).toBe('/en/reservation');
      await user.click(privately);
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

/**
 * On the dev server's day of the code fixtures, a patient chooses a customer type, types a code
 * or identifier into the named field and presses Next; answers the field.
 */
async function giveCode(
  user: UserEvent,
  {
    language = 'en',
    type,
    field,
    value,
    nextLabel = 'Next',
  }: { language?: string; type: string; field: string | RegExp; value: string; nextLabel?: string },
): Promise<HTMLElement> {
  await renderApp(`/${language}/reservation`, { user: 'patient', mock: { now: CODES_NOW } });
  await user.click(await screen.findByRole('radio', { name: type }, FIRST_SCREEN));
  const input = await screen.findByRole('textbox', { name: field });
  await user.type(input, value);
  await user.click(screen.getByRole('button', { name: nextLabel }));
  return input;
}

describe('a refused code or identifier', () => {
  test(
    'an expired campaign code says when the campaign ended, and the booking goes on without it',
    async () => {
      const user = userEvent.setup();
      const code = await giveCode(user, {
        type: 'Private customer',
        field: 'Campaign code',
        value: 'kesa25',
      });
      await waitFor(() =>
        expect(code).toHaveAccessibleDescription(
          /The campaign ended on 31\.12\.2025\. You can book without the code\./,
        ),
      );
      expect(code).toBeInvalid();
      await user.click(screen.getByRole('button', { name: 'Continue without the code' }));
      expect(await screen.findByRole('button', { name: /^Dental check-up/ })).toBeInTheDocument();
      expect(window.location.pathname).toBe('/en/reservation/reason');
      await user.click(await screen.findByRole('button', { name: 'Back' }));
      expect(await screen.findByRole('textbox', { name: 'Campaign code' })).toHaveValue('');
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'in Finnish the expired campaign says when it ended and offers to go on without the code',
    async () => {
      const user = userEvent.setup();
      const code = await giveCode(user, {
        language: 'fi',
        type: 'Yksityisasiakas',
        field: 'Kampanjakoodi',
        value: 'KESA25',
        nextLabel: 'Seuraava',
      });
      await waitFor(() =>
        expect(code).toHaveAccessibleDescription(
          /Kampanja päättyi 31\.12\.2025\. Voit varata ajan ilman koodia\./,
        ),
      );
      expect(screen.getByRole('button', { name: 'Jatka ilman koodia' })).toBeInTheDocument();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'a payment commitment given as a service voucher is switched to a payment commitment and checked again',
    async () => {
      const user = userEvent.setup();
      const identifier = await giveCode(user, {
        type: 'Service-voucher customer',
        field: /Service voucher number/,
        value: 'MS-2026-118734',
      });
      await waitFor(() =>
        expect(identifier).toHaveAccessibleDescription(
          /This is a payment commitment number, not a service voucher number\./,
        ),
      );
      await user.click(screen.getByRole('button', { name: 'Switch to payment commitment' }));
      expect(await screen.findByRole('button', { name: /^Dental check-up/ })).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Back' }));
      expect(
        await screen.findByRole('radio', { name: 'Payment-commitment customer' }),
      ).toBeChecked();
      expect(screen.getByRole('textbox', { name: /Payment commitment number/ })).toHaveValue(
        'MS-2026-118734',
      );
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'an expired service voucher says until when it was valid and offers booking as a private customer',
    async () => {
      const user = userEvent.setup();
      const identifier = await giveCode(user, {
        type: 'Service-voucher customer',
        field: /Service voucher number/,
        value: 'PSV-2026-000815',
      });
      // The seed's expired voucher ended ten days before the dev server's today.
      await waitFor(() =>
        expect(identifier).toHaveAccessibleDescription(
          /The service voucher was valid until 1\.3\.2026\. You can book as a private customer\./,
        ),
      );
      expect(identifier).toBeInvalid();
      expect(screen.queryByRole('button', { name: 'Continue without the code' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Book as a private customer' }));
      expect(await screen.findByRole('button', { name: /^Dental check-up/ })).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Back' }));
      expect(await screen.findByRole('radio', { name: 'Private customer' })).toBeChecked();
      expect(screen.queryByRole('textbox', { name: /voucher number/ })).toBeNull();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'a used-up service voucher has its own message in Swedish',
    async () => {
      const user = userEvent.setup();
      const identifier = await giveCode(user, {
        language: 'sv',
        type: 'Servicesedelkund',
        field: /Servicesedelns nummer/,
        value: 'PSV-2026-007730',
        nextLabel: 'Nästa',
      });
      await waitFor(() =>
        expect(identifier).toHaveAccessibleDescription(
          /Alla besök på servicesedeln har redan använts\. Du kan boka tid som privatkund\./,
        ),
      );
      expect(screen.getByRole('button', { name: 'Boka som privatkund' })).toBeInTheDocument();
    },
    JOURNEY_TIMEOUT_MS,
  );
});

describe('the calendar', () => {
  test(
    'when today has no free times left, the calendar opens on the first day that has them',
    async () => {
      const [year, month, day] = helsinkiToday().split('-').map(Number) as [number, number, number];
      // Late in the evening every clinic has closed: today's times are gone.
      const lateEvening = helsinkiInstant(year, month, day, 23, 30);
      const user = userEvent.setup();
      await renderApp('/en/reservation', { user: 'patient', mock: { now: lateEvening } });
      await chooseUntilSlotStep(user);
      const slots = await screen.findByRole('list', { name: /^Available times on/ }, FIRST_SCREEN);
      expect(within(slots).getAllByRole('button').length).toBeGreaterThan(0);
      expect(screen.queryByText('No available times on the chosen day')).toBeNull();
      const today = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Helsinki',
        day: 'numeric',
        month: 'long',
      }).format(lateEvening);
      expect(slots.getAttribute('aria-label')).not.toContain(` ${today}`);
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'a time less than 24 hours away says so at the slot and on the confirm step, with the clinic’s own number',
    async () => {
      const [year, month, day] = helsinkiToday().split('-').map(Number) as [number, number, number];
      // Late in the evening: the first free time is tomorrow morning, less than 24 hours away.
      const lateEvening = helsinkiInstant(year, month, day, 23, 30);
      const user = userEvent.setup();
      await renderApp('/en/reservation', { user: 'patient', mock: { now: lateEvening } });
      const slotName = await chooseUntilSlot(user);
      expect(slotName).toMatch(/, Changes by phone only$/);
      await screen.findByRole('heading', { level: 2, name: 'Your details' });
      await fillAddress(user);
      await user.click(next());
      await screen.findByRole('heading', { level: 2, name: 'Check and confirm' });
      const policy = await screen.findByText(/less than 24 hours away/);
      expect(policy).toHaveTextContent(
        /^This time is less than 24 hours away: once booked, it cannot be moved or cancelled online\. To change it, please call the clinic: 010 555 \d{4}\.$/,
      );
      // Kamppi's own number, not the chain's switchboard.
      expect(policy).not.toHaveTextContent('010 555 1000');
      expect(screen.queryByText(/free of charge until/)).toBeNull();
    },
    JOURNEY_TIMEOUT_MS,
  );
});

describe('the phone number of the booking', () => {
  async function bookWithPhone(user: UserEvent, phone: string): Promise<void> {
    await chooseUntilSlot(user);
    const field = await screen.findByRole('textbox', { name: /Phone number/ });
    await user.clear(field);
    await user.type(field, phone);
    await fillAddress(user);
    await user.click(next());
    // The confirmation says where the new number goes.
    expect(
      await screen.findByText('The new phone number will also be saved to your profile.'),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', CONFIRM));
    await keepBoth(user);
  }

  test(
    'a changed phone number is saved to the profile with the other fields unchanged',
    async () => {
      const user = userEvent.setup();
      const app = await renderApp('/en/reservation', { user: 'patient' });
      await screen.findByRole('radio', { name: 'Private customer' }, FIRST_SCREEN);
      const me = app.services.session.user;
      if (me === null) throw new Error('Not signed in');
      let saved: unknown = null;
      app.mock.server.use(
        http.put(`${app.origin}/api/patients/:id/profile`, async ({ request }) => {
          saved = await request.clone().json();
          // Falls through to the dev server's handler.
          return undefined;
        }),
      );
      await bookWithPhone(user, '040 765 4321');

      expect(
        await screen.findByRole('heading', { level: 2, name: 'Thank you for your booking' }),
      ).toBeInTheDocument();
      await waitFor(() => expect(saved).not.toBeNull());
      expect(saved).toEqual({
        email: me.Person.EmailAddress,
        phone: '040 765 4321',
        smsMarketingEnabled: me.SmsMarketingEnabled,
        emailMarketingEnabled: me.EmailMarketingEnabled,
        privacyPolicyAccepted: me.PrivacyPolicyAccepted,
        termsAccepted: me.TermsAccepted,
        branchId: me.OwnBranchId,
        employeeId: me.OwnEmployeeId,
        orthodontics: me.AreasOfInterests.includes('orthodontics'),
        membraneOrthodontics: me.AreasOfInterests.includes('membraneOrthodontics'),
        implantCare: me.AreasOfInterests.includes('implantCare'),
        dentalHygienistServices: me.AreasOfInterests.includes('dentalHygienistServices'),
        estheticDentalCare: me.AreasOfInterests.includes('estheticDentalCare'),
        dentalWhitening: me.AreasOfInterests.includes('dentalWhitening'),
        genericDentalHealth: me.AreasOfInterests.includes('genericDentalHealth'),
      });
      await waitFor(() =>
        expect(app.services.session.user?.Person.PhoneNumber).toBe('040 765 4321'),
      );
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'a failed phone update shows a message and the booking still succeeds',
    async () => {
      const user = userEvent.setup();
      const app = await renderApp('/en/reservation', { user: 'patient' });
      app.mock.server.use(
        http.put(`${app.origin}/api/patients/:id/profile`, () =>
          HttpResponse.json({ UserMessage: 'Server error' }, { status: 500 }),
        ),
      );
      await bookWithPhone(user, '040 765 4321');

      expect(
        await screen.findByRole('heading', { level: 2, name: 'Thank you for your booking' }),
      ).toBeInTheDocument();
      expect(await screen.findByText('Failed to update the phone number')).toBeInTheDocument();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'an unchanged phone number does not touch the profile',
    async () => {
      const user = userEvent.setup();
      const app = await renderApp('/en/reservation', { user: 'patient' });
      let calls = 0;
      app.mock.server.use(
        http.put(`${app.origin}/api/patients/:id/profile`, () => {
          calls += 1;
          return undefined;
        }),
      );
      await chooseUntilConfirm(user);
      await user.click(await screen.findByRole('button', CONFIRM));
      await keepBoth(user);
      expect(
        screen.queryByText('The new phone number will also be saved to your profile.'),
      ).toBeNull();
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Thank you for your booking' }),
      ).toBeInTheDocument();
      expect(calls).toBe(0);
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
      const picker = screen.getByRole('combobox', { name: /Clinic/ });
      const theirs = within(picker).getByRole('group', {
        name: 'Clinics where Iida Salonen works',
      });
      // Each clinic says when it is first free (here: Iida Salonen's first free time there).
      expect(
        within(theirs)
          .getAllByRole('option')
          .map((option) => option.textContent?.replace(/ \(first available time .*\)$/, '')),
      ).toEqual(['Tampere Keskusta, Tampere', 'Pori Keskusta, Pori']);
      await waitFor(() =>
        expect(within(theirs).getAllByRole('option')[0]).toHaveTextContent(
          /^Tampere Keskusta, Tampere \(first available time (Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2}\.\d{1,2}\.2026 \d\d:\d\d\)$/,
        ),
      );
      expect(within(picker).getAllByRole('option')[1]).toHaveTextContent('Tampere Keskusta');
      await user.selectOptions(picker, within(theirs).getByRole('option', { name: /^Pori/ }));
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
    '“First available time – Helsinki” takes the patient in one tap to that time, across the city’s clinics, anyone',
    async () => {
      const user = userEvent.setup();
      await renderApp('/en/reservation', { user: 'patient' });
      await chooseUntilLocation(user);
      const location = await screen.findByRole('combobox', { name: /Clinic/ });
      await user.selectOptions(location, screen.getByRole('option', { name: /^Helsinki Kamppi/ }));
      const shortcut = await screen.findByRole('button', {
        name: /^First available time – Helsinki: /,
      });
      expect(shortcut).toHaveAccessibleDescription(
        'all clinics, any available practitioner. Takes you straight to the times.',
      );
      // "Fri 27.11.2026 08:00": the city's earliest is no later than the chosen clinic's.
      const [, day, month, year, time] =
        /(\d{1,2})\.(\d{1,2})\.(\d{4}) (\d\d:\d\d)/.exec(shortcut.textContent ?? '') ?? [];
      const kamppi = screen.getByRole('option', { name: /^Helsinki Kamppi/ }).textContent ?? '';
      const [, kDay, kMonth, kYear, kTime] =
        /(\d{1,2})\.(\d{1,2})\.(\d{4}) (\d\d:\d\d)\)$/.exec(kamppi) ?? [];
      const key = (...parts: (string | undefined)[]) =>
        `${parts[2]}-${parts[1]?.padStart(2, '0')}-${parts[0]?.padStart(2, '0')} ${parts[3]}`;
      expect(key(day, month, year, time) <= key(kDay, kMonth, kYear, kTime)).toBe(true);

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
      const location = await screen.findByRole('combobox', { name: /Clinic/ });
      await user.selectOptions(location, screen.getByRole('option', { name: /^Helsinki Kamppi/ }));
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
});
