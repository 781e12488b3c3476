import { isMap, isSeq, parse, parseDocument, stringify } from 'yaml';
import { closeMatches, isSelectableCheck } from './check-ids.ts';
import type { BaselineEntry, BaselineSummary, CheckResult, Report } from './types.ts';

/** A baseline file that cannot be read as one (a usage error: exit 2). */
export class BaselineError extends Error {}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a calendar date written `YYYY-MM-DD`. */
function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

const KEYS = ['operation', 'check', 'name', 'reason', 'ticket', 'expires'] as const;

/** One entry of the file, checked; `where` names it in errors (`baseline.yaml, entry 3`). */
function entryOf(value: unknown, where: string): BaselineEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new BaselineError(`${where}: expected operation, check, reason, ticket and expires`);
  const entry = value as Record<string, unknown>;
  const unknown = Object.keys(entry).filter((key) => !(KEYS as readonly string[]).includes(key));
  if (unknown.length > 0)
    throw new BaselineError(
      `${where}: unknown key ${unknown.join(', ')} (keys: ${KEYS.join(', ')})`,
    );
  const text = (key: (typeof KEYS)[number], required: boolean): string | undefined => {
    const field = entry[key];
    // A date YAML read as one (a file written by another tool): back to its day.
    if (field instanceof Date) return field.toISOString().slice(0, 10);
    if (field === undefined && !required) return undefined;
    if (typeof field !== 'string') throw new BaselineError(`${where}: ${key} must be text`);
    return field;
  };
  const operation = text('operation', true) ?? '';
  const check = text('check', true) ?? '';
  const name = text('name', false);
  const expires = text('expires', true) ?? '';
  if (operation === '') throw new BaselineError(`${where}: operation is empty`);
  if (!isSelectableCheck(check)) {
    const close = closeMatches(check);
    throw new BaselineError(
      `${where}: unknown check id "${check}"${close.length > 0 ? `; did you mean ${close.join(', ')}?` : ''}`,
    );
  }
  if (!isDate(expires))
    throw new BaselineError(`${where}: expires must be a date, YYYY-MM-DD, got "${expires}"`);
  return {
    operation,
    check,
    ...(name === undefined ? {} : { name }),
    reason: text('reason', true) ?? '',
    ticket: text('ticket', true) ?? '',
    expires,
  };
}

