import type { Schemas } from '@portal/sdk';
import { describe, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import { TODAY, daySlots, monthAvailability, slot } from '../testing/booking-fixtures.ts';
import { deferredActor, settle } from '../testing/deferred-actor.ts';
import { maintenance, serverError } from '../testing/fixtures.ts';
import type { DayQuery, MonthQuery } from './availability.ts';
import type { SlotPickerInput } from './slot-picker.machine.ts';
import { slotPickerMachine } from './slot-picker.machine.ts';

const filters = { branchIds: [4, 3], reasonId: 7, customerType: 'private' } as const;

function startPicker(input: Partial<SlotPickerInput> = {}) {
  const loadMonth = deferredActor<Schemas['MonthAvailability'], MonthQuery>();
  const loadDay = deferredActor<Schemas['DaySlots'], DayQuery>();
  const logError = vi.fn<(message: string, error: unknown) => void>();
  const changes: Array<{ date: string; slot: Schemas['Slot'] | null }> = [];
  const actor = createActor(
    slotPickerMachine.provide({
      actors: { loadMonthAvailability: loadMonth.logic, loadDaySlots: loadDay.logic },
      actions: {
        logError: (_, params) => logError(params.message, params.error),
        reportChange: ({ context }) => changes.push({ date: context.date, slot: context.slot }),
      },
    }),
    { input: { today: TODAY, date: TODAY, filters: { ...filters, branchIds: [4, 3] }, ...input } },
  ).start();
  const context = () => actor.getSnapshot().context;
  return { actor, context, loadMonth, loadDay, logError, changes };
}

type Picker = ReturnType<typeof startPicker>;

async function loaded(picker: Picker, day = daySlots(TODAY, null, '2026-12-02')) {
  picker.loadMonth.last().resolve(monthAvailability(picker.loadMonth.last().input.month));
  picker.loadDay.last().resolve(day);
  await settle();
}

describe('slot picker', () => {
  test('It loads the month availability and the slots of the first day', async () => {
    const picker = startPicker();
    expect(picker.loadMonth.last().input).toEqual({
      branchIds: [4, 3],
      reasonId: 7,
      customerType: 'private',
      month: '2026-12',
    });
    expect(picker.loadDay.last().input.date).toBe(TODAY);
    await loaded(picker);
    expect(picker.context().monthAvailability).toEqual(monthAvailability('2026-12'));
    expect(picker.context().daySlots).toEqual(daySlots(TODAY, null, '2026-12-02'));
    expect(
      picker.actor.getSnapshot().matches({ picking: { calendar: 'loaded', day: 'loaded' } }),
    ).toBe(true);
  });

  test('It opens on the given day and its month, never before today', () => {
    const later = startPicker({ date: '2027-01-12' });
    expect(later.loadMonth.last().input.month).toBe('2027-01');
    expect(later.loadDay.last().input.date).toBe('2027-01-12');
    const past = startPicker({ date: '2026-11-20' });
    expect(past.context().date).toBe(TODAY);
    expect(past.loadMonth.last().input.month).toBe('2026-12');
  });

  test('It opens on the first day with free times when the given day has none left', async () => {
    const picker = startPicker();
    picker.loadMonth.last().resolve(monthAvailability('2026-12'));
    // Today's last times are gone: the picker moves on by itself, to the day the server names.
    picker.loadDay.last().resolve({ ...daySlots(TODAY, null, '2026-12-03'), slots: [] });
    await settle();
    expect(picker.context().date).toBe('2026-12-03');
    expect(picker.loadDay.last().input.date).toBe('2026-12-03');
    expect(picker.changes.at(-1)).toEqual({ date: '2026-12-03', slot: null });
    // Taken meanwhile too: on again.
    picker.loadDay.last().resolve({ ...daySlots('2026-12-03', null, '2027-01-04'), slots: [] });
    await settle();
    expect(picker.context().date).toBe('2027-01-04');
    expect(picker.context().month).toBe('2027-01');
    expect(picker.loadMonth.last().input.month).toBe('2027-01');
    picker.loadDay.last().resolve(daySlots('2027-01-04', '2026-12-31', null));
    await settle();
    expect(picker.context().daySlots?.slots).toHaveLength(1);
    expect(picker.loadDay.calls).toHaveLength(3);
  });

  test('A day the patient chose stays, and says it has no free times', async () => {
    const picker = startPicker();
    await loaded(picker);
    picker.actor.send({ type: 'slot.selectDate', date: '2026-12-05' });
    picker.loadDay.last().resolve({ ...daySlots('2026-12-05', TODAY, '2026-12-07'), slots: [] });
    await settle();
    expect(picker.context().date).toBe('2026-12-05');
    expect(picker.loadDay.calls).toHaveLength(2);
  });

  test('A day without free times and none later is shown as it is', async () => {
    const picker = startPicker();
    picker.loadDay.last().resolve({ ...daySlots(TODAY, null, null), slots: [] });
    await settle();
    expect(picker.context().date).toBe(TODAY);
    expect(picker.loadDay.calls).toHaveLength(1);
  });

  test('A slot chosen before keeps its day', async () => {
    const picker = startPicker({ date: '2026-12-10', slot: slot('2026-12-10') });
    picker.loadDay.last().resolve({ ...daySlots('2026-12-10', TODAY, '2026-12-11'), slots: [] });
    await settle();
    expect(picker.context().date).toBe('2026-12-10');
    expect(picker.loadDay.calls).toHaveLength(1);
  });

  test('A month paged to opens on its own first free day, or its first day when it has none', async () => {
    const picker = startPicker();
    await loaded(picker);
    picker.actor.send({ type: 'slot.nextMonth' });
    picker.loadMonth.last().resolve({
      month: '2027-01',
      days: [
        { date: '2027-01-01', freeSlots: 0 },
        { date: '2027-01-04', freeSlots: 2 },
      ],
    });
    await settle();
    expect(picker.context().date).toBe('2027-01-04');
    expect(picker.loadDay.last().input.date).toBe('2027-01-04');
    picker.loadDay.last().resolve(daySlots('2027-01-04', TODAY, '2027-01-05'));
    await settle();
    // Back to the current month: its first free day not before today.
    picker.actor.send({ type: 'slot.previousMonth' });
    picker.loadMonth.last().resolve({
      month: '2026-12',
      days: [
        { date: '2026-11-30', freeSlots: 4 },
        { date: '2026-12-02', freeSlots: 3 },
      ],
    });
    await settle();
    expect(picker.context().date).toBe('2026-12-02');
    picker.loadDay.last().resolve(daySlots('2026-12-02', null, '2026-12-03'));
    await settle();
    // A month without free times opens on its first day and says so there.
    picker.actor.send({ type: 'slot.nextMonth' });
    picker.loadMonth
      .last()
      .resolve({ month: '2027-01', days: [{ date: '2027-01-01', freeSlots: 0 }] });
    await settle();
    expect(picker.context().date).toBe('2027-01-01');
    picker.loadDay
      .last()
      .resolve({ ...daySlots('2027-01-01', '2026-12-02', '2027-02-01'), slots: [] });
    await settle();
    expect(picker.context().date).toBe('2027-01-01');
    expect(picker.context().month).toBe('2027-01');
  });

  test('Next month and previous month load that month, never before the current month', async () => {
    const picker = startPicker();
    await loaded(picker);
    picker.actor.send({ type: 'slot.previousMonth' });
    expect(picker.loadMonth.calls).toHaveLength(1);
    picker.actor.send({ type: 'slot.nextMonth' });
    expect(picker.context().month).toBe('2027-01');
    expect(picker.context().monthAvailability).toBeNull();
    expect(picker.loadMonth.last().input.month).toBe('2027-01');
    expect(picker.loadDay.calls).toHaveLength(1);
    picker.actor.send({ type: 'slot.previousMonth' });
    expect(picker.loadMonth.last().input.month).toBe('2026-12');
    expect(picker.loadMonth.calls).toHaveLength(3);
  });

  test('Next day goes to the next date with slots, loads it and reports the day', async () => {
    const picker = startPicker();
    await loaded(picker, daySlots(TODAY, null, '2026-12-03'));
    picker.actor.send({ type: 'slot.nextDay' });
    expect(picker.context().date).toBe('2026-12-03');
    expect(picker.loadDay.last().input.date).toBe('2026-12-03');
    expect(picker.loadMonth.calls).toHaveLength(1);
    expect(picker.changes).toEqual([{ date: '2026-12-03', slot: null }]);
  });

  test('Previous day goes to the previous date with slots', async () => {
    const picker = startPicker();
    await loaded(picker, daySlots(TODAY, null, '2026-12-03'));
    picker.actor.send({ type: 'slot.previousDay' });
    expect(picker.loadDay.calls).toHaveLength(1);
    picker.actor.send({ type: 'slot.nextDay' });
    picker.loadDay.last().resolve(daySlots('2026-12-03', '2026-12-01', null));
    await settle();
    picker.actor.send({ type: 'slot.nextDay' });
    expect(picker.loadDay.calls).toHaveLength(2);
    picker.actor.send({ type: 'slot.previousDay' });
    expect(picker.context().date).toBe('2026-12-01');
    expect(picker.loadDay.calls).toHaveLength(3);
  });

  test('A day in another month moves the calendar to that month', async () => {
    const picker = startPicker();
    await loaded(picker, daySlots(TODAY, null, '2027-01-04'));
    picker.actor.send({ type: 'slot.nextDay' });
    expect(picker.context().month).toBe('2027-01');
    expect(picker.loadMonth.last().input.month).toBe('2027-01');
    picker.loadMonth.last().resolve(monthAvailability('2027-01'));
    picker.loadDay.last().resolve(daySlots('2027-01-04', '2026-12-30', null));
    await settle();
    picker.actor.send({ type: 'slot.previousDay' });
    expect(picker.context().date).toBe('2026-12-30');
    expect(picker.context().month).toBe('2026-12');
  });

  test('Choosing a date loads its slots; a date before today is ignored', async () => {
    const picker = startPicker();
    await loaded(picker);
    picker.actor.send({ type: 'slot.selectDate', date: '2026-11-30' });
    expect(picker.loadDay.calls).toHaveLength(1);
    expect(picker.changes).toEqual([]);
    picker.actor.send({ type: 'slot.selectDate', date: '2026-12-15' });
    expect(picker.loadDay.last().input.date).toBe('2026-12-15');
    expect(picker.loadMonth.calls).toHaveLength(1);
    picker.actor.send({ type: 'slot.selectDate', date: '2027-02-01' });
    expect(picker.loadMonth.last().input.month).toBe('2027-02');
    expect(picker.changes.map((change) => change.date)).toEqual(['2026-12-15', '2027-02-01']);
  });

  test('Choosing a slot keeps it across days and reports it', async () => {
    const picker = startPicker();
    await loaded(picker);
    picker.actor.send({ type: 'slot.select', slot: slot() });
    expect(picker.context().slot).toEqual(slot());
    expect(picker.changes).toEqual([{ date: TODAY, slot: slot() }]);
    picker.actor.send({ type: 'slot.selectDate', date: '2026-12-15' });
    expect(picker.context().slot).toEqual(slot());
  });

  test('A slot chosen before is kept; a taken one is announced until another is chosen', async () => {
    const kept = startPicker({ slot: slot() });
    expect(kept.context().slot).toEqual(slot());
    expect(kept.context().taken).toBe(false);
    const taken = startPicker({ taken: true });
    await loaded(taken);
    expect(taken.context().taken).toBe(true);
    taken.actor.send({ type: 'slot.selectDate', date: '2026-12-15' });
    expect(taken.context().taken).toBe(true);
    taken.actor.send({ type: 'slot.select', slot: slot('2026-12-15') });
    expect(taken.context().taken).toBe(false);
  });

  test('A failed load is logged, shown as failed and can be retried', async () => {
    const picker = startPicker();
    picker.loadMonth.last().reject(serverError());
    picker.loadDay.last().reject(serverError());
    await settle();
    expect(
      picker.actor.getSnapshot().matches({ picking: { calendar: 'failed', day: 'failed' } }),
    ).toBe(true);
    expect(picker.logError).toHaveBeenCalledTimes(2);
    picker.actor.send({ type: 'slot.retry' });
    expect(picker.loadMonth.calls).toHaveLength(2);
    expect(picker.loadDay.calls).toHaveLength(2);
  });

  test.each(['month', 'day'] as const)(
    'A maintenance answer to the %s ends the picker with when the break started',
    async (which) => {
      const picker = startPicker();
      const load = which === 'month' ? picker.loadMonth : picker.loadDay;
      load.last().reject(maintenance('2026-12-01T08:00:00Z'));
      await settle();
      expect(picker.actor.getSnapshot().status).toBe('done');
      expect(picker.actor.getSnapshot().output).toEqual({
        maintenanceStartsAt: '2026-12-01T08:00:00Z',
      });
      expect(picker.logError).not.toHaveBeenCalled();
    },
  );
});
