import type { Schemas } from '@portal/sdk';
import { toHelsinkiIso } from '../core/clock.ts';
import { fail, ok, type Result } from '../core/result.ts';
import { createSeededState } from '../core/seed.ts';
import { restoreState, snapshotState, type StateSnapshot } from '../core/snapshot.ts';
import { createState, type DevState } from '../core/state.ts';

/** The request header that names a sandbox (a browser may send the cookie of the same name). */
export const SANDBOX_HEADER = 'x-dev-sandbox';
export const SANDBOX_COOKIE = 'X-Dev-Sandbox';
/** A sandbox's name: 1–64 letters, digits, dots, dashes and underscores, not starting with a sign. */
export const SANDBOX_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** A sandbox nobody has used for this long (real time) is dropped. */
export const SANDBOX_IDLE_MS = 60 * 60_000;
/**
 * At most this many sandboxes live at once. One used within its idle time is never dropped for a
 * new one: a new name beyond answers 429 `sandboxes-full` (issue 52 item 3).
 */
export const MAX_SANDBOXES = 100;
/** New sandbox names one client address may start in a minute (429 `sandboxes-full` beyond). */
export const NEW_SANDBOXES_PER_MINUTE = 30;
/** Live sandboxes one client address may have made (429 beyond; drop some or reuse them). */
export const SANDBOXES_PER_CLIENT = 25;
/**
 * A new sandbox is a copy of the seed laid at most this long ago (a few milliseconds), not a new
 * seed (a third of a second of the event loop): the seed's dates follow the clock, so the copy is
 * made again once it is older.
 */
export const PREPARED_SEED_MS = 60_000;

export interface SandboxOptions {
  idleMs?: number;
  max?: number;
  /** New names one client address may start in a minute (default NEW_SANDBOXES_PER_MINUTE). */
  newPerMinute?: number;
  /** The real time source (tests pass a fake one); sandboxes' clocks run on it too. */
  realNow?: () => number;
}

/**
 * What a sandbox needs of the API whose copy it is: the state it replaces, and the marks the copy
 * sets. The pipeline's API (pipeline.ts) is one; this module knows no more of it, so the arrow
 * goes one way (the pipeline holds its sandboxes).
 */
export interface SandboxedApi {
  state: DevState;
  /** The sandbox whose state this API holds; absent for the shared state. */
  sandbox?: string;
  /** Called after every request that changed the state; a sandbox's copy has none. */
  onChange?: () => void;
}

interface Entry<A extends SandboxedApi> {
  api: A;
  createdAt: number;
  lastUsedAt: number;
  /** The client address that named it first (null when the transport had none). */
  creator: string | null;
}

/** The sandbox a request names: its header, else its cookie; null for the shared state. */
export function requestedSandbox(headers: Record<string, string | undefined>): string | null {
  const header = headers[SANDBOX_HEADER]?.trim();
  if (header) return header;
  for (const part of headers.cookie?.split(';') ?? []) {
    const [name, ...value] = part.split('=');
    if (name?.trim() !== SANDBOX_COOKIE) continue;
    const raw = value.join('=').trim();
    try {
      return decodeURIComponent(raw) || null;
    } catch {
      return raw;
    }
  }
  return null;
}

/**
 * Isolated dev states, one per tester or test worker (decision 024): each has its own store,
 * clock, scenarios, maintenance, outbox and sessions, made from the shared state's seed on first
 * use, kept in memory only (never in the state file) and dropped after an idle hour. A request
 * names its sandbox with `X-Dev-Sandbox` (or the cookie); without one it reaches the shared state.
 * Only in dev mode: without it the header is ignored, as any real server would.
 */
export class Sandboxes<A extends SandboxedApi = SandboxedApi> {
  private readonly entries = new Map<string, Entry<A>>();
  /** Per client address, when it started its new sandboxes of the last minute. */
  private readonly started = new Map<string, number[]>();
  /** The seed as laid last, and when (real time). */
  private prepared: { snapshot: StateSnapshot; atMs: number } | null = null;
  private readonly idleMs: number;
  private readonly max: number;
  private readonly newPerMinute: number;
  private readonly realNow: () => number;

  constructor(
    private readonly shared: A,
    options: SandboxOptions = {},
  ) {
    this.idleMs = options.idleMs ?? SANDBOX_IDLE_MS;
    this.max = options.max ?? MAX_SANDBOXES;
    this.newPerMinute = options.newPerMinute ?? NEW_SANDBOXES_PER_MINUTE;
    this.realNow = options.realNow ?? Date.now;
  }

