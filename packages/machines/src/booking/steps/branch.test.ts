import { describe, expect, test } from 'vitest';
import { allBranches, helsinkiArabia, tampereKeskusta } from '../../testing/branches.ts';
import { checkUp, slot } from '../../testing/booking-fixtures.ts';
import {
  helsinki,
  tampere,
  startBooking,
  toReason,
  toBranch,
  loadSlotStep,
  toDetails,
} from '../../testing/booking-wizard.ts';
import { settle } from '../../testing/deferred-actor.ts';

describe('branch step', () => {
  test('The branch step needs a branch or a city before going on', () => {
    const booking = toBranch();
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('branch');
    booking.actor.send({ type: 'branch.select', selection: { branchIds: [], city: 'Turku' } });
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('branch');
    booking.actor.send({ type: 'branch.select', selection: helsinki });
    expect(booking.context().branch).toEqual(helsinki);
    booking.actor.send({ type: 'wizard.next' });
    expect(booking.view()).toBe('practitioner');
  });

  test('The closest branch is the nearest enabled branch to the device', async () => {
    const booking = toBranch();
    booking.actor.send({ type: 'branch.locate', branches: allBranches });
    expect(booking.actor.getSnapshot().matches({ wizard: { branch: 'locating' } })).toBe(true);
    booking.getPosition.last().resolve({ latitude: 61.5, longitude: 23.76 });
    await settle();
    expect(booking.context().branch).toEqual({ branchIds: [tampereKeskusta.Id], city: 'Tampere' });
    expect(booking.context().locateCandidates).toEqual([]);
    // Kept: the picker says how far each clinic is.
    expect(booking.context().position).toEqual({ latitude: 61.5, longitude: 23.76 });
  });

  test('Without an enabled branch the closest is the first branch', async () => {
    const booking = toBranch();
    booking.actor.send({ type: 'branch.locate', branches: [helsinkiArabia] });
    booking.getPosition.last().resolve({ latitude: 61.5, longitude: 23.76 });
    await settle();
    expect(booking.context().branch).toEqual({ branchIds: [8], city: 'Helsinki' });
  });

  test('Locating among no branches leaves the selection unchanged', async () => {
    const booking = toBranch();
    booking.actor.send({ type: 'branch.select', selection: helsinki });
    booking.actor.send({ type: 'branch.locate', branches: [] });
    booking.getPosition.last().resolve({ latitude: 61.5, longitude: 23.76 });
    await settle();
    expect(booking.context().branch).toEqual(helsinki);
    expect(booking.context().position).toEqual({ latitude: 61.5, longitude: 23.76 });
  });

  test('A geolocation failure is only logged and the selection is unchanged', async () => {
    const booking = toBranch();
    booking.actor.send({ type: 'branch.select', selection: helsinki });
    booking.actor.send({ type: 'branch.locate', branches: allBranches });
    booking.getPosition.last().reject(new Error('denied'));
    await settle();
    expect(booking.logError).toHaveBeenCalledWith(
      'Locating the closest branch failed',
      new Error('denied'),
    );
    expect(booking.context().branch).toEqual(helsinki);
    expect(booking.actor.getSnapshot().matches({ wizard: { branch: 'choosing' } })).toBe(true);
  });

  test('Changing the branches clears the chosen slot; the same branches keep it', async () => {
    const booking = startBooking();
    await toDetails(booking);
    for (let i = 0; i < 3; i += 1) booking.actor.send({ type: 'wizard.back' });
    expect(booking.view()).toBe('branch');
    booking.actor.send({ type: 'branch.select', selection: { ...helsinki } });
    expect(booking.context().slot).toEqual(slot());
    booking.actor.send({ type: 'branch.select', selection: tampere });
    expect(booking.context().slot).toBeNull();
  });

  test('A closest branch other than the chosen one clears the chosen slot', async () => {
    const booking = startBooking();
    await toDetails(booking);
    for (let i = 0; i < 3; i += 1) booking.actor.send({ type: 'wizard.back' });
    booking.actor.send({ type: 'branch.locate', branches: allBranches });
    booking.getPosition.last().resolve({ latitude: 61.5, longitude: 23.76 });
    await settle();
    expect(booking.context().slot).toBeNull();
  });

  test('A closest branch equal to the chosen one keeps the chosen slot', async () => {
    const booking = startBooking();
    toReason(booking);
    booking.actor.send({ type: 'reason.select', reason: checkUp });
    booking.actor.send({ type: 'wizard.next' });
    booking.actor.send({ type: 'branch.select', selection: tampere });
    booking.actor.send({ type: 'wizard.next' });
    booking.actor.send({ type: 'wizard.next' });
    await loadSlotStep(booking);
    booking.pick({ type: 'slot.select', slot: slot() });
    booking.actor.send({ type: 'wizard.back' });
    booking.actor.send({ type: 'wizard.back' });
    booking.actor.send({ type: 'branch.locate', branches: allBranches });
    booking.getPosition.last().resolve({ latitude: 61.5, longitude: 23.76 });
    await settle();
    expect(booking.context().slot).toEqual(slot());
  });
});
