import { HOLD_ENDED_WAYS, bookingSetup } from '../setup.ts';
/**
 * The login-required step: a signed-out patient logs in, and comes back to confirm.
 */
export const loginRequiredStep = bookingSetup.createStateConfig({
  on: {
    'auth.login': { actions: { type: 'goToLogin', params: { step: 'confirm' } } },
    'auth.loggedIn': {
      target: 'confirm',
      actions: {
        type: 'signIn',
        params: ({ event }) => ({ profile: event.profile }),
      },
    },
    'wizard.back': { target: 'confirm' },
    ...HOLD_ENDED_WAYS,
  },
});
