import type { Schemas } from '@portal/sdk';
import { assign, raise, sendParent, setup } from 'xstate';
import { isMaintenanceError, maintenanceStartsAt } from '../shared/api-errors.ts';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided.ts';
import type { AvailabilityFilters, DayDirection, DayQuery, MonthQuery } from './availability.ts';
import { adjacentDateWithSlots, dateAfterMove, openingDate } from './availability.ts';
import { addMonths, monthOf } from './dates.ts';

type Slot = Schemas['Slot'];

export interface SlotPickerInput {
  /** Today in Europe/Helsinki, `YYYY-MM-DD`: no earlier day or month can be shown. */
  today: string;
  /** The day shown first (an earlier one shows today). */
  date: string;
  filters: AvailabilityFilters;
  /** The slot chosen before, e.g. when the wizard comes back to the step. */
  slot?: Slot | null;
  /** The slot chosen before was just taken by someone else (a 409): the picker says so. */
  taken?: boolean;
  /** The patient already has another appointment at the slot chosen before (a 409): it says so. */
  overlapsOwn?: boolean;
}

export interface SlotPickerContext {
  today: string;
  filters: AvailabilityFilters;
  /** The month the calendar shows, `YYYY-MM`. */
  month: string;
  /** The day whose slots are listed, `YYYY-MM-DD`. */
  date: string;
  monthAvailability: Schemas['MonthAvailability'] | null;
  daySlots: Schemas['DaySlots'] | null;
  slot: Slot | null;
  taken: boolean;
  overlapsOwn: boolean;
  /** When the maintenance break started, when known. */
  maintenanceStartsAt: string | null;
  /**
   * The day was not chosen by the patient (the opening day, or a month they paged to): a day
   * without free times moves on to the next day with them instead of saying "no free times".
   */
  autoDate: boolean;
  /** The patient paged to this month: once loaded, it opens on its own first free day. */
  pagedMonth: boolean;
}

export type SlotPickerEvent =
  | { type: 'slot.selectDate'; date: string }
  | { type: 'slot.previousDay' }
  | { type: 'slot.nextDay' }
  | { type: 'slot.previousMonth' }
  | { type: 'slot.nextMonth' }
  | { type: 'slot.retry' }
  | { type: 'slot.select'; slot: Slot }
  /**
   * Raised by the picker itself: show a day it chose (the next free one, or a paged month's
   * first); `skipEmpty` moves on again if that day has no free times by the time it loads.
   */
  | { type: 'slot.showDay'; date: string; skipEmpty: boolean };

/** What the picker tells its parent whenever the shown day or the chosen slot changes. */
export interface SlotPickerChangedEvent {
  type: 'slotPicker.changed';
  date: string;
  slot: Slot | null;
}

/** The picker's output when it stops at a maintenance break (503). */
export interface SlotPickerOutput {
  maintenanceStartsAt: string | null;
}

/**
 * Picking a free time (spec §2 calendar, §4 Appointment): the month calendar with its days that
 * have free times, the slots of the chosen day, jumps to the previous or next day with free
 * times, and the choice of a slot. Used by the booking wizard's slot step and by rescheduling:
 * each parent invokes it as `slotPicker` and hears `slotPicker.changed` (the day and the slot);
 * a maintenance answer ends it with `{ maintenanceStartsAt }` as output.
 *
 * Injected: actors `loadMonthAvailability`, `loadDaySlots`; actions `logError`, and
 * `reportChange` (by default `sendParent`, so a parent is needed unless it is replaced).
 */
/**
 * A loader's failure, the same for the month and the day: a maintenance break ends the picker;
 * anything else is logged and leaves the region `failed` (retry with `slot.retry`).
 */
function loadFailed(message: string) {
  return [
    {
      guard: {
        type: 'isMaintenanceError' as const,
        params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
      },
      target: '#slotPicker.maintenance',
      actions: {
        type: 'setMaintenance' as const,
        params: ({ event }: { event: { error: unknown } }) => ({
          startsAt: maintenanceStartsAt(event.error),
        }),
      },
    },
    {
      target: 'failed',
      actions: {
        type: 'logError' as const,
        params: ({ event }: { event: { error: unknown } }) => ({ message, error: event.error }),
      },
    },
  ];
}

