import type { Schemas } from '@portal/sdk';
import { toHelsinkiIso } from '../core/clock.ts';
import { fail, ok, type Result } from '../core/result.ts';
import { createSeededState } from '../core/seed.ts';
import type { Api } from './pipeline.ts';

/** The request header that names a sandbox (a browser may send the cookie of the same name). */
export const SANDBOX_HEADER = 'x-dev-sandbox';
export const SANDBOX_COOKIE = 'X-Dev-Sandbox';
/** A sandbox's name: 1–64 letters, digits, dots, dashes and underscores, not starting with a sign. */
export const SANDBOX_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** A sandbox nobody has used for this long (real time) is dropped. */
export const SANDBOX_IDLE_MS = 60 * 60_000;
/** At most this many sandboxes live at once; a new one beyond drops the least recently used. */
export const MAX_SANDBOXES = 100;

export interface SandboxOptions {
  idleMs?: number;
  max?: number;
  /** The real time source (tests pass a fake one); sandboxes' clocks run on it too. */
  realNow?: () => number;
}

interface Entry {
  api: Api;
  createdAt: number;
  lastUsedAt: number;
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
export class Sandboxes {
  private readonly entries = new Map<string, Entry>();
  private readonly idleMs: number;
  private readonly max: number;
  private readonly realNow: () => number;

  constructor(
    private readonly shared: Api,
    options: SandboxOptions = {},
  ) {
    this.idleMs = options.idleMs ?? SANDBOX_IDLE_MS;
    this.max = options.max ?? MAX_SANDBOXES;
    this.realNow = options.realNow ?? Date.now;
  }

  /** The API that answers a request: its sandbox's, or the shared one. */
  select(headers: Record<string, string | undefined>): Result<Api> {
    if (!this.shared.state.settings.devMode) return ok(this.shared);
    const name = requestedSandbox(headers);
    if (name === null) return ok(this.shared);
    if (!SANDBOX_NAME.test(name)) return fail('bad-request', { message: 'request.sandboxName' });
    const now = this.realNow();
    this.dropIdle(now);
    const entry = this.entries.get(name) ?? this.create(name, now);
    entry.lastUsedAt = now;
    // The map's order is the order of last use: the first entry is the least recently used.
    this.entries.delete(name);
    this.entries.set(name, entry);
    return ok(entry.api);
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

  private create(name: string, now: number): Entry {
    while (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    const { seed, scale } = this.shared.state;
    const state = createSeededState({ seed, scale, devMode: true, realNow: this.realNow });
    // The shared API's handlers, contract and caches' rules; its own state, no state file.
    const api: Api = { ...this.shared, state, sandbox: name, onChange: undefined };
    return { api, createdAt: now, lastUsedAt: now };
  }

  private dropIdle(now: number): void {
    for (const [name, entry] of this.entries) {
      if (now - entry.lastUsedAt >= this.idleMs) this.entries.delete(name);
    }
  }
}
