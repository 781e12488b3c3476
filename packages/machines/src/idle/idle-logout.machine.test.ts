import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ActivityKind } from './idle-logout.machine.ts';
import {
  IDLE_ACTIVITY_EVENTS,
  IDLE_TIMEOUT_MS,
  KEEP_ALIVE_MS,
  idleLogoutMachine,
} from './idle-logout.machine.ts';

const SECOND = 1000;

function startIdleLogout() {
  const logout = vi.fn();
  const keepAlive = vi.fn();
  const actor = createActor(idleLogoutMachine.provide({ actions: { logout, keepAlive } })).start();
  return { actor, logout, keepAlive };
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

  test('Activity events are load, mousemove, mousedown, click, scroll and any key pressed (keydown)', () => {
    expect([...IDLE_ACTIVITY_EVENTS]).toEqual([
      'load',
      'mousemove',
      'mousedown',
      'click',
      'scroll',
      'keydown',
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

  test('Activity is passed on to the server once, a minute after the first of a burst', () => {
    expect(KEEP_ALIVE_MS).toBe(60 * SECOND);
    const { actor, keepAlive } = startIdleLogout();
    actor.send({ type: 'idle.start' });
    vi.advanceTimersByTime(10 * 60 * SECOND);
    expect(keepAlive).not.toHaveBeenCalled();
    for (let second = 0; second < 59; second++) {
      actor.send({ type: 'activity', kind: 'mousemove' });
      vi.advanceTimersByTime(SECOND);
    }
    expect(keepAlive).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SECOND);
    expect(keepAlive).toHaveBeenCalledTimes(1);
    // Quiet again: nothing more to tell.
    vi.advanceTimersByTime(20 * 60 * SECOND);
    expect(keepAlive).toHaveBeenCalledTimes(1);
    actor.send({ type: 'activity', kind: 'keydown' });
    vi.advanceTimersByTime(KEEP_ALIVE_MS);
    expect(keepAlive).toHaveBeenCalledTimes(2);
  });

  test('A patient active for 2 hours is told to the server every minute and never logged out', () => {
    const { actor, logout, keepAlive } = startIdleLogout();
    actor.send({ type: 'idle.start' });
    for (let minute = 0; minute < 120; minute++) {
      actor.send({ type: 'activity', kind: 'scroll' });
      vi.advanceTimersByTime(60 * SECOND);
    }
    expect(keepAlive).toHaveBeenCalledTimes(120);
    expect(logout).not.toHaveBeenCalled();
  });

  test('Logging out or stopping drops activity the server was not told of yet', () => {
    const { actor, keepAlive } = startIdleLogout();
    actor.send({ type: 'idle.start' });
    actor.send({ type: 'activity', kind: 'click' });
    actor.send({ type: 'idle.stop' });
    vi.advanceTimersByTime(10 * KEEP_ALIVE_MS);
    expect(keepAlive).not.toHaveBeenCalled();
  });

  test('Activity while stopped does not start the count', () => {
    const { actor, logout } = startIdleLogout();
    actor.send({ type: 'activity', kind: 'click' });
    vi.advanceTimersByTime(10 * 1800 * SECOND);
    expect(logout).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('stopped');
  });
});
