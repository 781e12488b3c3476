import { afterEach, describe, expect, test, vi } from 'vitest';
import { HOLDER_KEY_STORAGE_KEY, holderKey } from './wizard-storage.ts';

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
