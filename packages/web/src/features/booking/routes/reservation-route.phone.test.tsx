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
