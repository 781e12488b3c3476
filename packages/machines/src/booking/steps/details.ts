import { CONTACT_CHOICE_WAYS, HOLD_ENDED_WAYS, bookingSetup } from '../setup.ts';
/**
 * The customer details step: validated before the confirm step.
 */
export const detailsStep = bookingSetup.createStateConfig({
  entry: 'prefillDetails',
  on: {
    // The strong login offered on the details step: the identity fills them.
    'auth.login': { actions: { type: 'goToLogin', params: { step: 'details' } } },
    'auth.loggedIn': {
      actions: [
        { type: 'signIn', params: ({ event }) => ({ profile: event.profile }) },
        'prefillDetails',
      ],
    },
    'details.change': {
      actions: { type: 'setDetails', params: ({ event }) => ({ details: event.details }) },
    },
    'details.previousAddress': {
      actions: {
        type: 'setPreviousAddress',
        params: ({ event }) => ({ address: event.address }),
      },
    },
    'wizard.next': [
      { guard: 'areDetailsValid', target: 'confirm', actions: 'clearErrors' },
      { actions: 'showDetailsErrors' },
    ],
    'wizard.back': { target: 'slot', actions: 'clearErrors' },
    ...CONTACT_CHOICE_WAYS,
    ...HOLD_ENDED_WAYS,
  },
});
