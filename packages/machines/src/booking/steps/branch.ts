import { bookingSetup } from '../setup.ts';
/**
 * The location step: a clinic, a city's clinics or the closest one (the device position),
 * and the optional practitioner chosen first.
 */
export const branchStep = bookingSetup.createStateConfig({
  initial: 'choosing',
  on: {
    'wizard.back': { target: 'reason', actions: 'clearErrors' },
    'practitioner.prefer': {
      actions: {
        type: 'setPreferredEmployee',
        params: ({ event }) => ({ employee: event.employee }),
      },
    },
  },
  states: {
    choosing: {
      on: {
        'branch.select': {
          guard: {
            type: 'isSelectionNonEmpty',
            params: ({ event }) => ({ selection: event.selection }),
          },
          actions: {
            type: 'setBranch',
            params: ({ event }) => ({ selection: event.selection }),
          },
        },
        'branch.firstAvailable': {
          guard: {
            type: 'isSelectionNonEmpty',
            params: ({ event }) => ({ selection: event.selection }),
          },
          target: '#booking.wizard.slot',
          actions: [
            {
              type: 'chooseFirstAvailable',
              params: ({ event }) => ({ selection: event.selection, date: event.date }),
            },
            'clearErrors',
          ],
        },
        'branch.locate': {
          target: 'locating',
          actions: {
            type: 'setLocateCandidates',
            params: ({ event }) => ({ branches: event.branches }),
          },
        },
        'wizard.next': {
          guard: 'hasBranch',
          target: '#booking.wizard.practitioner',
          actions: 'clearErrors',
        },
      },
    },
    locating: {
      invoke: {
        id: 'getPosition',
        src: 'getPosition',
        onDone: {
          target: 'choosing',
          actions: [
            {
              type: 'selectClosestBranch',
              params: ({ event }) => ({ position: event.output }),
            },
            'clearLocateCandidates',
          ],
        },
        onError: {
          target: 'choosing',
          actions: [
            {
              type: 'logError',
              params: ({ event }) => ({
                message: 'Locating the closest branch failed',
                error: event.error,
              }),
            },
            'clearLocateCandidates',
          ],
        },
      },
    },
  },
});
