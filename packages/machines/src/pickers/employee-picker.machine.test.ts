import type { Schemas } from '@portal/sdk';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import { employeePickerMachine } from './employee-picker.machine.ts';

const aino: Schemas['Employee'] = {
  Id: 41,
  Name: 'Aino Virtanen',
  Image: null,
  Enabled: true,
  JobTitles: { fi: 'Hammaslääkäri', sv: 'Tandläkare', en: 'Dentist' },
  Branches: [3],
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function openPicker() {
  const actor = createActor(employeePickerMachine).start();
  actor.send({ type: 'picker.open' });
  return actor;
}

describe('employee picker', () => {
  test('A typed search is applied after 300 ms', () => {
    const actor = openPicker();
    actor.send({ type: 'picker.search', query: 'vir' });
    expect(actor.getSnapshot().context).toMatchObject({ query: 'vir', appliedQuery: '' });
    vi.advanceTimersByTime(299);
    expect(actor.getSnapshot().context.appliedQuery).toBe('');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.appliedQuery).toBe('vir');
  });

  test('Typing again restarts the 300 ms wait', () => {
    const actor = openPicker();
    actor.send({ type: 'picker.search', query: 'v' });
    vi.advanceTimersByTime(200);
    actor.send({ type: 'picker.search', query: 'vi' });
    vi.advanceTimersByTime(200);
    expect(actor.getSnapshot().context.appliedQuery).toBe('');
    vi.advanceTimersByTime(100);
    expect(actor.getSnapshot().context.appliedQuery).toBe('vi');
  });

  test('Choosing an employee selects it and closes the popup', () => {
    const actor = openPicker();
    actor.send({ type: 'picker.select', employee: aino });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.selected).toBe(aino);
  });

  test('Closing the popup cancels a pending search and opening starts a fresh one', () => {
    const actor = openPicker();
    actor.send({ type: 'picker.search', query: 'vir' });
    actor.send({ type: 'picker.close' });
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.appliedQuery).toBe('');
    actor.send({ type: 'picker.open' });
    expect(actor.getSnapshot().context).toMatchObject({ query: '', appliedQuery: '' });
  });

  test('An employee can be chosen while the popup is closed, and the choice cleared', () => {
    const actor = createActor(employeePickerMachine).start();
    actor.send({ type: 'picker.select', employee: aino });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.selected).toBe(aino);
    actor.send({ type: 'picker.select', employee: null });
    expect(actor.getSnapshot().context.selected).toBeNull();
  });
});
