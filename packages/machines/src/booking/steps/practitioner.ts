import { bookingSetup } from '../setup.ts';
/**
 * The optional practitioner step.
 */
export const practitionerStep = bookingSetup.createStateConfig({
  // Only when the step opens: a later deselection stays.
  entry: 'choosePreferredEmployee',
  on: {
    'employee.select': {
      actions: {
        type: 'setEmployee',
        params: ({ event }) => ({ employee: event.employee }),
      },
    },
    'wizard.next': { target: 'slot', actions: 'clearErrors' },
    'wizard.skip': {
      target: 'slot',
      actions: [{ type: 'setEmployee', params: { employee: null } }, 'clearErrors'],
    },
    'wizard.back': { target: 'branch', actions: 'clearErrors' },
  },
});
