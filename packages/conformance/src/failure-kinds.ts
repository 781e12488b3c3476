import type { Report } from './types.ts';

export interface FailureKind {
  /** The check's name with ids and numbers generalised: `answers 401 unauthorized without a token`. */
  kind: string;
  count: number;
  operations: string[];
}

/**
 * The most common kinds of failure: failed checks grouped by what they check (their name without
 * the numbers in it), most frequent first. A server that misses one rule everywhere shows up as
 * one line with many operations.
 */
export function commonFailures(report: Report, limit = 5): FailureKind[] {
  const kinds = new Map<string, FailureKind>();
  for (const operation of report.operations) {
    for (const check of operation.checks) {
      if (check.outcome !== 'failed') continue;
      const kind = check.name.replace(/\b\d+\b/g, (n) => (n.length === 3 ? n : 'N'));
      const entry = kinds.get(kind) ?? { kind, count: 0, operations: [] };
      entry.count += 1;
      if (!entry.operations.includes(operation.operationId)) {
        entry.operations.push(operation.operationId);
      }
      kinds.set(kind, entry);
    }
  }
  return [...kinds.values()].sort((a, b) => b.count - a.count).slice(0, limit);
}
