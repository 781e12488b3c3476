import type { Schemas } from '@portal/sdk';
import { toHelsinkiIso } from '../core/clock.ts';
import type { DevState } from '../core/state.ts';
import type { UserRow } from '../core/users/sessions.ts';
import { redact } from '../http/redact.ts';
import { pathGlob } from './glob.ts';
import { INVALID_JSON, OversizedJson } from './json-body.ts';
import type { OperationSpec } from '@portal/sdk/contract';

type JournalEntry = Schemas['DevJournalEntry'];

/** The newest requests a journal keeps (older ones drop out). */
export const JOURNAL_SIZE = 500;
/**
 * A body larger than this (as JSON) is kept only as its size (`[N bytes]`): a journal of big
 * bodies would fill the server's memory (issue 52 item 3: 1 MiB bodies killed it).
 */
export const JOURNAL_BODY_BYTES = 8 * 1024;
/**
 * The bytes one journal keeps at most (its bodies and about 256 bytes an entry); older entries
 * drop out first. Every state has its own, so the server keeps at most this times the number of
 * sandboxes and one: about 101 MiB with the default 100 sandboxes.
 */
export const JOURNAL_BYTES = 1024 * 1024;
/** What an entry costs beside its bodies (ids, times, path, query). */
const ENTRY_BYTES = 256;

/** Body fields whose values never leave the server: tokens, secrets, codes, national ids. */
const SECRET_FIELD =
  /^(access_token|refresh_token|token|loginSecret|state|code|password|[sS]sn|SSN|[sS]ocialSecurityNumber|nationalId|holdId)$/;
/** Operations whose bodies are health answers: never shown, as they never reach a log. */
const HEALTH_TAG = 'anamnesis';
const WITHHELD = '[withheld: health answers]';

/** A body as the journal shows it: secrets replaced, national ids masked in every text. */
export function maskBody(value: unknown, key?: string): unknown {
  if (value === INVALID_JSON) return '[not JSON]';
  if (value instanceof OversizedJson)
    return `[refused unread: too many ${value.reason === 'depth' ? 'levels' : 'values'}]`;
  if (key !== undefined && SECRET_FIELD.test(key) && value !== null && value !== undefined)
    return '[redacted]';
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => maskBody(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskBody(v, k)]));
  }
  return value ?? null;
}

interface Recorded {
  id: number;
  atMs: number;
  devNowMs: number;
  operation: OperationSpec;
  /** The request's path and query parameters (its URL is made when the journal is read). */
  path: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  status: number;
  durationMs: number;
  user: string | null;
  requestBody: unknown;
  responseBody: unknown;
}

export interface JournalFilter {
  /** A path, `*` matching any characters (`/api/reservations*`). */
  path?: string;
  /** A status (`409`) or a class (`4xx`). */
  status?: string;
  /** A test user's key (`patient`) or a user id. */
  user?: string;
  /** Only requests made at or after this instant (real time). */
  sinceMs?: number;
  limit?: number;
}

/**
 * The size of a value as JSON, counted until it passes `limit` (then any larger number): a big
 * body is not walked whole. Strings count their UTF-16 length, near enough for a bound.
 */
export function jsonSizeUpTo(value: unknown, limit: number): number {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && size <= limit) {
    const item = stack.pop();
    if (typeof item === 'string') size += item.length + 2;
    else if (typeof item === 'number' || typeof item === 'boolean') size += String(item).length;
    else if (item === null || item === undefined) size += 4;
    else if (Array.isArray(item)) {
      size += 2 + item.length;
      for (const element of item) stack.push(element);
    } else if (typeof item === 'object') {
      for (const [key, field] of Object.entries(item)) {
        size += key.length + 4;
        stack.push(field);
      }
      size += 2;
    }
  }
  return size;
}

/**
 * A body as the journal keeps it, and what it costs: bytes only by their size, a body over
 * JOURNAL_BODY_BYTES only by its size (`bytes`: the request's Content-Length when the transport
 * had one), anything else as it was.
 */
function keptBody(body: unknown, bytes?: number): { body: unknown; size: number } {
  if (body instanceof Uint8Array) return { body: `[${body.byteLength} bytes]`, size: 32 };
  const size = jsonSizeUpTo(body, JOURNAL_BODY_BYTES);
  if (size <= JOURNAL_BODY_BYTES) return { body, size };
  const whole = bytes ?? jsonBytes(body);
  return { body: `[${whole} bytes, not kept]`, size: 32 };
}

function jsonBytes(value: unknown): number {
  try {
    return new TextEncoder().encode(JSON.stringify(value)).byteLength;
  } catch {
    return 0;
  }
}

