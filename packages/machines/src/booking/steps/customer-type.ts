import { maintenanceStartsAt } from '../../shared/api-errors.ts';
import type { ChosenCustomerType } from '../booking-choices.ts';
import {
  campaignCodeCheckRequest,
  defaultCustomerType,
  voucherCheckRequest,
} from '../booking-choices.ts';
import { wayForwardType, bookingSetup } from '../setup.ts';
/**
 * The customer type step: private, service voucher or payment commitment, with the voucher's
 * identifier or a campaign code checked before going on (their refusals keep their case and
 * offer a way forward).
 */
export const customerTypeStep = bookingSetup.createStateConfig({
  initial: 'editing',
  states: {
    editing: {
      on: {
        'customerType.offer': [
          {
            guard: {
              type: 'offersRequestedType',
              params: ({ event }) => ({ offered: event.customerTypes }),
            },
            actions: [
              {
                type: 'setOfferedCustomerTypes',
                params: ({ event }) => ({ customerTypes: event.customerTypes }),
              },
              {
                type: 'setCustomerType',
                params: ({ context, event }) => ({
                  customerType: event.customerTypes.find(
                    (type) => type.id === context.requestedCustomerType,
                  ) as ChosenCustomerType,
                }),
              },
              'forgetRequestedCustomerType',
            ],
          },
          {
            // Nothing chosen yet (nor asked for by the link): the private customer, who needs no
            // number, comes chosen (issue 54), so that Next goes on in one tap.
            guard: {
              type: 'offersDefaultType',
              params: ({ event }) => ({ offered: event.customerTypes }),
            },
            actions: [
              {
                type: 'setOfferedCustomerTypes',
                params: ({ event }) => ({ customerTypes: event.customerTypes }),
              },
              {
                type: 'setCustomerType',
                params: ({ event }) => ({
                  customerType: defaultCustomerType(event.customerTypes) as ChosenCustomerType,
                }),
              },
              'forgetRequestedCustomerType',
            ],
          },
          {
            actions: [
              {
                type: 'setOfferedCustomerTypes',
                params: ({ event }) => ({ customerTypes: event.customerTypes }),
              },
              'forgetRequestedCustomerType',
            ],
          },
        ],
        'customerType.select': {
          actions: {
            type: 'setCustomerType',
            params: ({ event }) => ({ customerType: event.customerType }),
          },
        },
        'family.toggle': {
          actions: {
            type: 'toggleFamilyMember',
            params: ({ event }) => ({ personId: event.personId }),
          },
        },
        'voucher.change': {
          actions: {
            type: 'setVoucherIdentifier',
            params: ({ event }) => ({ identifier: event.identifier }),
          },
        },
        'campaignCode.change': {
          actions: {
            type: 'setCampaignCode',
            params: ({ event }) => ({ code: event.code }),
          },
        },
        'campaignCode.skip': {
          guard: { type: 'offersWayForward', params: { event: 'campaignCode.skip' } },
          actions: [{ type: 'setCampaignCode', params: { code: '' } }, 'goOn'],
        },
        'voucher.switchCustomerType': {
          guard: {
            type: 'offersWayForward',
            params: { event: 'voucher.switchCustomerType' },
          },
          actions: [
            {
              type: 'setCustomerType',
              params: ({ context }) => ({ customerType: wayForwardType(context) }),
            },
            'goOn',
          ],
        },
        'voucher.bookAsPrivate': {
          guard: { type: 'offersWayForward', params: { event: 'voucher.bookAsPrivate' } },
          actions: [
            {
              type: 'setCustomerType',
              params: ({ context }) => ({ customerType: wayForwardType(context) }),
            },
            { type: 'setVoucherIdentifier', params: { identifier: '' } },
            'goOn',
          ],
        },
        'wizard.next': [
          {
            guard: 'isFamilyOfOneOther',
            actions: {
              type: 'setFieldError',
              params: { field: 'family', key: 'reservation.familyOneOther' },
            },
          },
          { guard: 'isIdentifierMissing', actions: 'requireIdentifier' },
          { guard: 'needsVoucherCheck', target: 'checkingVoucher', actions: 'clearErrors' },
          {
            guard: 'hasUncheckedCampaignCode',
            target: 'checkingCampaignCode',
            actions: 'clearErrors',
          },
          {
            guard: 'hasCustomerType',
            target: '#booking.wizard.reason',
            actions: 'clearErrors',
          },
        ],
      },
    },
    checkingVoucher: {
      invoke: {
        id: 'checkVoucher',
        src: 'checkVoucher',
        input: ({ context }) => voucherCheckRequest(context),
        onDone: [
          {
            guard: 'hasUncheckedCampaignCode',
            target: 'checkingCampaignCode',
            actions: {
              type: 'setVoucher',
              params: ({ event }) => ({ voucher: event.output }),
            },
          },
          {
            target: '#booking.wizard.reason',
            actions: {
              type: 'setVoucher',
              params: ({ event }) => ({ voucher: event.output }),
            },
          },
        ],
        onError: [
          {
            guard: {
              type: 'isMaintenanceError',
              params: ({ event }) => ({ error: event.error }),
            },
            target: '#booking.maintenance',
            actions: {
              type: 'setMaintenance',
              params: ({ event }) => ({ startsAt: maintenanceStartsAt(event.error) }),
            },
          },
          {
            guard: {
              type: 'isInvalidVoucher',
              params: ({ event }) => ({ error: event.error }),
            },
            target: 'editing',
            actions: {
              type: 'setCodeProblem',
              params: ({ event }) => ({ field: 'voucherIdentifier', error: event.error }),
            },
          },
          {
            target: 'editing',
            actions: { type: 'setError', params: { key: 'reservation.checkFailed' } },
          },
        ],
      },
    },
    checkingCampaignCode: {
      invoke: {
        id: 'checkCampaignCode',
        src: 'checkCampaignCode',
        input: ({ context }) => campaignCodeCheckRequest(context),
        onDone: {
          target: '#booking.wizard.reason',
          actions: {
            type: 'setCampaign',
            params: ({ event }) => ({ campaign: event.output }),
          },
        },
        onError: [
          {
            guard: {
              type: 'isMaintenanceError',
              params: ({ event }) => ({ error: event.error }),
            },
            target: '#booking.maintenance',
            actions: {
              type: 'setMaintenance',
              params: ({ event }) => ({ startsAt: maintenanceStartsAt(event.error) }),
            },
          },
          {
            guard: {
              type: 'isInvalidCampaignCode',
              params: ({ event }) => ({ error: event.error }),
            },
            target: 'editing',
            actions: {
              type: 'setCodeProblem',
              params: ({ event }) => ({ field: 'campaignCode', error: event.error }),
            },
          },
          {
            target: 'editing',
            actions: { type: 'setError', params: { key: 'reservation.checkFailed' } },
          },
        ],
      },
    },
  },
});
