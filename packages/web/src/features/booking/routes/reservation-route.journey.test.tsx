import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';
import { BOOKING_STORAGE_KEY } from '../api/wizard-storage.ts';
import {
  CONFIRM,
  FIRST_SCREEN,
  JOURNEY_TIMEOUT_MS,
  chooseUntilLocation,
  clinicField,
  chooseUntilSlot,
  fillAddress,
  keepBoth,
  next,
} from '../testing/wizard-steps.ts';

afterEach(stopApp);

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
      // Issue 54: the practitioner with their profession, as the times name them.
      const professional = /^[^,]+, (dentist|dental hygienist|specialist dentist)$/;
      const practitioner = screen
        .getAllByText('Practitioner')
        .find((element) => element.tagName === 'DT');
      expect(practitioner?.nextElementSibling?.textContent ?? '').toMatch(professional);
      await user.click(await screen.findByRole('button', CONFIRM));
      await keepBoth(user);

      expect(
        await screen.findByRole('heading', { level: 2, name: 'Thank you for your booking' }),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/en/reservation/thank-you');
      expect(sessionStorage.getItem(BOOKING_STORAGE_KEY)).toBeNull();
      // The notice says it is done, once; what was booked is in the summary alone.
      const done = (
        await screen.findByText(/A confirmation has been sent to your email\./)
      ).closest('[role="status"]') as HTMLElement;
      // One sentence under the step's heading, no third heading (issue 54).
      expect(done).toHaveTextContent(/^Success:\s*Your appointment is booked\. A confirmation/);
      expect(within(done).queryByRole('heading')).toBeNull();
      expect(done).not.toHaveTextContent('Dental check-up');
      // What was booked stays on the page, with the way to the calendar and the map.
      const booked = await screen.findByRole('region', { name: 'Your booking' });
      for (const term of ['Service', 'Practitioner', 'Clinic', 'Time', 'Price'])
        expect(within(booked).getByText(term)).toBeInTheDocument();
      // No bare database id as a "booking reference" (issue 54).
      expect(within(booked).queryByText('Booking reference')).toBeNull();
      expect(within(booked).getByText(/Helsinki Kamppi, .+, \d{5} Helsinki/)).toBeInTheDocument();
      expect(
        within(booked).getByText('Practitioner').nextElementSibling?.textContent ?? '',
      ).toMatch(professional);
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
      const picker = await clinicField();
      await waitFor(() => expect(picker).not.toHaveTextContent('Select from the list'));
      expect(picker).toHaveTextContent(/^Helsinki \S+$/);
      expect(next()).toBeEnabled();
      await user.click(next());
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Choose a practitioner (optional)' }),
      ).toBeInTheDocument();

      await renderApp('/en/reservation');
      await chooseUntilLocation(user);
      expect(await clinicField()).toHaveTextContent('Select from the list');
      expect(next()).toBeDisabled();
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
    'a visitor’s identity code is checked at its field as the server checks it (issue 54)',
    async () => {
      const user = userEvent.setup();
      await renderApp('/en/reservation');
      await chooseUntilSlot(user);
      const ssn = await screen.findByRole('textbox', { name: /Personal identity code/ });
      await user.type(ssn, '010101-123X');
      await user.click(next());
      expect(ssn).toHaveAccessibleDescription(
        /^Error: Check the personal identity code: .*131052-308T/,
      );
      const summary = await screen.findByRole('alert');
      expect(
        within(summary).getByRole('link', { name: /^Personal identity code: Check/ }),
      ).toBeVisible();
      await user.clear(ssn);
      await user.type(ssn, '131052-308T');
      expect(ssn).not.toHaveAccessibleDescription(/Check the personal identity code/);
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
