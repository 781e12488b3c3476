import type { CheckResult, Report } from './types.ts';

/** One difference between two servers' answers to the same checks. */
export interface Difference {
  operationId: string;
  check: string;
  /** `outcome`, `status` or `body shape`. */
  kind: 'outcome' | 'status' | 'body shape';
  /** Of a body shape: where in the answer (`$.items[].Id`). */
  path?: string;
  /** What the first server gave; of a body shape, the type there or `absent`. */
  left: string;
  right: string;
}

/** Paths kept of one answer's shape, and how deep it is followed. */
const MAX_PATHS = 500;
const MAX_DEPTH = 12;

/** A JSON value's type for a shape: `null`, `array`, `object`, `string`, `number`, `boolean`. */
const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** A key as a path segment: `.name`, or `["odd key"]`. */
const segment = (key: string): string =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;

/**
 * A JSON value's shape: each path in it (`$`, `$.items`, `$.items[]`, `$.items[].Id`; every item
 * of an array under `[]`) with the types found there (`null|string` when items differ), not the
 * values. What `--compare-with` compares.
 */
export function shapeOf(value: unknown): Record<string, string> {
  const found = new Map<string, Set<string>>();
  const walk = (node: unknown, path: string, depth: number): void => {
    if (!found.has(path) && found.size >= MAX_PATHS) return;
    const types = found.get(path) ?? new Set<string>();
    types.add(typeOf(node));
    found.set(path, types);
    if (depth >= MAX_DEPTH) return;
    if (Array.isArray(node)) for (const item of node) walk(item, `${path}[]`, depth + 1);
    else if (typeof node === 'object' && node !== null)
      for (const [key, item] of Object.entries(node))
        walk(item, `${path}${segment(key)}`, depth + 1);
  };
  walk(value, '$', 0);
  return Object.fromEntries(
    [...found]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([path, types]) => [path, [...types].sort().join('|')]),
  );
}

/**
 * Whether a path can be compared on a side that lacks it: not when an array above it had no
 * items there (nothing to have it), nor when its parent is of another type there (that parent's
 * difference says it).
 */
function lacks(shape: Record<string, string>, path: string): boolean {
  for (let at = path.indexOf('[]'); at !== -1; at = path.indexOf('[]', at + 2))
    if (!(path.slice(0, at + 2) in shape)) return false;
  const parent = path.replace(/(\[\]|\.[A-Za-z_$][\w$]*|\["(?:[^"\\]|\\.)*"\])$/, '');
  if (parent === path) return true;
  const type = shape[parent];
  if (type === undefined) return false;
  return path.endsWith('[]') ? type.includes('array') : type.includes('object');
}

/** The paths where two answers' shapes differ: a key one has and the other lacks, a type. */
export function shapeDifferences(
  left: Record<string, string>,
  right: Record<string, string>,
): Array<{ path: string; left: string; right: string }> {
  const out: Array<{ path: string; left: string; right: string }> = [];
  for (const path of [...new Set([...Object.keys(left), ...Object.keys(right)])].sort()) {
    const [a, b] = [left[path], right[path]];
    if (a === b) continue;
    if (a === undefined && lacks(left, path)) out.push({ path, left: 'absent', right: b ?? '' });
    else if (b === undefined && lacks(right, path))
      out.push({ path, left: a ?? '', right: 'absent' });
    else if (a !== undefined && b !== undefined) out.push({ path, left: a, right: b });
  }
  return out;
}

function compareCheck(operationId: string, left: CheckResult, right: CheckResult): Difference[] {
  const out: Difference[] = [];
  const base = { operationId, check: left.name };
  if (left.outcome !== right.outcome) {
    out.push({
      ...base,
      kind: 'outcome',
      left: `${left.outcome}${left.message ? `: ${left.message}` : ''}`,
      right: `${right.outcome}${right.message ? `: ${right.message}` : ''}`,
    });
  }
  const statuses = (check: CheckResult) =>
    check.exchanges.map((e) => `${e.label} → ${e.status ?? 'no answer'}`).join('; ');
  if (statuses(left) !== statuses(right)) {
    out.push({ ...base, kind: 'status', left: statuses(left), right: statuses(right) });
  }
  left.exchanges.forEach((exchange, i) => {
    const other = right.exchanges[i];
    if (!other || other.label !== exchange.label || other.status !== exchange.status) return;
    if (!exchange.shape || !other.shape) return;
    for (const d of shapeDifferences(exchange.shape, other.shape)) {
      out.push({ ...base, kind: 'body shape', path: d.path, left: d.left, right: d.right });
    }
  });
  return out;
}

/**
 * Where two runs of the same checks (the same options and seed) against two servers differ: a
 * check's outcome, the statuses its requests got, or the shape of a JSON answer (its keys and
 * their types, not their values).
 */
export function compareReports(left: Report, right: Report): Difference[] {
  const differences: Difference[] = [];
  const others = new Map(right.operations.map((o) => [o.operationId, o]));
  for (const operation of left.operations) {
    const other = others.get(operation.operationId);
    if (!other) continue;
    const checks = new Map(other.checks.map((c) => [c.name, c]));
    for (const check of operation.checks) {
      const match = checks.get(check.name);
      if (!match) {
        differences.push({
          operationId: operation.operationId,
          check: check.name,
          kind: 'outcome',
          left: check.outcome,
          right: 'not run',
        });
        continue;
      }
      differences.push(...compareCheck(operation.operationId, check, match));
    }
  }
  // A key one server adds shows in every answer of its operation: listed once, at its first check.
  const seen = new Set<string>();
  return differences.filter((d) => {
    if (d.kind !== 'body shape') return true;
    const key = JSON.stringify([d.operationId, d.path, d.left, d.right]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The comparison in Markdown: the servers, then one row per difference. */
export function comparisonMarkdown(left: Report, right: Report, differences: Difference[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 300);
  return [
    `# Comparison: ${left.baseUrl} and ${right.baseUrl}`,
    '',
    `The same checks (seed ${left.generated.seed}) against both servers: ${differences.length} differences.`,
    '',
    ...(differences.length === 0
      ? []
      : [
          `| operation | check | what | ${cell(left.baseUrl)} | ${cell(right.baseUrl)} |`,
          '|---|---|---|---|---|',
          ...differences.map(
            (d) =>
              `| \`${d.operationId}\` | ${cell(d.check)} | ${d.kind}${d.path === undefined ? '' : ` \`${cell(d.path)}\``} | ${cell(d.left)} | ${cell(d.right)} |`,
          ),
        ]),
    '',
  ].join('\n');
}