  /**
   * The API that answers a request: its sandbox's, or the shared one. `client` is the caller's
   * address (the transport's), which new names are counted against.
   */
  select(headers: Record<string, string | undefined>, client: string | null = null): Result<A> {
    if (!this.shared.state.settings.devMode) return ok(this.shared);
    const name = requestedSandbox(headers);
    if (name === null) return ok(this.shared);
    if (!SANDBOX_NAME.test(name)) return fail('bad-request', { message: 'request.sandboxName' });
    const now = this.realNow();
    this.dropIdle(now);
    let entry = this.entries.get(name);
    if (!entry) {
      const refused = this.refusal(client, now);
      if (refused) return refused;
      entry = this.create(name, now, client);
    }
    entry.lastUsedAt = now;
    // The map's order is the order of last use: the first entry is the least recently used.
    this.entries.delete(name);
    this.entries.set(name, entry);
    return ok(entry.api);
  }

  /** Why a new name may not be made now: the client's limits, then the server's. */
  private refusal(client: string | null, now: number): Result<never> | null {
    const seconds = (ms: number) => ({ 'Retry-After': String(Math.max(1, Math.ceil(ms / 1000))) });
    if (client !== null) {
      const recent = (this.started.get(client) ?? []).filter((at) => now - at < 60_000);
      this.started.set(client, recent);
      if (recent.length >= this.newPerMinute)
        return fail('sandboxes-full', {
          message: 'request.sandboxRate',
          headers: seconds(60_000 - (now - (recent[0] ?? now))),
        });
      let own = 0;
      for (const entry of this.entries.values()) if (entry.creator === client) own += 1;
      if (own >= SANDBOXES_PER_CLIENT)
        return fail('sandboxes-full', {
          message: 'request.sandboxesOfClient',
          params: { count: own },
          headers: seconds(60_000),
        });
    }
    if (this.entries.size >= this.max) {
      const leastRecent = this.entries.values().next().value;
      return fail('sandboxes-full', {
        params: { count: this.max },
        headers: seconds(leastRecent ? this.idleMs - (now - leastRecent.lastUsedAt) : 60_000),
      });
    }
    return null;
  }

  list(): Schemas['DevSandbox'][] {
    this.dropIdle(this.realNow());
    return [...this.entries]
      .map(([name, entry]) => ({
        name,
        createdAt: toHelsinkiIso(new Date(entry.createdAt)),
        lastUsedAt: toHelsinkiIso(new Date(entry.lastUsedAt)),
        now: toHelsinkiIso(entry.api.state.clock.now()),
        frozen: entry.api.state.clock.frozen,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** A live sandbox's state (tests and tools that look inside), undefined when there is none. */
  stateOf(name: string): DevState | undefined {
    return this.entries.get(name)?.api.state;
  }

  /** Drops a sandbox (its next request starts again from the seed); false when there was none. */
  drop(name: string): boolean {
    return this.entries.delete(name);
  }

  get idleMinutes(): number {
    return Math.round(this.idleMs / 60_000);
  }

  get limit(): number {
    return this.max;
  }

  private create(name: string, now: number, creator: string | null): Entry<A> {
    const state = this.seeded(now);
    if (creator !== null) this.started.set(creator, [...(this.started.get(creator) ?? []), now]);
    // The shared API's handlers, contract and caches' rules; its own state, no state file.
    const api: A = { ...this.shared, state, sandbox: name, onChange: undefined };
    return { api, createdAt: now, lastUsedAt: now, creator };
  }

  /**
   * A state as the seed lays it: a copy of the prepared one while it is fresh (PREPARED_SEED_MS),
   * else a new seed, whose copy is kept for the next ones.
   */
  private seeded(now: number): DevState {
    const { seed, scale } = this.shared.state;
    const options = { seed, scale, devMode: true, realNow: this.realNow };
    const prepared = this.prepared;
    if (prepared && now - prepared.atMs < PREPARED_SEED_MS && now >= prepared.atMs) {
      const state = createState(options);
      restoreState(state, structuredClone(prepared.snapshot));
      return state;
    }
    const state = createSeededState(options);
    this.prepared = { snapshot: structuredClone(snapshotState(state)), atMs: now };
    return state;
  }

  private dropIdle(now: number): void {
    for (const [name, entry] of this.entries) {
      if (now - entry.lastUsedAt >= this.idleMs) this.entries.delete(name);
    }
    for (const [client, times] of this.started) {
      if (times.every((at) => now - at >= 60_000)) this.started.delete(client);
    }
  }
}
