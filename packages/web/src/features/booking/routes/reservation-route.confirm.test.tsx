import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';
import {
  CONFIRM,
  JOURNEY_TIMEOUT_MS,
  chooseUntilConfirm,
  keepBoth,
} from '../testing/wizard-steps.ts';

afterEach(stopApp);

describe('booking wizard', () => {
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
      // The taken time is no longer chosen: no Next until another is tapped.
      expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
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
      expect(within(booked).getByText('Moved from')).toBeInTheDocument();
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
      // Another time than the one chosen, of those she can choose (her own times are disabled).
      const choosable = within(slots)
        .getAllByRole('button')
        .filter((button) => !button.hasAttribute('disabled'));
      await user.click(choosable[1] ?? choosable[0]!);
      await user.click(await screen.findByRole('button', { name: 'Next' }));
      const before = await app.services.api.client.GET('/api/reservations', {
        params: { query: { group: 'future' } },
      });
      // Another time is asked about afresh.
      await user.click(await screen.findByRole('button', CONFIRM));
      await keepBoth(user);
      await screen.findByRole('heading', { level: 2, name: 'Thank you for your booking' });
      expect(screen.getByText('Your appointment is booked')).toBeInTheDocument();
      expect(screen.queryByText('Moved from')).toBeNull();
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
});
