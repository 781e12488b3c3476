import type { Schemas } from '@portal/sdk';
import { beforeAll, describe, expect, test } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import {
  TODAY,
  daySlots,
  monthAvailability,
  reservation,
  slot,
} from '../testing/booking-fixtures.ts';
import { pendingActor } from '../testing/deferred-actor.ts';
import { conflict, maintenance, serverError } from '../testing/fixtures.ts';
import type { PathCoverage } from '../testing/path-coverage.ts';
import {
  actorEvents,
  allStateNodes,
  allTransitions,
  describeTransition,
  explorePaths,
} from '../testing/path-coverage.ts';
import type { DayQuery, MonthQuery } from './availability.ts';
import type { MoveRequest, RescheduleEvent } from './reschedule.machine.ts';
import { rescheduleMachine } from './reschedule.machine.ts';
import type { SlotPickerEvent } from './slot-picker.machine.ts';
import { slotPickerMachine } from './slot-picker.machine.ts';

const waitingPicker = slotPickerMachine.provide({
  actors: {
    loadMonthAvailability: pendingActor<Schemas['MonthAvailability'], MonthQuery>(),
    loadDaySlots: pendingActor<Schemas['DaySlots'], DayQuery>(),
  },
  actions: { logError: () => undefined },
});

function expectFullCoverage(coverage: PathCoverage, machine: typeof picker | typeof reschedule) {
  const unvisited = allStateNodes(machine).filter((node) => !coverage.visited.has(node));
  expect(unvisited.map((node) => node.id)).toEqual([]);
  const untaken = allTransitions(machine).filter((transition) => !coverage.taken.has(transition));
  expect(untaken.map(describeTransition)).toEqual([]);
}

// Alone, the picker has no parent to report to.
const picker = waitingPicker.provide({ actions: { reportChange: () => undefined } });
type PickerSnapshot = SnapshotFrom<typeof picker>;

const pickerSystemEvents = actorEvents({
  loadMonthAvailability: {
    outputs: [monthAvailability('2026-12')],
    errors: [maintenance(), serverError()],
  },
  loadDaySlots: {
    outputs: [
      // The next day in the same month, then one in the next month with the previous one back.
      daySlots(TODAY, null, '2026-12-31'),
      daySlots('2026-12-31', '2026-12-01', '2027-01-04'),
      // A day whose times are gone, with free times later: the opening day moves on.
      { ...daySlots('2026-12-15', null, '2026-12-31'), slots: [] },
    ],
    errors: [maintenance(), serverError()],
  },
}) as SlotPickerEvent[];

function pickerEvents(snapshot: PickerSnapshot): SlotPickerEvent[] {
  const offered: SlotPickerEvent[] = [
    ...pickerSystemEvents,
    { type: 'slot.previousDay' },
    { type: 'slot.nextDay' },
    { type: 'slot.previousMonth' },
    { type: 'slot.retry' },
    { type: 'slot.selectDate', date: '2026-11-30' },
    { type: 'slot.selectDate', date: '2026-12-15' },
    { type: 'slot.selectDate', date: '2027-01-05' },
    { type: 'slot.select', slot: slot() },
  ];
  // One month ahead is enough; more would make the state space endless.
  if (snapshot.context.month === '2026-12') offered.push({ type: 'slot.nextMonth' });
  return offered;
}

describe('slot picker paths', () => {
  let coverage: PathCoverage;
  beforeAll(() => {
    coverage = explorePaths({
      machine: picker,
      input: {
        today: TODAY,
        date: TODAY,
        filters: { branchIds: [3], reasonId: 7, customerType: 'private' },
      },
      events: pickerEvents,
      serializeState: (snapshot) =>
        JSON.stringify([
          snapshot.value,
          snapshot.context.month,
          snapshot.context.date,
          snapshot.context.daySlots?.date ?? null,
          snapshot.context.slot !== null,
        ]),
      check: ({ context }) => {
        expect(context.date >= context.today).toBe(true);
        expect(context.month >= TODAY.slice(0, 7)).toBe(true);
      },
    });
  });

  test('The paths visit every state and take every transition', () => {
    expectFullCoverage(coverage, picker);
  });
});

const reschedule = rescheduleMachine.provide({
  actors: {
    slotPicker: waitingPicker,
    moveReservation: pendingActor<Schemas['Reservation'], MoveRequest>(),
  },
  actions: { logError: () => undefined },
});
type RescheduleSnapshot = SnapshotFrom<typeof reschedule>;

const rescheduleSystemEvents = actorEvents({
  slotPicker: { outputs: [{ maintenanceStartsAt: null }] },
  moveReservation: {
    outputs: [reservation(slot('2026-12-15'))],
    errors: [
      maintenance(),
      conflict({ UserMessage: 'Taken', Code: 'slot-taken' }),
      // Another appointment of the patient's at that time (booked in another tab meanwhile).
      conflict({ UserMessage: 'Busy', Code: 'overlapping-reservation' }),
      conflict({ UserMessage: 'Too late', Code: 'inside-cancel-window' }),
      serverError(),
    ],
  },
}) as RescheduleEvent[];

describe('reschedule paths', () => {
  let coverage: PathCoverage;
  beforeAll(() => {
    coverage = explorePaths({
      machine: reschedule,
      input: { today: TODAY, date: '2026-12-10', reservation: reservation(slot('2026-12-10')) },
      events: (): RescheduleEvent[] => [
        ...rescheduleSystemEvents,
        { type: 'slotPicker.changed', date: '2026-12-11', slot: null },
        { type: 'slotPicker.changed', date: '2026-12-15', slot: slot('2026-12-15') },
        { type: 'reschedule.submit' },
      ],
      serializeState: (snapshot: RescheduleSnapshot) =>
        JSON.stringify([
          snapshot.value,
          snapshot.context.slot !== null,
          snapshot.context.taken,
          snapshot.context.failure !== null,
        ]),
      check: ({ value, context }) => {
        if (JSON.stringify(value) === JSON.stringify({ choosing: 'moving' }))
          expect(context.slot).not.toBeNull();
        if (value === 'moved') expect(context.moved).not.toBeNull();
        if (context.taken) expect(context.slot).toBeNull();
      },
    });
  });

  test('The paths visit every state and take every transition', () => {
    expectFullCoverage(coverage, reschedule);
  });
});