export const slotPickerMachine = setup({
  types: {
    context: {} as SlotPickerContext,
    events: {} as SlotPickerEvent,
    input: {} as SlotPickerInput,
    output: {} as SlotPickerOutput,
    children: {} as {
      loadMonthAvailability: 'loadMonthAvailability';
      loadDaySlots: 'loadDaySlots';
    },
  },
  actors: {
    loadMonthAvailability: notProvidedActor<Schemas['MonthAvailability'], MonthQuery>(
      'loadMonthAvailability',
    ),
    loadDaySlots: notProvidedActor<Schemas['DaySlots'], DayQuery>('loadDaySlots'),
  },
  actions: {
    logError: notProvidedAction<{ message: string; error: unknown }>('logError'),
    reportChange: sendParent(({ context }): SlotPickerChangedEvent => ({
      type: 'slotPicker.changed',
      date: context.date,
      slot: context.slot,
    })),
    showMonth: assign((_, params: { month: string; paged?: boolean }) => ({
      month: params.month,
      monthAvailability: null,
      pagedMonth: params.paged ?? false,
    })),
    setDate: assign((_, params: { date: string; auto?: boolean }) => ({
      date: params.date,
      autoDate: params.auto ?? false,
    })),
    clearAutoDate: assign({ autoDate: false }),
    clearPagedMonth: assign({ pagedMonth: false }),
    // The next free day, after an opening day that has none.
    showNextFreeDay: raise(({ context }) => ({
      type: 'slot.showDay' as const,
      date: context.daySlots?.nextDateWithSlots ?? context.date,
      skipEmpty: true,
    })),
    // A paged month's first free day (or its first day when it has none).
    showOpeningDay: raise(({ context }) => {
      const opening = context.monthAvailability
        ? openingDate(context.monthAvailability, context.today)
        : null;
      return {
        type: 'slot.showDay' as const,
        date: opening?.date ?? context.date,
        skipEmpty: opening?.free ?? false,
      };
    }),
    setMonthAvailability: assign((_, params: { availability: Schemas['MonthAvailability'] }) => ({
      monthAvailability: params.availability,
    })),
    setDaySlots: assign((_, params: { daySlots: Schemas['DaySlots'] }) => ({
      daySlots: params.daySlots,
    })),
    setSlot: assign((_, params: { slot: Slot }) => ({
      slot: params.slot,
      taken: false,
      overlapsOwn: false,
    })),
    setMaintenance: assign((_, params: { startsAt: string | null }) => ({
      maintenanceStartsAt: params.startsAt,
    })),
  },
  guards: {
    canShowPreviousMonth: ({ context }) => context.month > monthOf(context.today),
    isSelectableDate: ({ context }, params: { date: string }) => params.date >= context.today,
    isSelectableDateInAnotherMonth: ({ context }, params: { date: string }) =>
      params.date >= context.today && monthOf(params.date) !== context.month,
    hasDateWithSlots: ({ context }, params: { direction: DayDirection }) =>
      adjacentDateWithSlots(context.daySlots, params.direction) !== null,
    isDateWithSlotsInAnotherMonth: ({ context }, params: { direction: DayDirection }) => {
      const date = adjacentDateWithSlots(context.daySlots, params.direction);
      return date !== null && monthOf(date) !== context.month;
    },
    isMaintenanceError: (_, params: { error: unknown }) => isMaintenanceError(params.error),
    isEmptyOpeningDay: ({ context }) =>
      context.autoDate &&
      context.daySlots !== null &&
      context.daySlots.slots.length === 0 &&
      context.daySlots.nextDateWithSlots !== null,
    isPagedMonth: ({ context }) => context.pagedMonth,
  },
}).createMachine({
  id: 'slotPicker',
  context: ({ input }) => {
    const date = input.date < input.today ? input.today : input.date;
    return {
      today: input.today,
      filters: input.filters,
      month: monthOf(date),
      date,
      monthAvailability: null,
      daySlots: null,
      slot: input.slot ?? null,
      taken: input.taken ?? false,
      overlapsOwn: input.overlapsOwn ?? false,
      maintenanceStartsAt: null,
      // A chosen slot keeps its day; otherwise the picker opens on the first day with times.
      autoDate: !input.slot,
      pagedMonth: false,
    };
  },
  initial: 'picking',
  output: ({ context }) => ({ maintenanceStartsAt: context.maintenanceStartsAt }),
  states: {
    picking: {
      type: 'parallel',
      on: {
        'slot.select': {
          actions: [
            { type: 'setSlot', params: ({ event }) => ({ slot: event.slot }) },
            'reportChange',
          ],
        },
      },
      states: {
        calendar: {
          initial: 'loading',
          on: {
            'slot.previousMonth': {
              guard: 'canShowPreviousMonth',
              target: '.loading',
              actions: {
                type: 'showMonth',
                params: ({ context }) => ({ month: addMonths(context.month, -1), paged: true }),
              },
            },
            'slot.nextMonth': {
              target: '.loading',
              actions: {
                type: 'showMonth',
                params: ({ context }) => ({ month: addMonths(context.month, 1), paged: true }),
              },
            },
            'slot.showDay': {
              guard: {
                type: 'isSelectableDateInAnotherMonth',
                params: ({ event }) => ({ date: event.date }),
              },
              target: '.loading',
              actions: {
                type: 'showMonth',
                params: ({ event }) => ({ month: monthOf(event.date) }),
              },
            },
            // The calendar follows the day view into another month.
            'slot.selectDate': {
              guard: {
                type: 'isSelectableDateInAnotherMonth',
                params: ({ event }) => ({ date: event.date }),
              },
              target: '.loading',
              actions: {
                type: 'showMonth',
                params: ({ event }) => ({ month: monthOf(event.date) }),
              },
            },
            'slot.previousDay': {
              guard: { type: 'isDateWithSlotsInAnotherMonth', params: { direction: 'previous' } },
              target: '.loading',
              actions: {
                type: 'showMonth',
                params: ({ context }) => ({ month: monthOf(dateAfterMove(context, 'previous')) }),
              },
            },
            'slot.nextDay': {
              guard: { type: 'isDateWithSlotsInAnotherMonth', params: { direction: 'next' } },
              target: '.loading',
              actions: {
                type: 'showMonth',
                params: ({ context }) => ({ month: monthOf(dateAfterMove(context, 'next')) }),
              },
            },
          },
          states: {
            loading: {
              invoke: {
                id: 'loadMonthAvailability',
                src: 'loadMonthAvailability',
                input: ({ context }) => ({ ...context.filters, month: context.month }),
                onDone: {
                  target: 'loaded',
                  actions: {
                    type: 'setMonthAvailability',
                    params: ({ event }) => ({ availability: event.output }),
                  },
                },
                onError: loadFailed('Loading the month availability failed'),
              },
            },
            loaded: {
              // A month the patient paged to opens on its own first free day.
              always: {
                guard: 'isPagedMonth',
                actions: ['clearPagedMonth', 'showOpeningDay'],
              },
            },
            failed: {
              on: { 'slot.retry': 'loading' },
            },
          },
        },
        day: {
          initial: 'loading',
          on: {
            'slot.selectDate': {
              guard: { type: 'isSelectableDate', params: ({ event }) => ({ date: event.date }) },
              target: '.loading',
              actions: [
                { type: 'setDate', params: ({ event }) => ({ date: event.date }) },
                'reportChange',
              ],
            },
            'slot.showDay': {
              guard: { type: 'isSelectableDate', params: ({ event }) => ({ date: event.date }) },
              target: '.loading',
              actions: [
                {
                  type: 'setDate',
                  params: ({ event }) => ({ date: event.date, auto: event.skipEmpty }),
                },
                'reportChange',
              ],
            },
            'slot.previousDay': {
              guard: { type: 'hasDateWithSlots', params: { direction: 'previous' } },
              target: '.loading',
              actions: [
                {
                  type: 'setDate',
                  params: ({ context }) => ({ date: dateAfterMove(context, 'previous') }),
                },
                'reportChange',
              ],
            },
            'slot.nextDay': {
              guard: { type: 'hasDateWithSlots', params: { direction: 'next' } },
              target: '.loading',
              actions: [
                {
                  type: 'setDate',
                  params: ({ context }) => ({ date: dateAfterMove(context, 'next') }),
                },
                'reportChange',
              ],
            },
          },
          states: {
            loading: {
              invoke: {
                id: 'loadDaySlots',
                src: 'loadDaySlots',
                input: ({ context }) => ({ ...context.filters, date: context.date }),
                onDone: {
                  target: 'loaded',
                  actions: {
                    type: 'setDaySlots',
                    params: ({ event }) => ({ daySlots: event.output }),
                  },
                },
                onError: loadFailed('Loading the slots of the day failed'),
              },
            },
            loaded: {
              // An opening day without free times moves on to the next day with them.
              always: { guard: 'isEmptyOpeningDay', actions: ['clearAutoDate', 'showNextFreeDay'] },
            },
            failed: {
              on: { 'slot.retry': 'loading' },
            },
          },
        },
      },
    },
    /** A maintenance break: the picker is done, and the parent shows the notice. */
    maintenance: {
      type: 'final',
    },
  },
});

export type SlotPickerMachine = typeof slotPickerMachine;
