import { afterEach, describe, expect, test, vi } from 'vitest';
import type { BookingChoices } from '@portal/machines';
import {
  HOLDER_KEY_STORAGE_KEY,
  clearChoices,
  holderKey,
  loadChoices,
  saveChoices,
} from './wizard-storage.ts';

describe('the tab’s holder key (decision 030)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  test('is 16 random bytes in hex, the same for every hold of the tab, and kept in its sessionStorage', () => {
    const first = holderKey();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(holderKey()).toBe(first);
    expect(sessionStorage.getItem(HOLDER_KEY_STORAGE_KEY)).toBe(first);
    sessionStorage.clear();
    expect(holderKey()).not.toBe(first);
  });

  test('a stored value that is not a key is replaced', () => {
    sessionStorage.setItem(HOLDER_KEY_STORAGE_KEY, 'short');
    const key = holderKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(sessionStorage.getItem(HOLDER_KEY_STORAGE_KEY)).toBe(key);
  });

  test('blocked storage still gives a key (each hold then stands alone)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(holderKey()).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('the answers kept in the tab, and whom they are for (issue 55)', () => {
  afterEach(() => sessionStorage.clear());
  const choices = { customerType: 'private', campaignCode: 'HYMY10' } as unknown as BookingChoices;

  test('a booking begun for oneself is not carried over to a child chosen since, nor back', () => {
    saveChoices(choices);
    expect(loadChoices('self')).toMatchObject({ customerType: 'private', campaignCode: 'HYMY10' });
    expect(loadChoices('148')).toBeNull();
    saveChoices(choices, '148');
    expect(loadChoices('148')).toMatchObject({ campaignCode: 'HYMY10' });
    expect(loadChoices('self')).toBeNull();
    // Without a person (the terms gate's notice): whatever is kept.
    expect(loadChoices()).toMatchObject({ campaignCode: 'HYMY10' });
    clearChoices();
    expect(loadChoices()).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });
});
