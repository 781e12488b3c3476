import { afterEach, describe, expect, test, vi } from 'vitest';
import { appNow, followDevClock, followPageDevClock, forgetDevClock } from './app-clock.ts';
import { helsinkiToday } from './time.ts';

afterEach(() => {
  forgetDevClock();
  vi.useRealTimers();
});

describe('the portal’s now', () => {
  test('is the device’s time until a dev clock is heard', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z'), toFake: ['Date'] });
    expect(appNow().toISOString()).toBe('2026-11-26T10:00:00.000Z');
  });

  test('follows x-dev-now, and runs on with the device from there', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z'), toFake: ['Date'] });
    followDevClock('2027-01-04T09:30:00+02:00');
    expect(appNow().toISOString()).toBe('2027-01-04T07:30:00.000Z');
    // The calendar's today is the dev clock's day in Helsinki.
    expect(helsinkiToday()).toBe('2027-01-04');
    vi.advanceTimersByTime(90_000);
    expect(appNow().toISOString()).toBe('2027-01-04T07:31:30.000Z');
  });

  test('an unreadable header changes nothing; dev mode off brings the device’s time back', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z'), toFake: ['Date'] });
    followDevClock('2027-01-04T09:30:00+02:00');
    followDevClock('not a time');
    expect(appNow().toISOString()).toBe('2027-01-04T07:30:00.000Z');
    forgetDevClock();
    expect(appNow().toISOString()).toBe('2026-11-26T10:00:00.000Z');
  });

  test('a page marked with the dev clock (data-dev-now) starts on it, before any answer', () => {
    const root = document.createElement('html');
    root.dataset.devNow = '2027-01-04T09:30:00+02:00';
    followPageDevClock(root);
    // Within the seconds since the page was requested (the navigation's start).
    const drift = appNow().getTime() - Date.parse('2027-01-04T07:30:00Z');
    expect(Math.abs(drift)).toBeLessThan(10 * 60_000);
    expect(helsinkiToday()).toBe('2027-01-04');
    forgetDevClock();
    followPageDevClock(document.createElement('html'));
    expect(Math.abs(appNow().getTime() - Date.now())).toBeLessThan(1000);
  });
});
