import { describe, expect, test } from 'vitest';
import { TODAY, aino, checkUp, slot, ville } from '../../testing/booking-fixtures.ts';
import {
  helsinki,
  tampere,
  startBooking,
  toBranch,
  toSlot,
  loadSlotStep,
} from '../../testing/booking-wizard.ts';

describe('practitioner step', () => {
  test('A practitioner chosen first on the location step is chosen when they work there', () => {
    const booking = startBooking();
    toBranch(booking);
    booking.actor.send({ type: 'practitioner.prefer', employee: aino });
    expect(booking.context().preferredEmployee).toEqual(aino);
    booking.actor.send({ type: 'branch.select', selection: helsinki });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('practitioner');
    expect(booking.context().employee).toEqual(aino);
    // Only when the step opens: a later deselection stays.
    booking.actor.send({ type: 'employee.select', employee: null });
    expect(booking.context().employee).toBeNull();
  });

  test('A practitioner chosen first who works elsewhere is not chosen', () => {
    const booking = startBooking();
    toBranch(booking);
    booking.actor.send({ type: 'practitioner.prefer', employee: aino });
    booking.actor.send({ type: 'branch.select', selection: tampere });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('practitioner');
    expect(booking.context().employee).toBeNull();
  });

  test('A practitioner already chosen stays; none chosen first leaves the step empty', () => {
    const booking = startBooking();
    toBranch(booking);
    booking.actor.send({ type: 'branch.select', selection: helsinki });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.context().employee).toBeNull();
    booking.actor.send({ type: 'employee.select', employee: ville });
    booking.actor.send({ type: 'wizard.back' });
    booking.actor.send({ type: 'practitioner.prefer', employee: aino });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.context().employee).toEqual(ville);
  });

  test("'First available time in the city' goes straight to its day's times with every clinic of the city and anyone", () => {
    const booking = startBooking();
    toBranch(booking);
    booking.actor.send({ type: 'branch.select', selection: tampere });
    booking.actor.send({ type: 'branch.firstAvailable', selection: helsinki, date: '2026-12-03' });
    expect(booking.view()).toBe('slot');
    expect(booking.context().branch).toEqual(helsinki);
    expect(booking.context().employee).toBeNull();
    expect(booking.context().date).toBe('2026-12-03');
    expect(booking.loadDay.last().input).toEqual({
      branchIds: helsinki.branchIds,
      reasonId: checkUp.id,
      customerType: 'private',
      date: '2026-12-03',
    });
    // Back goes to the practitioner step it skipped.
    booking.actor.send({ type: 'wizard.back' });
    expect(booking.view()).toBe('practitioner');
  });

  test("'First available time in the city' keeps a practitioner chosen first who works there, and ignores an empty city", () => {
    const booking = startBooking();
    toBranch(booking);
    booking.actor.send({ type: 'practitioner.prefer', employee: aino });
    booking.actor.send({
      type: 'branch.firstAvailable',
      selection: { branchIds: [], city: 'Nowhere' },
      date: '2026-12-03',
    });
    expect(booking.view()).toBe('branch');
    booking.actor.send({ type: 'branch.firstAvailable', selection: helsinki, date: '2026-12-03' });
    expect(booking.view()).toBe('slot');
    expect(booking.context().employee).toEqual(aino);
    expect(booking.loadDay.last().input).toHaveProperty('employeeId', aino.Id);
  });

  test('The practitioner step can be skipped, which clears the practitioner', async () => {
    const booking = startBooking();
    toSlot(booking, { employee: aino });
    booking.actor.send({ type: 'wizard.back' });
    booking.actor.send({ type: 'wizard.skip' });
    expect(booking.view()).toBe('slot');
    expect(booking.context().employee).toBeNull();
    expect(booking.loadDay.last().input).not.toHaveProperty('employeeId');
  });

  test('A chosen practitioner filters the availability', () => {
    const booking = startBooking();
    toSlot(booking, { employee: aino });
    expect(booking.loadMonth.last().input).toEqual({
      branchIds: [4, 3],
      reasonId: 7,
      employeeId: 41,
      customerType: 'private',
      month: '2026-12',
    });
    expect(booking.loadDay.last().input).toEqual({
      branchIds: [4, 3],
      reasonId: 7,
      employeeId: 41,
      customerType: 'private',
      date: TODAY,
    });
  });

  test('Changing the practitioner clears the chosen slot; the same one keeps it', async () => {
    const booking = startBooking();
    toSlot(booking, { employee: aino });
    await loadSlotStep(booking);
    booking.pick({ type: 'slot.select', slot: slot() });
    booking.actor.send({ type: 'wizard.back' });
    booking.actor.send({ type: 'employee.select', employee: aino });
    expect(booking.context().slot).toEqual(slot());
    booking.actor.send({ type: 'employee.select', employee: ville });
    expect(booking.context().slot).toBeNull();
  });
});
