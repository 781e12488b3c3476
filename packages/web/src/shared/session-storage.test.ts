import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  ACCESS_TOKEN_KEY,
  DEV_MODE_KEY,
  hasToken,
  readDevMode,
  readToken,
  removeStored,
  subscribeDevMode,
  writeStored,
} from './session-storage.ts';

afterEach(() => localStorage.clear());

describe('the session’s storage', () => {
  test('keeps the token under access_token (spec §3) until it is removed', () => {
    expect(hasToken()).toBe(false);
    writeStored(ACCESS_TOKEN_KEY, 'dev-token');
    expect(localStorage.getItem('access_token')).toBe('dev-token');
    expect(readToken()).toBe('dev-token');
    removeStored(ACCESS_TOKEN_KEY);
    expect(readToken()).toBeNull();
  });

  test('dev mode is the string true or false under devMode, and a change is announced', () => {
    const onChange = vi.fn();
    const unsubscribe = subscribeDevMode(onChange);
    writeStored(DEV_MODE_KEY, 'true');
    expect(localStorage.getItem('devMode')).toBe('true');
    expect(readDevMode()).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(1);
    unsubscribe();
    writeStored(DEV_MODE_KEY, 'false');
    expect(readDevMode()).toBe(false);
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
