import type { CheckResult, ExchangeSummary, Report } from './types.ts';

/** One difference between two servers' answers to the same checks. */
export interface Difference {
  operationId: string;
  check: string;
  /** `outcome`, `status` or `body shape`. */
  kind: 'outcome' | 'status' | 'body shape';
  left: string;
  right: string;
}

/** A JSON value's shape: its type, an object's keys with theirs, an array's first item's. */
function shapeOf(value: unknown, depth = 0): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${shapeOf(value[0], depth + 1)}]`;
  if (typeof value === 'object') {
    if (depth > 3) return '{…}';
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a.localeCompare(b),
    );
    return `{${entries.map(([key, item]) => `${key}: ${shapeOf(item, depth + 1)}`).join(', ')}}`;
  }
  return typeof value;
}

/** The shape of an exchange's body, or null when it is not whole JSON. */
function bodyShape(exchange: ExchangeSummary): string | null {
  if (!exchange.contentType?.includes('json') || exchange.body.endsWith('…')) return null;
  try {
    return shapeOf(JSON.parse(exchange.body) as unknown);
  } catch {
    return null;
  }
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
    const [a, b] = [bodyShape(exchange), bodyShape(other)];
    if (a !== null && b !== null && a !== b) {
      out.push({
        ...base,
        kind: 'body shape',
        left: `${exchange.label}: ${a}`,
        right: `${other.label}: ${b}`,
      });
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
  return differences;
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
              `| \`${d.operationId}\` | ${cell(d.check)} | ${d.kind} | ${cell(d.left)} | ${cell(d.right)} |`,
          ),
        ]),
    '',
  ].join('\n');
}
