import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ActivityKind } from './idle-logout.machine.ts';
import { IDLE_ACTIVITY_EVENTS, IDLE_TIMEOUT_MS, idleLogoutMachine } from './idle-logout.machine.ts';

const SECOND = 1000;

function startIdleLogout() {
  const logout = vi.fn();
  const actor = createActor(idleLogoutMachine.provide({ actions: { logout } })).start();
  return { actor, logout };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('idle logout', () => {
  test('The idle timeout is 1800 seconds', () => {
    expect(IDLE_TIMEOUT_MS).toBe(1800 * SECOND);
  });

  test('Idle for 1800 s logs the user out', () => {
    const { actor, logout } = startIdleLogout();
    actor.send({ type: 'idle.start' });
    vi.advanceTimersByTime(1800 * SECOND - 1);
    expect(logout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(logout).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('stopped');
  });

  test('After logging out it does not count again until started', () => {
    const { actor, logout } = startIdleLogout();
    actor.send({ type: 'idle.start' });
    vi.advanceTimersByTime(3 * 1800 * SECOND);
    expect(logout).toHaveBeenCalledTimes(1);
    actor.send({ type: 'idle.start' });
    vi.advanceTimersByTime(1800 * SECOND);
    expect(logout).toHaveBeenCalledTimes(2);
  });

  test('Activity events are load, mousemove, mousedown, click, scroll and keypress', () => {
    expect([...IDLE_ACTIVITY_EVENTS]).toEqual([
      'load',
      'mousemove',
      'mousedown',
      'click',
      'scroll',
      'keypress',
    ]);
  });

  test.each(IDLE_ACTIVITY_EVENTS.map((kind) => [kind]))(
    'A %s restarts the count',
    (kind: ActivityKind) => {
      const { actor, logout } = startIdleLogout();
      actor.send({ type: 'idle.start' });
      vi.advanceTimersByTime(1799 * SECOND);
      actor.send({ type: 'activity', kind });
      vi.advanceTimersByTime(1799 * SECOND);
      expect(logout).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1 * SECOND);
      expect(logout).toHaveBeenCalledTimes(1);
    },
  );

  test('It does not count while stopped (signed out)', () => {
    const { logout } = startIdleLogout();
    vi.advanceTimersByTime(10 * 1800 * SECOND);
    expect(logout).not.toHaveBeenCalled();
  });

  test('Stopping cancels the running count', () => {
    const { actor, logout } = startIdleLogout();
    actor.send({ type: 'idle.start' });
    vi.advanceTimersByTime(1000 * SECOND);
    actor.send({ type: 'idle.stop' });
    vi.advanceTimersByTime(10 * 1800 * SECOND);
    expect(logout).not.toHaveBeenCalled();
  });

  test('Activity while stopped does not start the count', () => {
    const { actor, logout } = startIdleLogout();
    actor.send({ type: 'activity', kind: 'click' });
    vi.advanceTimersByTime(10 * 1800 * SECOND);
    expect(logout).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('stopped');
  });
});