/** The name a journal entry gives its caller: the test user's key, else the user id. */
export function journalUser(user: UserRow | null): string | null {
  if (!user) return null;
  return user.devKey ?? String(user.id);
}

/** The concrete path of a request (its operation's path with the parameters filled in). */
export function requestPath(request: Pick<Recorded, 'operation' | 'path'>): string {
  return request.operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    encodeURIComponent(request.path[name] ?? ''),
  );
}

/** The path and query a request was made to. */
function requestUrl(request: Pick<Recorded, 'operation' | 'path' | 'query'>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
      query.append(name, item);
  }
  const search = query.toString();
  return search ? `${requestPath(request)}?${search}` : requestPath(request);
}

/**
 * The dev server's request journal (issue 34 item 5): the newest requests of one state (each
 * sandbox has its own), with their answers, for QA to read back through `GET /api/dev/journal`.
 * Bodies are kept as they were and masked when read, so recording costs a request almost nothing.
 */
export class Journal {
  /** The kept entries, oldest first, from `head` on (dropped ones are cut off now and then). */
  private kept: (Recorded & { bytes: number })[] = [];
  private head = 0;
  private bytes = 0;
  private nextId = 1;

  /**
   * Keeps a request. Its bodies are kept as they were when small (masked when read), else by
   * their size; `requestBytes` is the request's Content-Length when the transport knows it.
   */
  record(entry: Omit<Recorded, 'id'>, requestBytes?: number): void {
    const request = keptBody(entry.requestBody, requestBytes);
    const response = keptBody(entry.responseBody);
    const recorded = entry as Recorded & { bytes: number };
    recorded.id = this.nextId++;
    recorded.requestBody = request.body;
    recorded.responseBody = response.body;
    recorded.bytes = ENTRY_BYTES + request.size + response.size;
    this.kept.push(recorded);
    this.bytes += recorded.bytes;
    while (this.kept.length - this.head > JOURNAL_SIZE || this.bytes > JOURNAL_BYTES) {
      const dropped = this.kept[this.head];
      if (!dropped) break;
      this.kept[this.head] = undefined as never;
      this.head += 1;
      this.bytes -= dropped.bytes;
    }
    // Cut the dropped entries off once they are as many as the kept ones.
    if (this.head > 0 && this.head >= this.kept.length - this.head) {
      this.kept = this.kept.slice(this.head);
      this.head = 0;
    }
  }

  clear(): void {
    this.kept = [];
    this.head = 0;
    this.bytes = 0;
  }

  /** The bytes the journal keeps now (its bound is JOURNAL_BYTES). */
  get keptBytes(): number {
    return this.bytes;
  }

  /** The kept entries, oldest first. */
  private get entries(): Recorded[] {
    return this.kept.slice(this.head);
  }

  /** Matching entries, newest first, and how many matched before the limit. */
  list(filter: JournalFilter = {}): { total: number; items: JournalEntry[] } {
    const path = filter.path ? pathGlob(filter.path) : null;
    const status = filter.status?.toLowerCase();
    const matching = this.entries.filter(
      (entry) =>
        (path === null || path.test(requestPath(entry))) &&
        (status === undefined ||
          (status.endsWith('xx')
            ? String(entry.status)[0] === status[0]
            : String(entry.status) === status)) &&
        (filter.user === undefined || entry.user === filter.user) &&
        (filter.sinceMs === undefined || entry.atMs >= filter.sinceMs),
    );
    const items = matching
      .slice(-(filter.limit ?? 100))
      .reverse()
      .map((entry) => this.show(entry));
    return { total: matching.length, items };
  }

  private show(entry: Recorded): JournalEntry {
    const health = entry.operation.tags.includes(HEALTH_TAG);
    const body = (value: unknown) =>
      value === undefined ? null : health ? WITHHELD : maskBody(value);
    return {
      id: entry.id,
      at: toHelsinkiIso(new Date(entry.atMs)),
      devNow: toHelsinkiIso(new Date(entry.devNowMs)),
      method: entry.operation.method,
      url: redact(requestUrl(entry)),
      operationId: entry.operation.operationId,
      status: entry.status,
      durationMs: entry.durationMs,
      user: entry.user,
      requestBody: body(entry.requestBody),
      responseBody: body(entry.responseBody),
    };
  }
}

const journals = new WeakMap<DevState, Journal>();

/** The journal of a state (the shared one or a sandbox's). */
export function journalOf(state: DevState): Journal {
  let journal = journals.get(state);
  if (!journal) journals.set(state, (journal = new Journal()));
  return journal;
}