/** The entries of a baseline file (YAML or JSON: `known:` a list of entries). */
export function parseBaseline(text: string, file: string): BaselineEntry[] {
  let document: unknown;
  try {
    document = parse(text) as unknown;
  } catch (error) {
    throw new BaselineError(
      `${file} is not YAML: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const known =
    typeof document === 'object' && document !== null && 'known' in document
      ? document.known
      : undefined;
  if (!Array.isArray(known))
    throw new BaselineError(`${file}: expected "known:", a list of entries`);
  return known.map((entry, i) => entryOf(entry, `${file}, entry ${i + 1}`));
}

/** Whether an entry covers a check of an operation (its name too, when the entry gives one). */
function covers(entry: BaselineEntry, operationId: string, check: CheckResult): boolean {
  return (
    entry.operation === operationId &&
    entry.check === check.id &&
    (entry.name === undefined || entry.name === check.name)
  );
}

/**
 * Marks the failed checks a baseline lists: a live entry's become `known` (they do not fail the
 * run); an expired entry's stay failed and say so. Returns what became of each entry: stale when
 * every check it covers passed, unchecked when none of them ran to an outcome. `today` is the
 * run's day, `YYYY-MM-DD` (an entry is live through its `expires` day).
 */
export function markKnown(
  operations: ReadonlyArray<{ operationId: string; checks: CheckResult[] }>,
  entries: readonly BaselineEntry[],
  file: string,
  today: string,
): BaselineSummary {
  const summary: BaselineSummary = { file, known: 0, expired: [], stale: [], unchecked: [] };
  for (const entry of entries) {
    const covered = operations.flatMap((o) =>
      o.checks.filter((check) => covers(entry, o.operationId, check)),
    );
    const failed = covered.filter((check) => check.outcome === 'failed');
    if (failed.length === 0) {
      // Known already (another entry covers the same checks): neither stale nor unchecked.
      if (covered.some((check) => check.outcome === 'known')) continue;
      // A warning is never a failure: an entry whose checks only warn fails nothing (stale).
      const passed = covered.some((c) => c.outcome === 'passed' || c.outcome === 'warning');
      (passed ? summary.stale : summary.unchecked).push(entry);
      continue;
    }
    const expired = entry.expires < today;
    if (expired) summary.expired.push(entry);
    for (const check of failed) {
      if (expired) {
        check.message = `the known failure expired on ${entry.expires} (${knownText(entry)}): ${check.message ?? ''}`;
      } else {
        check.outcome = 'known';
        check.known = { reason: entry.reason, ticket: entry.ticket, expires: entry.expires };
        summary.known += 1;
      }
    }
  }
  return summary;
}

/** `PORTAL-123: the cache is cold`, `no ticket: no reason given`. */
export function knownText(known: Pick<BaselineEntry, 'reason' | 'ticket'>): string {
  return `${known.ticket || 'no ticket'}: ${known.reason || 'no reason given'}`;
}

/** The baseline in one line: `Baseline conformance-baseline.yaml: 3 known failures, 1 expired, 2 stale, 0 unchecked`. */
export function baselineLine(baseline: BaselineSummary): string {
  return `Baseline ${baseline.file}: ${baseline.known} known failures, ${baseline.expired.length} entries expired, ${baseline.stale.length} stale (no longer fail: --baseline-prune removes them), ${baseline.unchecked.length} not checked`;
}

/**
 * The baseline's lines: its counts, then each known failure with its ticket, reason and day,
 * each expired entry and each stale one.
 */
export function baselineLines(report: Report, width: number): string[] {
  const { baseline } = report;
  if (!baseline) return [];
  const entry = (e: BaselineEntry) =>
    `${e.operation}: ${e.check}${e.name === undefined ? '' : ` (${e.name})`}`;
  return [
    baselineLine(baseline),
    ...report.operations.flatMap((o) =>
      o.checks
        .filter((c) => c.outcome === 'known' && c.known)
        .map((c) =>
          oneLine(
            `KNOWN ${o.operationId}: ${c.id} (${c.name}) until ${c.known?.expires ?? ''}, ${knownText(c.known ?? { reason: '', ticket: '' })}`,
            width,
          ),
        ),
    ),
    ...baseline.expired.map(
      (e) => `EXPIRED on ${e.expires}: ${entry(e)}, ${knownText(e)}: fails again`,
    ),
    ...baseline.stale.map((e) => `STALE: ${entry(e)}, ${knownText(e)}: no longer fails`),
  ];
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** How long a written entry stays live unless the team says otherwise. */
const WRITTEN_ENTRY_DAYS = 90;

const HEADER = (today: string) =>
  [
    `# Known failures for portal-conformance --baseline (written by --baseline-write on ${today}).`,
    '# Each entry: the operation and check id it covers (name narrows it to one check), why it',
    '# fails (reason), the ticket that will fix it, and the last day it may fail (expires,',
    '# YYYY-MM-DD). Fill in reason and ticket; a failure listed here is reported as known and does',
    '# not fail the run until it expires.',
  ].join('\n');

/**
 * A baseline of a run's failures (`--baseline-write`): its known failures with their entries as
 * they were, each other failed check as a new entry (reason and ticket empty, for the team to
 * fill; expiring in 90 days).
 */
export function baselineOf(
  operations: ReadonlyArray<{ operationId: string; checks: CheckResult[] }>,
  previous: readonly BaselineEntry[],
  today: string,
): { text: string; entries: number } {
  const expires = new Date(Date.parse(`${today}T00:00:00Z`) + WRITTEN_ENTRY_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const entries: BaselineEntry[] = [];
  for (const o of operations) {
    for (const check of o.checks) {
      if (check.outcome !== 'failed' && check.outcome !== 'known') continue;
      const kept = previous.find((entry) => covers(entry, o.operationId, check));
      const entry = kept ?? {
        operation: o.operationId,
        check: check.id,
        name: check.name,
        reason: '',
        ticket: '',
        expires,
      };
      if (!entries.includes(entry)) entries.push(entry);
    }
  }
  return {
    text: `${HEADER(today)}\n${stringify({ known: entries }, { lineWidth: 0 })}`,
    entries: entries.length,
  };
}

/**
 * The baseline file's text without its stale entries (`--baseline-prune`), its comments and the
 * other entries as they were.
 */
export function prunedBaseline(text: string, stale: readonly BaselineEntry[]): string {
  const document = parseDocument(text);
  const known = document.get('known', true);
  if (!isSeq(known)) return text;
  known.items = known.items.filter((item) => {
    if (!isMap(item)) return true;
    const value = item.toJSON() as Record<string, unknown>;
    return !stale.some(
      (entry) =>
        entry.operation === value.operation &&
        entry.check === value.check &&
        entry.name === (value.name ?? undefined),
    );
  });
  return document.toString({ lineWidth: 0 });
}
