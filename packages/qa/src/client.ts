import createClient from 'openapi-fetch';
import type { components, paths } from '@portal/sdk';

type Schemas = components['schemas'];

/** The dev server's test users (`POST /api/dev/session`). */
export type TestUser = Schemas['DevUserKey'];
export type DevClock = Schemas['DevClock'];
export type DevFault = Schemas['DevFault'];
export type DevFaultRequest = Schemas['DevFaultRequest'];
export type DevJournal = Schemas['DevJournal'];
export type OutboxMessage = Schemas['OutboxMessage'];
export type ScenarioName = Schemas['DevScenarioName'];

export interface DevClientOptions {
  /** The dev server's address (`http://127.0.0.1:3000`). */
  baseURL: string;
  /** The sandbox every call works in (`X-Dev-Sandbox`); the shared state when absent. */
  sandbox?: string | null;
  /** Another fetch (a test's own). */
  fetch?: typeof fetch;
}

export interface OutboxFilter {
  userId?: number;
  kind?: OutboxMessage['kind'];
  /** Only messages sent at or after this instant (the dev clock's time). */
  since?: string;
}

export interface JournalFilter {
  /** A path; `*` matches any characters (`/api/reservations*`). */
  path?: string;
  /** A status (`409`) or a class (`4xx`). */
  status?: string;
  /** A test user's key. */
  user?: string;
  /** Only requests made at or after this instant (real time). */
  since?: string;
  limit?: number;
}

/** A dev control the server refused, with its answer. */
export class DevCallError extends Error {
  constructor(
    readonly call: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${call} answered ${status}: ${JSON.stringify(body)}`);
    this.name = 'DevCallError';
  }
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

function checked<T>(call: string, answer: Answer<T>): T {
  if (!answer.response.ok) throw new DevCallError(call, answer.response.status, answer.error);
  return answer.data as T;
}

function iso(instant: Date | string): string {
  return typeof instant === 'string' ? instant : instant.toISOString();
}

/**
 * A typed client of the dev server's QA controls (`/api/dev/*`), in one sandbox or the shared
 * state: sign in as a test user, the clock, scenarios, maintenance, faults, the outbox and the
 * journal. Every refused call throws a `DevCallError` with the server's answer.
 */
export function createDevClient(options: DevClientOptions) {
  const sandbox = options.sandbox ?? null;
  const client = createClient<paths>({
    baseUrl: options.baseURL.replace(/\/$/, ''),
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      ...(sandbox ? { 'X-Dev-Sandbox': sandbox } : {}),
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  const clock = {
    get: async (): Promise<DevClock> => checked('getDevClock', await client.GET('/api/dev/clock')),
    /** Sets the clock; `frozen` keeps it still (by default it keeps its current running state). */
    set: async (
      now: Date | string,
      settings: { frozen?: boolean; expireSessions?: boolean } = {},
    ): Promise<DevClock> =>
      checked(
        'setDevClock',
        await client.PUT('/api/dev/clock', { body: { now: iso(now), ...settings } }),
      ),
    /** Sets the clock and stops it there: a test's time that never moves on its own. */
    freeze: (now: Date | string): Promise<DevClock> => clock.set(now, { frozen: true }),
    advance: async (seconds: number, settings: { expireSessions?: boolean } = {}) =>
      checked(
        'advanceDevClock',
        await client.POST('/api/dev/clock/advance', { body: { seconds, ...settings } }),
      ),
  };

  return {
    sandbox,
    /** A session of a test user: its access token (for `Authorization: Bearer …`). */
    signIn: async (user: TestUser): Promise<string> =>
      checked('createDevSession', await client.POST('/api/dev/session', { body: { user } }))
        .access_token,
    /**
     * Back to the seed: data, clock, scenarios, maintenance, faults; every session ends. `at`:
     * the seed is laid at that moment with the clock frozen there (the same data every time).
     */
    reset: async (at?: Date | string): Promise<void> => {
      const query = at === undefined ? {} : { at: iso(at) };
      checked('resetDevState', await client.POST('/api/dev/reset', { params: { query } }));
    },
    clock,
    scenario: async (name: ScenarioName, enabled = true) =>
      checked(
        'setDevScenario',
        await client.PUT('/api/dev/scenarios/{name}', {
          params: { path: { name } },
          body: { enabled },
        }),
      ),
    maintenance: async (active: boolean, startsAt?: Date | string) =>
      checked(
        'setDevMaintenance',
        await client.PUT('/api/dev/maintenance', {
          body: { active, ...(startsAt === undefined ? {} : { startsAt: iso(startsAt) }) },
        }),
      ),
    faults: {
      add: async (fault: DevFaultRequest): Promise<DevFault> =>
        checked('addDevFault', await client.POST('/api/dev/faults', { body: fault })),
      list: async (): Promise<DevFault[]> =>
        checked('listDevFaults', await client.GET('/api/dev/faults')),
      remove: async (id: number): Promise<void> => {
        checked(
          'removeDevFault',
          await client.DELETE('/api/dev/faults/{id}', { params: { path: { id } } }),
        );
      },
      clear: async (): Promise<void> => {
        checked('clearDevFaults', await client.DELETE('/api/dev/faults'));
      },
    },
    outbox: {
      /** The delivered messages, newest first. */
      list: async (filter: OutboxFilter = {}): Promise<OutboxMessage[]> =>
        checked(
          'listDevOutbox',
          await client.GET('/api/dev/outbox', { params: { query: filter } }),
        ),
      /** The first matching message, waiting up to `timeoutSeconds` for it; null if none came. */
      next: async (
        filter: OutboxFilter & { timeoutSeconds: number },
      ): Promise<OutboxMessage | null> =>
        checked(
          'waitForDevOutboxMessage',
          await client.GET('/api/dev/outbox/next', { params: { query: filter } }),
        ).message,
      clear: async (): Promise<void> => {
        checked('clearDevOutbox', await client.DELETE('/api/dev/outbox'));
      },
    },
    journal: {
      /** The newest requests of this sandbox with their answers (masked), newest first. */
      list: async (filter: JournalFilter = {}): Promise<DevJournal> =>
        checked(
          'listDevJournal',
          await client.GET('/api/dev/journal', { params: { query: filter } }),
        ),
      clear: async (): Promise<void> => {
        checked('clearDevJournal', await client.DELETE('/api/dev/journal'));
      },
    },
    /** Forgets this sandbox (its next call starts again from the seed); nothing for the shared state. */
    drop: async (): Promise<void> => {
      if (!sandbox) return;
      const answer = await client.DELETE('/api/dev/sandboxes/{name}', {
        params: { path: { name: sandbox } },
      });
      if (answer.response.status !== 404) checked('dropDevSandbox', answer);
    },
  };
}

export type DevClient = ReturnType<typeof createDevClient>;
