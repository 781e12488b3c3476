import { maintenanceStartsAt } from '../../shared/api-errors.ts';
import { availabilityFilters, isFamilyBooking } from '../booking-choices.ts';
import type { Slot } from '../types.ts';
import { staleHoldId, errorOf, bookingSetup } from '../setup.ts';
/**
 * The date and time step: the slot picker (`slotPicker`) shows the days and times; a chosen
 * time is held for the patient (decision 023) before the details.
 */
export const slotStep = bookingSetup.createStateConfig({
  // The times again: a hold of the time still chosen stays (the times show it chosen);
  // any other (the time was taken, or not chosen any more) is released.
  entry: [
    {
      type: 'releaseHold',
      params: ({ context }) => ({ id: staleHoldId(context) }),
    },
    'keepChosenHold',
  ],
  invoke: {
    id: 'slotPicker',
    src: 'slotPicker',
    input: ({ context }) => ({
      today: context.today,
      date: context.date,
      filters: availabilityFilters(context),
      slot: context.slot,
      // A family's refusal that names whose time it was is said by the step itself.
      taken: context.error === 'reservation.slotTaken' && context.familyProblem === null,
      overlapsOwn: context.error === 'reservation.overlapsOwn' && context.familyProblem === null,
    }),
    // The picker stops at a maintenance break.
    onDone: {
      target: '#booking.maintenance',
      actions: {
        type: 'setMaintenance',
        params: ({ event }) => ({ startsAt: event.output.maintenanceStartsAt }),
      },
    },
  },
  on: {
    // Back before the times: the held time is let go.
    'wizard.back': {
      target: 'practitioner',
      actions: [
        {
          type: 'releaseHold',
          params: ({ context }) => ({ id: context.hold?.id ?? null }),
        },
        'forgetHold',
        'clearErrors',
      ],
    },
  },
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'slotPicker.changed': {
          actions: [
            {
              type: 'setPicked',
              params: ({ event }) => ({ date: event.date, slot: event.slot }),
            },
            // Another time chosen: the one held before is let go (browsing the days
            // keeps it, and the times show it).
            {
              type: 'releaseHold',
              params: ({ context }) => ({
                id: context.slot === null ? null : staleHoldId(context),
              }),
            },
            'keepHoldWhileBrowsing',
          ],
        },
        // A family's times (one per person): the picker shows the first chosen.
        'family.choose': {
          guard: 'isFamily',
          actions: [
            { type: 'chooseFamilyTimes', params: ({ event }) => ({ slots: event.slots }) },
            {
              type: 'releaseHold',
              params: ({ context }) => ({ id: staleHoldId(context) }),
            },
            'keepChosenHold',
          ],
        },
        'wizard.next': [
          // Back from the details with the time still held: on at once.
          {
            guard: 'isChosenHeld',
            target: '#booking.wizard.details',
            actions: 'clearErrors',
          },
          { guard: 'hasSlot', target: 'holding', actions: 'clearErrors' },
        ],
      },
    },
    /**
     * The chosen time is held for the patient while they fill in the details. A time
     * taken meanwhile is said now, with the times shown afresh; a hold that fails for
     * another reason lets the patient go on unheld (the booking still checks the time).
     * The picker's changes wait meanwhile, so the hold is of the time shown chosen.
     */
    holding: {
      invoke: {
        id: 'holdSlot',
        src: 'holdSlot',
        input: ({ context }) => ({
          slotKey: (context.slot as Slot).key,
          // A family's other times are held with the first, all or none.
          ...(isFamilyBooking(context)
            ? { familySlotKeys: context.familySlots.slice(1).map((slot) => slot.key) }
            : {}),
        }),
        onDone: {
          target: '#booking.wizard.details',
          actions: { type: 'setHold', params: ({ event }) => ({ hold: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isMaintenanceError', params: errorOf },
            target: '#booking.maintenance',
            actions: {
              type: 'setMaintenance',
              params: ({ event }) => ({ startsAt: maintenanceStartsAt(event.error) }),
            },
          },
          {
            guard: { type: 'isSlotTaken', params: errorOf },
            target: '#booking.wizard.slot',
            reenter: true,
            actions: [
              'clearSlot',
              { type: 'setError', params: { key: 'reservation.slotTaken' } },
              { type: 'setFamilyProblem', params: errorOf },
            ],
          },
          {
            target: '#booking.wizard.details',
            actions: {
              type: 'logError',
              params: ({ event }) => ({
                message: 'Holding the chosen time failed; going on unheld',
                error: event.error,
              }),
            },
          },
        ],
      },
    },
  },
});
