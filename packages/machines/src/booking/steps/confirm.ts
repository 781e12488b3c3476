import { type Schemas } from '@portal/sdk';
import { and } from 'xstate';
import { familyBookingRequest, holdIdOf, reservationCreateRequest } from '../booking-choices.ts';
import type { Slot } from '../types.ts';
import {
  CONTACT_CHOICE_WAYS,
  STOPPED_BOOKING_CALL,
  HOLD_ENDED_WAYS,
  bookingSetup,
  errorOf,
} from '../setup.ts';
/**
 * A campaign code the booking refused (not for this service, or used up meanwhile): its case,
 * said on the confirm step with its way forward. For one person's booking and a family's alike.
 */
const REFUSED_CAMPAIGN_CODE = {
  guard: { type: 'isInvalidCampaignCode', params: errorOf },
  target: 'reviewing',
  actions: {
    type: 'setCodeProblem',
    params: ({ event }: { event: { error?: unknown } }) => ({
      field: 'campaignCode' as const,
      error: event.error,
    }),
  },
} as const;

/**
 * The confirm step: the booking, the duplicate question (keep both, move that one, or
 * another time) and the move instead of a booking.
 */
export const confirmStep = bookingSetup.createStateConfig({
  initial: 'reviewing',
  states: {
    reviewing: {
      on: {
        'wizard.submit': [
          // The hold ended (it expired, or the time was taken meanwhile): the ended hold's notice
          // is the way on, holding the same time again in one tap or another (issue 54: the
          // confirm button stayed live for a time already taken).
          { guard: 'isHoldEnded', target: 'reviewing' },
          {
            guard: and(['isSignedIn', 'isFamily']),
            target: 'bookingFamily',
            actions: 'clearErrors',
          },
          { guard: 'isSignedIn', target: 'submitting', actions: 'clearErrors' },
          { target: '#booking.wizard.loginRequired', actions: 'clearErrors' },
        ],
        'wizard.back': { target: '#booking.wizard.details', actions: 'clearErrors' },
        // The way forward from a code refused at booking (the confirm step says its case).
        'campaignCode.skip': {
          guard: { type: 'hasCodeProblem', params: { field: 'campaignCode' } },
          actions: [{ type: 'setCampaignCode', params: { code: '' } }, 'clearErrors'],
        },
        'slot.chooseEarlier': {
          guard: {
            type: 'hasCodeProblem',
            params: { field: 'voucherIdentifier', problem: 'ends-before-visit' },
          },
          target: '#booking.wizard.slot',
          actions: ['clearSlot', 'clearErrors'],
        },
        ...CONTACT_CHOICE_WAYS,
        ...HOLD_ENDED_WAYS,
      },
    },
    submitting: {
      invoke: {
        id: 'createReservation',
        src: 'createReservation',
        input: ({ context }) =>
          reservationCreateRequest(context, context.campaign?.code ?? null, context.allowDuplicate),
        onDone: [
          {
            guard: 'isBookedPhoneNew',
            target: '#booking.savingPhone',
            actions: {
              type: 'setReservation',
              params: ({ event }) => ({ reservation: event.output }),
            },
          },
          {
            target: '#booking.thankYou',
            actions: {
              type: 'setReservation',
              params: ({ event }) => ({ reservation: event.output }),
            },
          },
        ],
        onError: [
          ...STOPPED_BOOKING_CALL,
          {
            guard: { type: 'isDuplicate', params: ({ event }) => ({ error: event.error }) },
            target: 'duplicate',
            actions: {
              type: 'setDuplicate',
              params: ({ event }) => ({ error: event.error }),
            },
          },
          // A code refused now (the visit after the voucher's last day, a campaign code not
          // for this service, or one used up meanwhile): its case, said on the confirm step.
          REFUSED_CAMPAIGN_CODE,
          {
            guard: {
              type: 'isRefusedVoucher',
              params: ({ event }) => ({ error: event.error }),
            },
            target: 'reviewing',
            actions: {
              type: 'setCodeProblem',
              params: ({ event }) => ({ field: 'voucherIdentifier', error: event.error }),
            },
          },
          {
            target: 'reviewing',
            actions: { type: 'setError', params: { key: 'reservation.saveFailed' } },
          },
        ],
      },
    },
    /**
     * A family's times booked all or none (issue 55). A refusal about one person's time or visit
     * says whose (`familyProblem`) where it leads; nothing was booked.
     */
    bookingFamily: {
      invoke: {
        id: 'createFamilyBooking',
        src: 'createFamilyBooking',
        input: ({ context }) => familyBookingRequest(context, context.campaign?.code ?? null),
        onDone: {
          target: '#booking.thankYou',
          actions: {
            type: 'setFamilyBooking',
            params: ({ event }) => ({ booking: event.output }),
          },
        },
        onError: [
          ...STOPPED_BOOKING_CALL.map((way) => ({
            ...way,
            actions: [
              ...(Array.isArray(way.actions) ? way.actions : [way.actions]),
              { type: 'setFamilyProblem' as const, params: errorOf },
            ],
          })),
          REFUSED_CAMPAIGN_CODE,
          {
            target: 'reviewing',
            actions: { type: 'setError', params: { key: 'reservation.saveFailed' } },
          },
        ],
      },
    },
    /**
     * The patient already has this service within 14 days: keep both, move that one to
     * this time, or choose another time (Back still goes to the details).
     */
    duplicate: {
      on: {
        'duplicate.keepBoth': {
          target: 'submitting',
          actions: ['keepBoth', 'clearErrors'],
        },
        'duplicate.move': {
          guard: 'canMoveDuplicate',
          target: 'moving',
          actions: 'clearErrors',
        },
        'duplicate.chooseAnotherTime': {
          target: '#booking.wizard.slot',
          actions: ['clearSlot', 'clearErrors'],
        },
        'wizard.back': { target: '#booking.wizard.details', actions: 'clearErrors' },
        ...HOLD_ENDED_WAYS,
        // Another time held after the hold ended: the question was about the time before.
        'hold.renewed': {
          guard: 'isRenewal',
          target: 'reviewing',
          actions: {
            type: 'renewHold',
            params: ({ event }) => ({ slot: event.slot, hold: event.hold }),
          },
        },
      },
    },
    /** Moving the other reservation to the chosen time instead of booking a second. */
    moving: {
      invoke: {
        id: 'moveReservation',
        src: 'moveReservation',
        input: ({ context }) => ({
          id: (context.duplicate as Schemas['Reservation']).id,
          slotKey: (context.slot as Slot).key,
          ...holdIdOf(context),
        }),
        onDone: {
          target: '#booking.thankYou',
          actions: {
            type: 'setMoved',
            params: ({ event }) => ({ reservation: event.output }),
          },
        },
        onError: [
          ...STOPPED_BOOKING_CALL,
          // Not moved (the other reservation changed meanwhile, or a failure): the
          // question stays, with the other ways.
          {
            target: 'duplicate',
            actions: { type: 'setError', params: { key: 'reservation.moveFailed' } },
          },
        ],
      },
    },
  },
});
