import { helsinkiDate, toHelsinkiIso } from '../clock.ts';
import { sha256Hex } from '../hash.ts';
import { rowById } from '../db.ts';
import type { DevState } from '../state.ts';
import type { UserRow } from '../users/sessions.ts';

/**
 * The access log (issue 57; Act 703/2023 on client data in health care, OWASP ASVS V16): every
 * staff read, search, change, export or deletion of a patient's data, and every act of one user
 * for another, as one entry per patient, kept two years by the dev clock. Append-only and
 * hash-chained: each entry's hash covers its fields and the hash of the entry before it, so an
 * edited, removed or reordered entry breaks the chain where it happened (`verifyAccessLog`).
 * Kept in the store (a table like any other), so it is saved with the state file, reset with the
 * seed and separate per sandbox.
 */

export type AccessAction = 'search' | 'read' | 'change' | 'export' | 'delete';
export type AccessEntryRow = ReturnType<DevState['db']['accessLogEntry']['getAll']>[number];

/** The hash the first entry follows while nothing was pruned. */
export const GENESIS_HASH = '0'.repeat(64);
/** Two years (and a day for the leap year) by the dev clock: older entries are pruned. */
export const RETENTION_MS = 731 * 24 * 60 * 60 * 1000;
/**
 * The bytes the kept entries may take (their JSON): beyond it the oldest go first, as in the
 * request journal. About 20,000 entries; a patient list search writes one per patient it shows.
 */
export const MAX_LOG_BYTES = 8 * 1024 * 1024;

export interface AccessRecord {
  /** Who: the signed-in user. */
  actor: UserRow;
  /** The role recorded, when not the actor's `webRole`: guardian or mandatary (acting for). */
  actorRole?: 'guardian' | 'mandatary';
  /** Whose data: one entry each (a search that listed 20 patients is 20 entries). */
  subjectIds: readonly number[];
  action: AccessAction;
  /** The fields read or changed, as the contract names them. */
  fields: readonly string[];
  /** The contract's operationId. */
  operation: string;
}

type Anchor = ReturnType<DevState['db']['accessLogAnchor']['getAll']>[number];

function anchorOf(state: DevState): Anchor {
  const anchor = rowById(state.db.accessLogAnchor.getAll(), 1);
  if (anchor !== null) return anchor;
  return state.db.accessLogAnchor.create({
    id: 1,
    firstId: 1,
    firstPrevHash: GENESIS_HASH,
    headId: 0,
    headHash: GENESIS_HASH,
    bytes: 0,
  });
}

/** What an entry's hash covers: every field but the hash itself. */
interface HashedContent {
  id: number;
  atMs: number;
  actorId: number;
  actorRole: string;
  actorName: string;
  subjectId: number;
  action: string;
  fields: readonly string[];
  operation: string;
  prevHash: string;
}

/** The hash of an entry's content, its fields in a fixed order. */
export function entryHash(entry: HashedContent): string {
  return sha256Hex(
    JSON.stringify([
      entry.id,
      entry.atMs,
      entry.actorId,
      entry.actorRole,
      entry.actorName,
      entry.subjectId,
      entry.action,
      entry.fields,
      entry.operation,
      entry.prevHash,
    ]),
  );
}

const sizeOf = (entry: AccessEntryRow): number => JSON.stringify(entry).length;

/** Appends one entry per subject, chained to the log's head; then prunes what is too old. */
export function recordAccess(state: DevState, record: AccessRecord): void {
  if (record.subjectIds.length === 0 || state.accessLogOff === true) return;
  const anchor = anchorOf(state);
  const atMs = state.clock.nowMs();
  let { headId, headHash, bytes } = anchor;
  for (const subjectId of new Set(record.subjectIds)) {
    const base = {
      id: headId + 1,
      atMs,
      actorId: record.actor.id,
      actorRole: record.actorRole ?? record.actor.webRole,
      actorName: `${record.actor.firstName} ${record.actor.lastName}`,
      subjectId,
      action: record.action,
      fields: [...record.fields],
      operation: record.operation,
      prevHash: headHash,
    };
    const entry = state.db.accessLogEntry.create({ ...base, hash: entryHash(base) });
    headId = entry.id;
    headHash = entry.hash;
    bytes += sizeOf(entry);
  }
  state.db.accessLogAnchor.update({
    where: { id: { equals: 1 } },
    data: { headId, headHash, bytes },
  });
  pruneAccessLog(state);
}

