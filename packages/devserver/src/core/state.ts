import type { Schemas } from '@portal/sdk';
import { Clock } from './clock.ts';
import { createDb, type Db } from './db.ts';
import { Events } from './events.ts';

export type ScenarioName = Schemas['DevScenarioName'];
export const scenarioNames: readonly ScenarioName[] = [
  'no-free-slots',
  'chat-closed',
  'anamnesis-disabled',
  'terms-pending',
];

export interface Settings {
  devMode: boolean;
  maintenance: { active: boolean; startsAt: string | null };
  scenarios: Record<ScenarioName, boolean>;
}

export const DEFAULT_SEED = 20261122;

/**
 * Everything the dev server knows: the store, the clock and the QA settings. Core functions
 * take it as their first argument; transports never reach past it.
 */
export interface DevState {
  seed: number;
  /** Seed size multiplier (1 normally; benchmarks use 10 to show how costs grow). */
  scale: number;
  db: Db;
  clock: Clock;
  settings: Settings;
  /** Last id handed out per table. */
  counters: Record<string, number>;
  /** Change notifications inside the process (chat streams listen here). */
  events: Events;
  /**
   * QA's changes since the start (clock, scenarios, maintenance, working hours, reset): open
   * pages in dev mode reload their data when it moves (`DevClock.revision`).
   */
  devRevision: number;
  /**
   * The access log is not written (issue 57): only the bench sets it, to measure what the log
   * costs a staff read. Never from a request, a flag or a state file.
   */
  accessLogOff?: boolean;
}

export interface StateOptions {
  seed?: number;
  /** Start the clock at this instant (frozen) instead of the real time. */
  now?: Date;
  devMode?: boolean;
  /** Seed size multiplier: practitioners × scale (benchmarks). */
  scale?: number;
  /** The real time source (tests pass a fake one). */
  realNow?: () => number;
}

export function defaultSettings(devMode: boolean): Settings {
  return {
    devMode,
    maintenance: { active: false, startsAt: null },
    scenarios: {
      'no-free-slots': false,
      'chat-closed': false,
      'anamnesis-disabled': false,
      'terms-pending': false,
    },
  };
}

/**
 * An empty state: the store, the clock and the settings, without data. `createSeededState`
 * (seed.ts) fills it from the seed; a state file restores into it.
 */
export function createState(options: StateOptions = {}): DevState {
  const clock = new Clock(options.realNow);
  if (options.now) clock.set(options.now, true);
  const events = new Events();
  const state: DevState = {
    seed: options.seed ?? DEFAULT_SEED,
    scale: options.scale ?? 1,
    db: createDb(),
    clock,
    settings: defaultSettings(options.devMode ?? true),
    counters: {},
    events,
    devRevision: 0,
  };
  return state;
}

/** The next id of a table: one more than the largest handed out or stored. */
export function nextId(state: DevState, table: string): number {
  const next = (state.counters[table] ?? 0) + 1;
  state.counters[table] = next;
  return next;
}

/** Makes sure `nextId` continues after the ids a seed created. */
export function bumpCounter(state: DevState, table: string, id: number): void {
  state.counters[table] = Math.max(state.counters[table] ?? 0, id);
}
