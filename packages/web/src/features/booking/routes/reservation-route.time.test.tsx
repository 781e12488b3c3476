import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';
import { helsinkiInstant, helsinkiToday } from '../../../shared/time.ts';
import { BOOKING_STORAGE_KEY, HOLDER_KEY_STORAGE_KEY } from '../api/wizard-storage.ts';
import {
  CONFIRM,
  FIRST_SCREEN,
  JOURNEY_TIMEOUT_MS,
  chooseUntilSlot,
  chooseUntilSlotStep,
  fillAddress,
  keepBoth,
  next,
} from '../testing/wizard-steps.ts';

afterEach(stopApp);

describe('booking wizard', () => {
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

    /** Maija's booking, laid early in the day so that the day's times are still ahead. */
    const renderEarly = () =>
      renderApp('/en/reservation', { user: 'patient', mock: { now: earlyToday() } });

    /** The hold's 10 minutes pass on the server and the page looks again: its alert. */
    async function endTheHold(origin: string): Promise<HTMLElement> {
      await advanceClock(origin, 11 * 60);
      backInView();
      return screen.findByRole('alert');
    }

    test(
      'choosing a time holds it: the details say for how long, others no longer see it, and leaving lets it go',
      async () => {
        const user = userEvent.setup();
        const app = await renderEarly();
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
        const app = await renderEarly();
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
        const app = await renderEarly();
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
      'on the confirm step an ended hold takes the confirm button until the time is held again (issue 54)',
      async () => {
        const user = userEvent.setup();
        const app = await renderEarly();
        await chooseUntilSlot(user);
        await fillAddress(user);
        await user.click(next());
        const confirm = await screen.findByRole('button', CONFIRM);
        expect(confirm).toBeEnabled();
        const alert = await endTheHold(app.origin);
        expect(alert).toHaveTextContent('This time is no longer held for you');
        // The time may have been taken meanwhile: nothing is booked before it is held again.
        await waitFor(() => expect(screen.getByRole('button', CONFIRM)).toBeDisabled());
        const notice = alert.closest<HTMLElement>('[data-variant]')!;
        await user.click(
          await within(notice).findByRole('button', { name: /^Keep the same time/ }),
        );
        await waitFor(() => expect(screen.getByRole('button', CONFIRM)).toBeEnabled());
        await user.click(screen.getByRole('button', CONFIRM));
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
        const app = await renderEarly();
        await chooseUntilSlot(user);
        await screen.findByText(/^We're holding this time for you/);
        const notice = (await endTheHold(app.origin)).closest<HTMLElement>('[data-variant]')!;
        await user.click(within(notice).getByRole('button', { name: 'Choose another time' }));
        expect(
          await screen.findByRole('heading', { level: 2, name: 'Choose the date and time' }),
        ).toBeInTheDocument();
      },
      JOURNEY_TIMEOUT_MS,
    );
  });
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
      // Late on a Wednesday evening: the first free time is Thursday morning, less than 24 hours
      // away. A day of its own, not today: on a Saturday the first is Monday's, 32 hours away.
      const lateEvening = helsinkiInstant(2026, 3, 11, 23, 30);
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
      // A warning, before the summary (issue 54: in view on a phone before the patient confirms).
      const notice = policy.closest('[data-variant]');
      expect(notice).toHaveAttribute('data-variant', 'warning');
      const summary = screen.getByText('Dental check-up').closest('dl');
      expect(
        notice!.compareDocumentPosition(summary!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
