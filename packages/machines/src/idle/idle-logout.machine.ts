import { setup } from 'xstate';
import { notProvidedAction } from '../shared/not-provided.ts';

/** Spec §4, §9: 1800 s (30 minutes) without activity logs the user out. */
export const IDLE_TIMEOUT_MS = 1800 * 1000;

/** The DOM events that count as activity (spec §4). The web app listens to these. */
export const IDLE_ACTIVITY_EVENTS = [
  'load',
  'mousemove',
  'mousedown',
  'click',
  'scroll',
  'keypress',
] as const;
export type ActivityKind = (typeof IDLE_ACTIVITY_EVENTS)[number];

export type IdleLogoutEvent =
  /** The session signed in: start counting. */
  | { type: 'idle.start' }
  /** The session signed out: stop counting. */
  | { type: 'idle.stop' }
  | { type: 'activity'; kind: ActivityKind };

/**
 * Idle logout (spec §4): while running, `idleTimeout` without an `activity` event runs the
 * injected `logout` action (the web app sends `session.logout`) and stops.
 */
export const idleLogoutMachine = setup({
  types: {
    events: {} as IdleLogoutEvent,
  },
  actions: {
    logout: notProvidedAction('logout'),
  },
  delays: {
    idleTimeout: IDLE_TIMEOUT_MS,
  },
}).createMachine({
  id: 'idleLogout',
  initial: 'stopped',
  states: {
    stopped: {
      on: { 'idle.start': 'running' },
    },
    running: {
      after: {
        idleTimeout: { target: 'stopped', actions: 'logout' },
      },
      on: {
        activity: { target: 'running', reenter: true },
        'idle.stop': 'stopped',
      },
    },
  },
});

export type IdleLogoutMachine = typeof idleLogoutMachine;
