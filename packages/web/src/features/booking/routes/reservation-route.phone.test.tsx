import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';
import {
  CONFIRM,
  FIRST_SCREEN,
  JOURNEY_TIMEOUT_MS,
  chooseUntilConfirm,
  chooseUntilSlot,
  fillAddress,
  keepBoth,
  next,
} from '../testing/wizard-steps.ts';

afterEach(stopApp);

describe('the phone number of the booking', () => {
  /** Books with another phone than the profile's; `save` ticks "also save it to my profile". */
  async function bookWithPhone(user: UserEvent, phone: string, save = true): Promise<void> {
    await chooseUntilSlot(user);
    const field = await screen.findByRole('textbox', { name: /Phone number/ });
    await user.clear(field);
    await user.type(field, phone);
    await fillAddress(user);
    await user.click(next());
    // The confirmation offers the profile too, unticked: a booking never changes it unasked.
    const choice = await screen.findByRole('checkbox', {
      name: `Also save ${phone} to my profile`,
    });
    expect(choice).not.toBeChecked();
    if (save) await user.click(choice);
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
    'a changed phone number left unticked is booked and leaves the profile as it was',
    async () => {
      const user = userEvent.setup();
      const app = await renderApp('/en/reservation', { user: 'patient' });
      await screen.findByRole('radio', { name: 'Private customer' }, FIRST_SCREEN);
      const before = app.services.session.user?.Person.PhoneNumber;
      expect(before).toBeTruthy();
      let calls = 0;
      app.mock.server.use(
        http.put(`${app.origin}/api/patients/:id/profile`, () => {
          calls += 1;
          return undefined;
        }),
      );
      await bookWithPhone(user, '040 765 4321', false);
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Thank you for your booking' }),
      ).toBeInTheDocument();
      expect(calls).toBe(0);
      expect(app.services.session.user?.Person.PhoneNumber).toBe(before);
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
      expect(screen.queryByRole('checkbox', { name: /to my profile/ })).toBeNull();
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Thank you for your booking' }),
      ).toBeInTheDocument();
      expect(calls).toBe(0);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
