import { setup } from 'xstate';
import { notProvidedAction } from '../shared/not-provided.ts';

/** Spec §4, §9: 1800 s (30 minutes) without activity logs the user out. */
export const IDLE_TIMEOUT_MS = 1800 * 1000;

/**
 * The DOM events that count as activity (spec §4). The web app listens to these. A key press is
 * `keydown`: `keypress` fires only for keys that type a character, so a keyboard user moving
 * with Tab, arrows, Enter or Escape would count as idle.
 */
export const IDLE_ACTIVITY_EVENTS = [
  'load',
  'mousemove',
  'mousedown',
  'click',
  'scroll',
  'keydown',
] as const;
export type ActivityKind = (typeof IDLE_ACTIVITY_EVENTS)[number];

export type IdleLogoutEvent =
  /** The session signed in: start counting. */
  | { type: 'idle.start' }
  /** The session signed out: stop counting. */
  | { type: 'idle.stop' }
  | { type: 'activity'; kind: ActivityKind };

/**
 * How soon after activity the server hears of it: the server expires a token unused for 30
 * minutes, and a patient reading or typing makes no call, so activity is passed on with one call
 * at most this long after it (and at most one call per this interval). The server's 30 minutes
 * then start after the browser's, and the browser is always the first to log out.
 */
export const KEEP_ALIVE_MS = 60 * 1000;

/**
 * Idle logout (spec §4): while running, `idleTimeout` without an `activity` event runs the
 * injected `logout` action (the web app sends `session.logout`) and stops. Activity also runs the
 * injected `keepAlive` action (a call that the server counts as use) `keepAliveDelay` later,
 * once per burst of activity.
 */
export const idleLogoutMachine = setup({
  types: {
    events: {} as IdleLogoutEvent,
  },
  actions: {
    logout: notProvidedAction('logout'),
    keepAlive: notProvidedAction('keepAlive'),
  },
  delays: {
    idleTimeout: IDLE_TIMEOUT_MS,
    keepAliveDelay: KEEP_ALIVE_MS,
  },
}).createMachine({
  id: 'idleLogout',
  initial: 'stopped',
  states: {
    stopped: {
      on: { 'idle.start': 'running' },
    },
    running: {
      type: 'parallel',
      on: { 'idle.stop': 'stopped' },
      states: {
        countdown: {
          initial: 'counting',
          states: {
            counting: {
              after: {
                idleTimeout: { target: '#idleLogout.stopped', actions: 'logout' },
              },
              on: { activity: { target: 'counting', reenter: true } },
            },
          },
        },
        server: {
          initial: 'told',
          states: {
            /** The server has heard of every activity so far. */
            told: { on: { activity: 'pending' } },
            /** Activity the server has not heard of: told after the delay. */
            pending: {
              after: { keepAliveDelay: { target: 'told', actions: 'keepAlive' } },
            },
          },
        },
      },
    },
  },
});

export type IdleLogoutMachine = typeof idleLogoutMachine;