/**
 * Drops the oldest entries once the first is older than two years or the log is over `maxBytes`:
 * every entry too old, and down to nine tenths of the bound at once (the store's delete reads
 * every row, so it runs once per tenth of the log, not at every entry). The anchor moves past
 * them, so that the kept chain still verifies from its first entry.
 */
export function pruneAccessLog(state: DevState, maxBytes = MAX_LOG_BYTES): void {
  const anchor = anchorOf(state);
  const oldest = state.clock.nowMs() - RETENTION_MS;
  // The store keeps rows in the order they were made (a state file restores them in it): the
  // first is the oldest, unless someone moved rows behind the server's back.
  let entries = state.db.accessLogEntry.getAll();
  if (entries[0] !== undefined && entries[0].id !== anchor.firstId) {
    entries = [...entries].sort((a, b) => a.id - b.id);
  }
  const first = entries[0];
  if (first === undefined || (first.atMs >= oldest && anchor.bytes <= maxBytes)) return;
  const target = Math.floor(maxBytes * 0.9);
  let bytes = anchor.bytes;
  let last: AccessEntryRow | null = null;
  for (const entry of entries) {
    if (entry.atMs >= oldest && bytes <= target) break;
    bytes -= sizeOf(entry);
    last = entry;
  }
  if (last === null) return;
  state.db.accessLogEntry.deleteMany({ where: { id: { lte: last.id } } });
  state.db.accessLogAnchor.update({
    where: { id: { equals: 1 } },
    data: { firstId: last.id + 1, firstPrevHash: last.hash, bytes: Math.max(0, bytes) },
  });
}

export type AccessLogProblemKind = 'altered' | 'missing' | 'out-of-order';

export interface AccessLogVerdict {
  /** True when every kept entry is as written, none is missing and they follow each other. */
  valid: boolean;
  /** How many entries were checked. */
  checked: number;
  /** The first entry where the chain breaks, and how: null when valid. */
  problem: { id: number; kind: AccessLogProblemKind } | null;
}

/**
 * Walks the chain from its anchor: each entry must hash to its `hash` (else it was `altered`),
 * have the next id (else the one expected is `missing`) and follow the hash before it (else it is
 * `out-of-order`: moved, or its predecessor replaced); the last must be the anchor's head (else
 * the newest are `missing`).
 */
export function verifyAccessLog(state: DevState): AccessLogVerdict {
  const anchor = anchorOf(state);
  const entries = [...state.db.accessLogEntry.getAll()].sort((a, b) => a.id - b.id);
  let expectedId = anchor.firstId;
  let expectedPrev = anchor.firstPrevHash;
  let checked = 0;
  const broken = (id: number, kind: AccessLogProblemKind): AccessLogVerdict => ({
    valid: false,
    checked,
    problem: { id, kind },
  });
  for (const entry of entries) {
    checked += 1;
    const { hash, ...rest } = entry;
    if (entryHash(rest) !== hash) return broken(entry.id, 'altered');
    if (entry.id !== expectedId) return broken(expectedId, 'missing');
    if (entry.prevHash !== expectedPrev) return broken(entry.id, 'out-of-order');
    expectedId = entry.id + 1;
    expectedPrev = entry.hash;
  }
  if (anchor.headId >= expectedId) return broken(expectedId, 'missing');
  if (anchor.headId !== 0 && expectedPrev !== anchor.headHash) {
    return broken(anchor.headId, 'out-of-order');
  }
  return { valid: true, checked, problem: null };
}

/** A kept entry as the contract shows it (`AccessLogEntry`). */
export interface AccessLogView {
  id: number;
  at: string;
  actor: { role: 'admin' | 'contentManager' | 'patient'; name: string };
  action: AccessAction;
  fields: string[];
  operation: string;
}

