import { bookingSetup } from '../setup.ts';
/**
 * The service (reason) step.
 */
export const reasonStep = bookingSetup.createStateConfig({
  on: {
    'reason.select': [
      {
        guard: {
          type: 'isReasonNotForFamily',
          params: ({ event }) => ({ reason: event.reason }),
        },
        actions: {
          type: 'setFieldError',
          params: { field: 'reason', key: 'reservation.reasonNotForFamily' },
        },
      },
      {
        guard: {
          type: 'isReasonCoveredByVoucher',
          params: ({ event }) => ({ reason: event.reason }),
        },
        actions: { type: 'setReason', params: ({ event }) => ({ reason: event.reason }) },
      },
      {
        actions: {
          type: 'setFieldError',
          params: { field: 'reason', key: 'reservation.reasonNotCovered' },
        },
      },
    ],
    // One tap on a service chooses it and goes on (the list says so, WCAG 3.2.2).
    'reason.choose': [
      {
        guard: {
          type: 'isReasonNotForFamily',
          params: ({ event }) => ({ reason: event.reason }),
        },
        actions: {
          type: 'setFieldError',
          params: { field: 'reason', key: 'reservation.reasonNotForFamily' },
        },
      },
      {
        guard: {
          type: 'isReasonCoveredByVoucher',
          params: ({ event }) => ({ reason: event.reason }),
        },
        target: 'branch',
        actions: [
          { type: 'setReason', params: ({ event }) => ({ reason: event.reason }) },
          'clearErrors',
        ],
      },
      {
        actions: {
          type: 'setFieldError',
          params: { field: 'reason', key: 'reservation.reasonNotCovered' },
        },
      },
    ],
    'wizard.next': { guard: 'hasReason', target: 'branch', actions: 'clearErrors' },
    'wizard.back': { target: 'customerType', actions: 'clearErrors' },
  },
});
