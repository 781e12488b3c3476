import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';
import {
  FIRST_SCREEN,
  JOURNEY_TIMEOUT_MS,
  chooseUntilSlotStep,
  fillAddress,
  next,
} from '../testing/wizard-steps.ts';

afterEach(stopApp);

/** Handling their own matters: the person choice after the login answered so. */
async function asThemself(user: UserEvent) {
  const choice = await screen.findByRole(
    'dialog',
    { name: 'Whose matters are you handling?' },
    FIRST_SCREEN,
  );
  await user.click(within(choice).getByRole('button', { name: /Pekka Perhe/ }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

/** On the times step, forward to the first day the family's times show. */
async function familyTimes(): Promise<HTMLElement> {
  const user = userEvent.setup();
  for (let day = 0; day < 10; day += 1) {
    await waitFor(() => {
      expect(screen.queryByRole('status', { name: 'Loading the step…' })).toBeNull();
      expect(screen.queryByRole('status', { name: /Loading the times/ })).toBeNull();
    });
    const list = screen.queryByRole('list', { name: "The family's times" });
    if (list) return list;
    await user.click(screen.getByRole('button', { name: 'Next day with free times' }));
  }
  throw new Error('No family times in ten days');
}

/** A guardian's family booking of Aino and Eetu, back to back, on to the confirm step. */
async function untilFamilyConfirm(user: UserEvent) {
  await asThemself(user);
  const family = await screen.findByRole(
    'group',
    { name: 'Who are you booking for?' },
    FIRST_SCREEN,
  );
  const box = (name: RegExp) => within(family).getByRole('checkbox', { name });
  expect(box(/Pekka Perhe \(you\)/)).toBeChecked();
  await user.click(box(/Aino Perhe, 7 years/));
  await user.click(box(/Eetu Perhe, 15 years/));
  await user.click(box(/Pekka Perhe/));
  expect(within(family).getByRole('status')).toHaveTextContent('You are booking for 2 people.');
  await chooseUntilSlotStep(user);
  const list = await familyTimes();
  const backToBack = within(list)
    .getAllByRole('button')
    .find((button) => button.getAttribute('aria-label')?.includes('Back to back'));
  expect(backToBack).toBeDefined();
  // "9:00–10:00, Back to back: …: Aino 9:00, Eetu 9:30"
  expect(backToBack?.getAttribute('aria-label')).toMatch(/: Aino \d+:\d\d, Eetu \d+:\d\d$/);
  await user.click(backToBack as HTMLElement);

  const members = await screen.findByRole('region', { name: 'Who the times are for' });
  expect(within(members).getByText('Aino Perhe')).toBeInTheDocument();
  expect(within(members).getByText('Eetu Perhe')).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: /First name/ })).toBeNull();
  await fillAddress(user);
  await user.click(next());
  await screen.findByRole('heading', { level: 2, name: 'Check and confirm' });
  await screen.findByText('Aino Perhe', { selector: 'dt' });
}

describe('a family booking (issue 55)', () => {
  test(
    'a guardian books a check-up for two children back to back in one go',
    async () => {
      const user = userEvent.setup();
      await renderApp('/en/reservation', { user: 'guardian' });
      await untilFamilyConfirm(user);
      const terms = () => [...document.querySelectorAll('dt')].map((term) => term.textContent);
      expect(terms()).toEqual(expect.arrayContaining(['Aino Perhe', 'Eetu Perhe']));
      expect(screen.getByText(/per person$/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: "Confirm the family's bookings" }));

      expect(
        await screen.findByText("Your family's times are booked", {}, FIRST_SCREEN),
      ).toBeInTheDocument();
      expect(terms()).toEqual(expect.arrayContaining(['Aino Perhe', 'Eetu Perhe']));
      expect(screen.getByRole('heading', { name: "Your family's bookings" })).toBeInTheDocument();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    "a time taken meanwhile says whose it was and goes back to the family's times; nothing is booked",
    async () => {
      const user = userEvent.setup();
      const app = await renderApp('/en/reservation', { user: 'guardian' });
      await untilFamilyConfirm(user);
      app.mock.server.use(
        http.post(`${app.origin}/api/family-bookings`, () =>
          HttpResponse.json(
            { UserMessage: 'The time was taken.', Code: 'slot-taken', ProblemIndex: 1 },
            { status: 409 },
          ),
        ),
      );
      await user.click(screen.getByRole('button', { name: "Confirm the family's bookings" }));

      expect(
        await screen.findByRole('heading', { level: 2, name: 'Choose the date and time' }),
      ).toBeInTheDocument();
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('The times are no longer free');
      expect(alert).toHaveTextContent(
        "Someone else just booked the time chosen for Eetu. Nothing was booked: choose the family's times again.",
      );
      // The one-by-one notice of a single booking is not said as well.
      expect(screen.queryByText(/booked this time just now/)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'a patient who books only for themself is not asked whom for',
    async () => {
      await renderApp('/en/reservation', { user: 'patient' });
      await screen.findByRole('radio', { name: 'Private customer' }, FIRST_SCREEN);
      expect(screen.queryByRole('group', { name: 'Who are you booking for?' })).toBeNull();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
