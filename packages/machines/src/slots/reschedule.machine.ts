import type { Schemas } from '@portal/sdk';
import { assign, setup } from 'xstate';
import { isApiErrorWith, isMaintenanceError, maintenanceStartsAt } from '../shared/api-errors.ts';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided.ts';
import type { AvailabilityFilters } from './availability.ts';
import type { SlotPickerChangedEvent } from './slot-picker.machine.ts';
import { slotPickerMachine } from './slot-picker.machine.ts';

type Reservation = Schemas['Reservation'];
type Slot = Schemas['Slot'];

export interface RescheduleInput {
  /** Today in Europe/Helsinki, `YYYY-MM-DD`. */
  today: string;
  reservation: Pick<Reservation, 'id' | 'branch' | 'reason' | 'customerType'>;
  /** The reservation's own day in Europe/Helsinki, `YYYY-MM-DD`: the calendar opens there. */
  date: string;
}

export interface RescheduleContext {
  today: string;
  reservationId: number;
  /** The same branch, reason and customer type as the reservation. */
  filters: AvailabilityFilters;
  /** The day the picker shows. */
  date: string;
  slot: Slot | null;
  /** The chosen slot was taken by someone else meanwhile (409 `slot-taken`). */
  taken: boolean;
  /**
   * The patient has another appointment at the chosen time (409 `overlapping-reservation`, a list
   * read before it was booked): the picker says so, the time no longer chosen.
   */
  overlapsOwn: boolean;
  /** Why the last move failed otherwise (its UserMessage is shown); null when it did not. */
  failure: unknown;
  maintenanceStartsAt: string | null;
  /** The moved reservation, once moved. */
  moved: Reservation | null;
}

export type RescheduleEvent =
  /** The picker (`slotPicker`) shows another day or has a slot chosen. */
  SlotPickerChangedEvent | { type: 'reschedule.submit' };

export interface MoveRequest {
  id: number;
  slotKey: string;
}

/**
 * Rescheduling a reservation (spec §4 My reservations: change the time): the slot picker over the
 * reservation's branch, reason and customer type, then the move. A slot taken meanwhile, or one
 * that overlaps another appointment of the patient's, returns to the picker without it and says
 * so; another failure keeps the choice and shows why; a
 * maintenance break ends with the notice.
 *
 * Injected: actors `slotPicker` (the slot picker machine with its loaders), `moveReservation`;
 * action `logError`.
 */
export const rescheduleMachine = setup({
  types: {
    context: {} as RescheduleContext,
    events: {} as RescheduleEvent,
    input: {} as RescheduleInput,
    output: {} as { moved: Reservation | null },
    children: {} as { slotPicker: 'slotPicker'; moveReservation: 'moveReservation' },
  },
  actors: {
    slotPicker: slotPickerMachine,
    moveReservation: notProvidedActor<Reservation, MoveRequest>('moveReservation'),
  },
  actions: {
    logError: notProvidedAction<{ message: string; error: unknown }>('logError'),
    setPicked: assign(({ context }, params: { date: string; slot: Slot | null }) => ({
      date: params.date,
      slot: params.slot,
      taken: params.slot === null ? context.taken : false,
      overlapsOwn: params.slot === null ? context.overlapsOwn : false,
    })),
    startMove: assign({ failure: null }),
    markTaken: assign({ slot: null, taken: true, overlapsOwn: false }),
    markOverlapsOwn: assign({ slot: null, taken: false, overlapsOwn: true }),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: params.error })),
    setMaintenance: assign((_, params: { startsAt: string | null }) => ({
      maintenanceStartsAt: params.startsAt,
    })),
    setMoved: assign((_, params: { moved: Reservation }) => ({ moved: params.moved })),
  },
  guards: {
    hasSlot: ({ context }) => context.slot !== null,
    isMaintenanceError: (_, params: { error: unknown }) => isMaintenanceError(params.error),
    isSlotTaken: (_, params: { error: unknown }) =>
      isApiErrorWith(params.error, 'conflict', 'slot-taken'),
    isOwnOverlap: (_, params: { error: unknown }) =>
      isApiErrorWith(params.error, 'conflict', 'overlapping-reservation'),
  },
}).createMachine({
  id: 'reschedule',
  context: ({ input }) => ({
    today: input.today,
    reservationId: input.reservation.id,
    filters: {
      branchIds: [input.reservation.branch.id],
      reasonId: input.reservation.reason.id,
      customerType: input.reservation.customerType,
    },
    date: input.date,
    slot: null,
    taken: false,
    overlapsOwn: false,
    failure: null,
    maintenanceStartsAt: null,
    moved: null,
  }),
  initial: 'choosing',
  output: ({ context }) => ({ moved: context.moved }),
  states: {
    /**
     * The picker runs, and stays on screen (inert) while the move is made: what it reports then is
     * not taken.
     */
    choosing: {
      invoke: {
        id: 'slotPicker',
        src: 'slotPicker',
        input: ({ context }) => ({
          today: context.today,
          date: context.date,
          filters: context.filters,
          slot: context.slot,
          taken: context.taken,
          overlapsOwn: context.overlapsOwn,
        }),
        onDone: {
          target: 'maintenance',
          actions: {
            type: 'setMaintenance',
            params: ({ event }) => ({ startsAt: event.output.maintenanceStartsAt }),
          },
        },
      },
      initial: 'picking',
      states: {
        picking: {
          on: {
            'slotPicker.changed': {
              actions: {
                type: 'setPicked',
                params: ({ event }) => ({ date: event.date, slot: event.slot }),
              },
            },
            'reschedule.submit': { guard: 'hasSlot', target: 'moving', actions: 'startMove' },
          },
        },
        moving: {
          invoke: {
            id: 'moveReservation',
            src: 'moveReservation',
            input: ({ context }) => ({
              id: context.reservationId,
              slotKey: context.slot?.key ?? '',
            }),
            onDone: {
              target: '#reschedule.moved',
              actions: { type: 'setMoved', params: ({ event }) => ({ moved: event.output }) },
            },
            onError: [
              {
                guard: {
                  type: 'isMaintenanceError',
                  params: ({ event }) => ({ error: event.error }),
                },
                target: '#reschedule.maintenance',
                actions: {
                  type: 'setMaintenance',
                  params: ({ event }) => ({ startsAt: maintenanceStartsAt(event.error) }),
                },
              },
              {
                // A new picker (its day reloaded) without the taken slot, saying so.
                guard: { type: 'isSlotTaken', params: ({ event }) => ({ error: event.error }) },
                target: '#reschedule.choosing',
                reenter: true,
                actions: 'markTaken',
              },
              {
                // The patient's own appointment at that time (booked in another tab meanwhile):
                // a new picker, which marks that time, saying so; no failure to log.
                guard: { type: 'isOwnOverlap', params: ({ event }) => ({ error: event.error }) },
                target: '#reschedule.choosing',
                reenter: true,
                actions: 'markOverlapsOwn',
              },
              {
                target: 'picking',
                actions: [
                  { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
                  {
                    type: 'logError',
                    params: ({ event }) => ({
                      message: 'Moving the reservation failed',
                      error: event.error,
                    }),
                  },
                ],
              },
            ],
          },
        },
      },
    },
    /** A maintenance break: the notice shows and nothing else can be done. */
    maintenance: {},
    moved: { type: 'final' },
  },
});

export type RescheduleMachine = typeof rescheduleMachine;
