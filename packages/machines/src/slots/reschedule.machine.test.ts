import type { Schemas } from '@portal/sdk';
import { describe, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  TODAY,
  daySlots,
  monthAvailability,
  reservation,
  slot,
} from '../testing/booking-fixtures.ts';
import { deferredActor, settle } from '../testing/deferred-actor.ts';
import { conflict, maintenance, serverError } from '../testing/fixtures.ts';
import type { DayQuery, MonthQuery } from './availability.ts';
import type { MoveRequest } from './reschedule.machine.ts';
import { rescheduleMachine } from './reschedule.machine.ts';
import type { SlotPickerEvent } from './slot-picker.machine.ts';
import { slotPickerMachine } from './slot-picker.machine.ts';

const current = reservation(slot('2026-12-10'));

function startReschedule() {
  const loadMonth = deferredActor<Schemas['MonthAvailability'], MonthQuery>();
  const loadDay = deferredActor<Schemas['DaySlots'], DayQuery>();
  const move = deferredActor<Schemas['Reservation'], MoveRequest>();
  const logError = vi.fn<(message: string, error: unknown) => void>();
  const actor = createActor(
    rescheduleMachine.provide({
      actors: {
        slotPicker: slotPickerMachine.provide({
          actors: { loadMonthAvailability: loadMonth.logic, loadDaySlots: loadDay.logic },
          actions: { logError: (_, params) => logError(params.message, params.error) },
        }),
        moveReservation: move.logic,
      },
      actions: { logError: (_, params) => logError(params.message, params.error) },
    }),
    { input: { today: TODAY, date: '2026-12-10', reservation: current } },
  ).start();
  const context = () => actor.getSnapshot().context;
  const picker = () => {
    const child = actor.getSnapshot().children.slotPicker;
    if (child === undefined) throw new Error('The slot picker is not running');
    return child;
  };
  const pick = (event: SlotPickerEvent) => picker().send(event);
  return { actor, context, picker, pick, loadMonth, loadDay, move, logError };
}

type Reschedule = ReturnType<typeof startReschedule>;

async function chooseSlot(reschedule: Reschedule, chosen = slot('2026-12-10', '13')) {
  reschedule.loadMonth.last().resolve(monthAvailability('2026-12'));
  reschedule.loadDay.last().resolve(daySlots('2026-12-10', '2026-12-09', '2026-12-11'));
  await settle();
  reschedule.pick({ type: 'slot.select', slot: chosen });
}

describe('rescheduling', () => {
  test('The picker opens on the reservation’s day with its branch, reason and customer type', () => {
    const reschedule = startReschedule();
    expect(reschedule.loadMonth.last().input).toEqual({
      branchIds: [3],
      reasonId: 7,
      customerType: 'private',
      month: '2026-12',
    });
    expect(reschedule.loadDay.last().input.date).toBe('2026-12-10');
  });

  test('Without a chosen slot nothing is moved', () => {
    const reschedule = startReschedule();
    reschedule.actor.send({ type: 'reschedule.submit' });
    expect(reschedule.actor.getSnapshot().value).toEqual({ choosing: 'picking' });
    expect(reschedule.move.calls).toHaveLength(0);
  });

  test('The chosen slot is moved to, and the moved reservation is the output', async () => {
    const reschedule = startReschedule();
    await chooseSlot(reschedule);
    reschedule.actor.send({ type: 'reschedule.submit' });
    expect(reschedule.move.last().input).toEqual({
      id: current.id,
      slotKey: slot('2026-12-10', '13').key,
    });
    const moved = reservation(slot('2026-12-10', '13'));
    reschedule.move.last().resolve(moved);
    await settle();
    expect(reschedule.actor.getSnapshot().status).toBe('done');
    expect(reschedule.actor.getSnapshot().output).toEqual({ moved });
  });

  test('A slot taken meanwhile reopens the picker on that day without it, saying so', async () => {
    const reschedule = startReschedule();
    await chooseSlot(reschedule);
    reschedule.pick({ type: 'slot.nextDay' });
    reschedule.actor.send({ type: 'reschedule.submit' });
    reschedule.move.last().reject(conflict({ UserMessage: 'Taken', Code: 'slot-taken' }));
    await settle();
    expect(reschedule.actor.getSnapshot().value).toEqual({ choosing: 'picking' });
    expect(reschedule.context()).toMatchObject({ slot: null, taken: true });
    expect(reschedule.picker().getSnapshot().context).toMatchObject({
      date: '2026-12-11',
      slot: null,
      taken: true,
    });
    expect(reschedule.loadDay.last().input.date).toBe('2026-12-11');
    expect(reschedule.logError).not.toHaveBeenCalled();
    reschedule.pick({ type: 'slot.select', slot: slot('2026-12-11') });
    expect(reschedule.context().taken).toBe(false);
  });

  test('A time the patient already has another appointment at reopens the picker without it, saying so, with no failure logged', async () => {
    const reschedule = startReschedule();
    await chooseSlot(reschedule);
    reschedule.actor.send({ type: 'reschedule.submit' });
    reschedule.move
      .last()
      .reject(conflict({ UserMessage: 'Busy', Code: 'overlapping-reservation' }));
    await settle();
    expect(reschedule.actor.getSnapshot().value).toEqual({ choosing: 'picking' });
    expect(reschedule.context()).toMatchObject({
      slot: null,
      taken: false,
      overlapsOwn: true,
      failure: null,
    });
    expect(reschedule.picker().getSnapshot().context).toMatchObject({
      date: '2026-12-10',
      slot: null,
      overlapsOwn: true,
    });
    expect(reschedule.logError).not.toHaveBeenCalled();
    reschedule.pick({ type: 'slot.select', slot: slot('2026-12-10', '14') });
    expect(reschedule.context().overlapsOwn).toBe(false);
  });

  test('Another failure keeps the chosen slot, shows the error and can be tried again', async () => {
    const reschedule = startReschedule();
    await chooseSlot(reschedule);
    reschedule.actor.send({ type: 'reschedule.submit' });
    const error = serverError();
    reschedule.move.last().reject(error);
    await settle();
    expect(reschedule.context()).toMatchObject({ failure: error, slot: slot('2026-12-10', '13') });
    expect(reschedule.picker().getSnapshot().context.slot).toEqual(slot('2026-12-10', '13'));
    expect(reschedule.logError).toHaveBeenCalledWith('Moving the reservation failed', error);
    reschedule.actor.send({ type: 'reschedule.submit' });
    expect(reschedule.context().failure).toBeNull();
    expect(reschedule.move.calls).toHaveLength(2);
  });

  test('A maintenance break while moving or picking ends with the notice', async () => {
    const moving = startReschedule();
    await chooseSlot(moving);
    moving.actor.send({ type: 'reschedule.submit' });
    moving.move.last().reject(maintenance('2026-12-01T20:00:00+02:00'));
    await settle();
    expect(moving.actor.getSnapshot().value).toBe('maintenance');
    expect(moving.context().maintenanceStartsAt).toBe('2026-12-01T20:00:00+02:00');

    const picking = startReschedule();
    picking.loadDay.last().reject(maintenance('2026-12-01T21:00:00+02:00'));
    await settle();
    expect(picking.actor.getSnapshot().value).toBe('maintenance');
    expect(picking.context().maintenanceStartsAt).toBe('2026-12-01T21:00:00+02:00');
  });
});