const ROLES = new Set(['admin', 'contentManager', 'patient', 'guardian', 'mandatary']);
const ACTIONS = new Set<string>(['search', 'read', 'change', 'export', 'delete']);

export function toAccessLogView(entry: AccessEntryRow): AccessLogView {
  return {
    id: entry.id,
    at: toHelsinkiIso(entry.atMs),
    actor: {
      role: (ROLES.has(entry.actorRole)
        ? entry.actorRole
        : 'patient') as AccessLogView['actor']['role'],
      name: entry.actorName,
    },
    action: (ACTIONS.has(entry.action) ? entry.action : 'read') as AccessAction,
    fields: [...entry.fields],
    operation: entry.operation,
  };
}

export interface AccessLogFilter {
  subjectId?: number;
  actorId?: number;
  /** A Helsinki month, `YYYY-MM`. */
  month?: string;
  /** Helsinki dates, `YYYY-MM-DD`, both included. */
  from?: string;
  to?: string;
}

/** The kept entries that match, newest first. */
export function findAccess(state: DevState, filter: AccessLogFilter): AccessEntryRow[] {
  const oldest = state.clock.nowMs() - RETENTION_MS;
  return state.db.accessLogEntry
    .getAll()
    .filter((entry) => {
      if (entry.atMs < oldest) return false;
      if (filter.subjectId !== undefined && entry.subjectId !== filter.subjectId) return false;
      if (filter.actorId !== undefined && entry.actorId !== filter.actorId) return false;
      const day = helsinkiDate(entry.atMs);
      if (filter.month !== undefined && !day.startsWith(`${filter.month}-`)) return false;
      if (filter.from !== undefined && day < filter.from) return false;
      if (filter.to !== undefined && day > filter.to) return false;
      return true;
    })
    .sort((a, b) => b.id - a.id);
}

/** A page of entries (the contract's paged lists: `page` from 1). */
export function pageOf<T>(
  items: readonly T[],
  page = 1,
  pageSize = 20,
): { items: T[]; total: number; page: number; pageSize: number } {
  const start = (page - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), total: items.length, page, pageSize };
}

/**
 * QA's intruder (dev mode): the stored entry's action becomes `read` and its fields are emptied,
 * its hash left as it was, as an edit of the store behind the server's back would leave it.
 * False when there is no such entry.
 */
export function alterStoredEntry(state: DevState, id: number): boolean {
  const altered = state.db.accessLogEntry.update({
    where: { id: { equals: id } },
    data: { action: 'read', fields: [] },
  });
  return altered !== null;
}

/** A user's own entries, newest first, of a month or of the two years kept. */
export function ownAccessLog(
  state: DevState,
  user: UserRow,
  query: { month?: string; page?: number; pageSize?: number },
) {
  const entries = findAccess(state, {
    subjectId: user.id,
    ...(query.month === undefined ? {} : { month: query.month }),
  });
  return pageOf(entries.map(toAccessLogView), query.page, query.pageSize);
}

/**
 * The staff search of the log, newest first, each entry with whose data it was (`name` null once
 * the account is deleted). Reading the log is logged too: one `read` of `accessLog` for each
 * patient whose entries the page shows (after the page is read: it does not list itself).
 */
export function searchAccessLog(
  state: DevState,
  actor: UserRow,
  query: AccessLogFilter & { page?: number; pageSize?: number },
) {
  const { page: pageNumber, pageSize, ...filter } = query;
  const page = pageOf(findAccess(state, filter), pageNumber, pageSize);
  const users = state.db.user.getAll();
  const items = page.items.map((entry) => {
    const subject = rowById(users, entry.subjectId);
    return {
      ...toAccessLogView(entry),
      actorId: entry.actorId,
      subject: {
        id: entry.subjectId,
        name: subject === null ? null : `${subject.firstName} ${subject.lastName}`,
      },
    };
  });
  recordAccess(state, {
    actor,
    subjectIds: page.items.map((entry) => entry.subjectId),
    action: 'read',
    fields: ['accessLog'],
    operation: 'adminListAccessLog',
  });
  return { ...page, items };
}
