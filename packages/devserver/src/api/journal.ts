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

function keptBody(body: unknown): unknown {
  return body instanceof Uint8Array ? `[${body.byteLength} bytes]` : body;
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
  /** A ring of the newest entries: `next` is where the next one goes. */
  private ring: (Recorded | undefined)[] = new Array<Recorded | undefined>(JOURNAL_SIZE);
  private next = 0;
  private nextId = 1;

  record(entry: Omit<Recorded, 'id'>): void {
    const recorded = entry as Recorded;
    recorded.id = this.nextId++;
    // Bytes (an upload, a served image) only by their size: 500 images would not fit in memory.
    recorded.requestBody = keptBody(entry.requestBody);
    recorded.responseBody = keptBody(entry.responseBody);
    this.ring[this.next] = recorded;
    this.next = (this.next + 1) % JOURNAL_SIZE;
  }

  clear(): void {
    this.ring = new Array<Recorded | undefined>(JOURNAL_SIZE);
    this.next = 0;
  }

  /** The kept entries, oldest first. */
  private get entries(): Recorded[] {
    const ordered = [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
    return ordered.filter((entry): entry is Recorded => entry !== undefined);
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
