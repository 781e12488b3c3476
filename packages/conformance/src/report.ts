import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { commonFailures } from './failure-kinds.ts';
import {
  categoryLine,
  contractLine,
  coverageLine,
  generatedLine,
  invariantsLine,
  resultLine,
  share,
  stopFailure,
  stoppedLine,
  timeUpLine,
} from './outcome.ts';
import { baselineLine, baselineLines, knownText } from './baseline.ts';
import { invariantResults } from './invariants.ts';
import { CATEGORY_LABELS, type CheckCategory } from './types.ts';
import { toHtml } from './report-html.ts';
import { toWfc } from './report-wfc.ts';
import type { CheckResult, ExchangeSummary, OperationReport, Report, Totals } from './types.ts';

export const JUNIT_FILE = 'conformance-junit.xml';
export const MARKDOWN_FILE = 'conformance-report.md';
/** Where `--compare-with` writes the differences between the two servers. */
export const COMPARE_FILE = 'conformance-compare.md';
/** The short Markdown summary (a pull-request comment, a CI job summary). */
export const SUMMARY_FILE = 'conformance-summary.md';
export const HTML_FILE = 'conformance-report.html';
/** The whole report as data: what `--only-failed` reads back. */
export const JSON_FILE = 'conformance-report.json';
/** The run as a Web Fuzzing Commons report (`toWfc`). */
export const WFC_FILE = 'conformance-wfc.json';

function commonFailureLines(report: Report): string[] {
  return commonFailures(report).map(
    (f) =>
      `${f.count} × ${f.kind} (${f.operations.slice(0, 4).join(', ')}${f.operations.length > 4 ? `, +${f.operations.length - 4}` : ''})`,
  );
}

/** "operation: check: message" for each failed check, the setup's included (not a stop's). */
export function failureLines(report: Report): string[] {
  return [
    ...report.setup
      .filter((c) => c.outcome === 'failed')
      .map((c) => `setup: ${c.name}: ${c.message ?? ''}`),
    ...report.operations.flatMap((o) =>
      o.checks
        .filter((c) => c.outcome === 'failed')
        .map((c) => `${o.operationId}: ${c.name}: ${c.message ?? ''}`),
    ),
  ];
}

/**
 * "operation: check: message" for each check that warned: not failures (undocumented
 * properties outside a patient's view).
 */
export function warningLines(report: Pick<Report, 'operations'>): string[] {
  return report.operations.flatMap((o) =>
    o.checks
      .filter((c) => c.outcome === 'warning')
      .map((c) => `${o.operationId}: ${c.name}: ${c.message ?? ''}`),
  );
}

/** Most warnings the terminal table and the summary list one by one. */
const LISTED_WARNINGS = 10;

const firstFailure = (operation: OperationReport): CheckResult | undefined =>
  operation.checks.find((c) => c.outcome === 'failed');

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

function percent(totals: Totals): string {
  const run = totals.passed + totals.failed;
  return run === 0 ? '–' : `${((100 * totals.passed) / run).toFixed(1)} %`;
}

function totalsLine(label: string, totals: Totals): string {
  const known = totals.known > 0 ? `, ${totals.known} known failures` : '';
  const warned = totals.warnings > 0 ? `, ${totals.warnings} warnings` : '';
  return `${label}: ${totals.operations} operations (${totals.failingOperations} failing), ${totals.checks} checks: ${totals.passed} passed, ${totals.failed} failed${known}, ${totals.skipped} skipped${warned} (${percent(totals)} of the checks run passed)`;
}

/** The per-operation table for a terminal: published calls first, then proposed ones, then totals. */
export function formatTable(report: Report, width = 200): string {
  const lines: string[] = [];
  const head = ['operation', 'method', 'path', 'status', 'pass', 'fail', 'skip', 'first failure'];
  const rowsOf = (operations: OperationReport[]): string[][] =>
    operations.map((o) => {
      const failure = firstFailure(o);
      return [
        o.operationId,
        o.method,
        o.path,
        o.status,
        String(o.passed),
        String(o.failed),
        String(o.skipped),
        failure ? `${failure.name}: ${failure.message ?? ''}` : '',
      ];
    });
  const published = report.operations.filter((o) => o.status === 'published');
  const proposed = report.operations.filter((o) => o.status === 'proposed');
  const all = [head, ...rowsOf(report.operations)];
  const widths = head.map((_, i) =>
    Math.max(...all.map((row) => (i === 7 ? 0 : (row[i] ?? '').length))),
  );
  const fixed = widths.slice(0, 7).reduce((sum, w) => sum + w + 2, 0);
  const render = (row: string[]): string =>
    row
      .map((cell, i) =>
        i === 7 ? oneLine(cell, Math.max(30, width - fixed)) : pad(cell, widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();

  if (report.stopped) lines.push(`STOPPED: ${stoppedLine(report.stopped)}`, '');
  if (report.timeUp) lines.push(`TIME UP: ${timeUpLine(report.timeUp)}`, '');
  if (report.baseline) lines.push(...baselineLines(report, width), '');
  for (const check of report.setup.filter((c) => c.outcome === 'failed')) {
    lines.push(`SETUP FAILED: ${check.name}: ${check.message ?? ''}`);
  }
  if (report.setup.some((c) => c.outcome === 'failed')) lines.push('');
  for (const [title, operations, totals] of [
    ['Published calls', published, report.published],
    ['Proposed calls', proposed, report.proposed],
  ] as const) {
    if (operations.length === 0) continue;
    lines.push(`${title} (${operations.length})`);
    lines.push(render(head));
    lines.push(render(widths.map((w) => '-'.repeat(w)).concat('-------------')));
    for (const row of rowsOf(operations)) lines.push(render(row));
    lines.push(totalsLine(title, totals));
    lines.push('');
  }
  const common = commonFailureLines(report);
  if (common.length > 0) {
    lines.push('Most common failures:', ...common.map((line) => `  ${line}`), '');
  }
  const warned = warningLines(report);
  if (warned.length > 0) {
    lines.push(
      `Warnings (${warned.length}, not failures):`,
      ...warned.slice(0, LISTED_WARNINGS).map((line) => `  ${oneLine(line, width - 2)}`),
      ...(warned.length > LISTED_WARNINGS
        ? [`  …and ${warned.length - LISTED_WARNINGS} more (the report lists them)`]
        : []),
      '',
    );
  }
  lines.push(totalsLine('All', report.totals));
  lines.push(categoryLine(report));
  lines.push(invariantsLine(report));
  for (const invariant of invariantResults(report).filter((i) => i.outcome === 'failed')) {
    lines.push(
      `  FAILED ${invariant.id}: ${oneLine(invariant.message ?? '', Math.max(60, width - 20))}`,
    );
  }
  lines.push(`${coverageLine(report)} (what was not reached: the report)`);
  lines.push(`Contract: ${contractLine(report)}`);
  lines.push(generatedLine(report));
  lines.push(
    `Signed in as: ${report.signedIn.join(', ') || 'nobody'}; ${report.destructive ? 'writes included' : 'read-only run (--no-destructive)'}; ${(report.durationMs / 1000).toFixed(1)} s`,
  );
  lines.push(`RESULT: ${resultLine(report)}`);
  return lines.join('\n');
}

function xml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

function exchangeText(exchange: ExchangeSummary): string {
  const status =
    exchange.status === null ? (exchange.error ?? 'no answer') : String(exchange.status);
  const body = exchange.body ? `\n    ${exchange.body}` : '';
  return `  [${exchange.label}] ${exchange.method} ${exchange.url} → ${status}${exchange.contentType ? ` (${exchange.contentType})` : ''}${body}`;
}

function testcase(className: string, check: CheckResult): string {
  const time = (check.durationMs / 1000).toFixed(3);
  const open = `    <testcase classname="${xml(className)}" name="${xml(check.name)}" time="${time}">\n      <properties><property name="check" value="${xml(check.id)}"/><property name="category" value="${xml(CATEGORY_LABELS[check.category] ?? 'setup')}"/>${check.invariant === undefined ? '' : `<property name="invariant" value="${xml(check.invariant)}"/>`}</properties>`;
  const requests = check.exchanges.map(exchangeText).join('\n');
  if (check.outcome === 'failed') {
    const detail = `${check.message ?? ''}${requests ? `\n\nRequests:\n${requests}` : ''}`;
    return `${open}\n      <failure message="${xml(oneLine(check.message ?? 'failed', 1000))}" type="conformance">${xml(detail)}</failure>\n    </testcase>`;
  }
  if (check.outcome === 'skipped') {
    return `${open}\n      <skipped message="${xml(check.message ?? 'skipped')}"/>\n    </testcase>`;
  }
  if (check.outcome === 'known') {
    const known = check.known
      ? `known failure until ${check.known.expires} (${knownText(check.known)})`
      : 'known failure';
    return `${open}\n      <skipped message="${xml(oneLine(`${known}: ${check.message ?? ''}`, 1000))}"/>\n    </testcase>`;
  }
  if (check.outcome === 'warning') {
    // A warning passes for CI: it is said in the test case's output, not as a failure.
    const detail = `warning: ${check.message ?? ''}${requests ? `\n\nRequests:\n${requests}` : ''}`;
    return `${open}\n      <system-out>${xml(detail)}</system-out>\n    </testcase>`;
  }
  return `${open}\n    </testcase>`;
}

function testsuite(
  contractProperties: Record<string, string>,
  name: string,
  className: string,
  checks: CheckResult[],
  timestamp: string,
  properties: Record<string, string>,
): string {
  const failures = checks.filter((c) => c.outcome === 'failed').length;
  // A known failure is skipped for CI: it does not fail the build.
  const skipped = checks.filter((c) => c.outcome === 'skipped' || c.outcome === 'known').length;
  const time = (checks.reduce((sum, c) => sum + c.durationMs, 0) / 1000).toFixed(3);
  const props = Object.entries({ ...properties, ...contractProperties })
    .map(([key, value]) => `      <property name="${xml(key)}" value="${xml(value)}"/>`)
    .join('\n');
  return [
    `  <testsuite name="${xml(name)}" tests="${checks.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${time}" timestamp="${timestamp}">`,
    `    <properties>\n${props}\n    </properties>`,
    ...checks.map((check) => testcase(className, check)),
    '  </testsuite>',
  ].join('\n');
}

/** JUnit XML: one testsuite per operation, one testcase per check. */
export function toJUnit(report: Report): string {
  const timestamp = report.startedAt.replace(/\.\d+Z$/, '');
  const contract = {
    contractVersion: report.contract.version,
    contractSha256: report.contract.sha256,
  };
  const suites: string[] = [];
  if (report.setup.length > 0) {
    suites.push(
      testsuite(contract, 'setup', 'conformance.setup', report.setup, timestamp, {
        baseUrl: report.baseUrl,
      }),
    );
  }
  // The stop is one failure of its own; the checks it left undone are skipped, "not run: …".
  const stop = report.stopped ? [stopFailure(report.stopped)] : [];
  if (stop.length > 0) {
    suites.push(
      testsuite(contract, 'run', 'conformance.run', stop, timestamp, { baseUrl: report.baseUrl }),
    );
  }
  for (const operation of report.operations) {
    suites.push(
      testsuite(
        contract,
        `${operation.operationId} (${operation.method} ${operation.path}) [${operation.status}]`,
        `conformance.${operation.status}.${operation.operationId}`,
        operation.checks,
        timestamp,
        {
          operationId: operation.operationId,
          method: operation.method,
          path: operation.path,
          status: operation.status,
          roles: operation.roles.join(','),
        },
      ),
    );
  }
  const all = [...report.setup, ...stop, ...report.operations.flatMap((o) => o.checks)];
  const failures = all.filter((c) => c.outcome === 'failed').length;
  const skipped = all.filter((c) => c.outcome === 'skipped' || c.outcome === 'known').length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract conformance: ${xml(report.baseUrl)}" tests="${all.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

function md(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function fence(text: string): string {
  return `\`\`\`\n${text.replace(/```/g, "'''")}\n\`\`\``;
}

/** The readable report (Markdown). */
export function toMarkdown(report: Report): string {
  const out: string[] = [];
  out.push('# Contract conformance report', '');
  out.push(`- Server: ${report.baseUrl}`);
  out.push(`- Contract: ${contractLine(report)}`);
  out.push(`- ${generatedLine(report)}`);
  out.push(`- Started: ${report.startedAt}, took ${(report.durationMs / 1000).toFixed(1)} s`);
  out.push(
    `- Signed in as: ${report.signedIn.join(', ') || 'nobody (only public checks could run)'}`,
  );
  out.push(
    `- Mode: ${report.destructive ? 'writes included (creates, changes and deletes its own data)' : 'read-only (--no-destructive): checks that change data were skipped'}`,
  );
  out.push(`- Result: **${resultLine(report)}**`, '');
  if (report.stopped) {
    const { exchanges } = report.stopped;
    out.push('## The server stopped answering', '', `${md(stoppedLine(report.stopped))}.`, '');
    out.push(
      'The checks from there on are listed as not run (with the skipped ones): the requests that',
      'went unanswered in a row, the last asking whether it was still there, are these.',
      '',
    );
    if (exchanges.length > 0) out.push(fence(exchanges.map(exchangeText).join('\n')), '');
    const curl = exchanges[0]?.curl;
    if (curl) out.push('Reproduce:', '', fence(curl), '');
  }
  if (report.baseline) {
    out.push('## Baseline', '', ...baselineLines(report, 1000).map((line) => `- ${md(line)}`), '');
  }
  if (report.timeUp) {
    out.push(
      '## The time was up',
      '',
      `${md(timeUpLine(report.timeUp))}.`,
      '',
      'No check began after it (a flow already begun ran to its end); the checks that did not are',
      `listed as not run, with the skipped ones. A failure found before it fails the run.`,
      '',
    );
  }

  out.push(
    '| calls | operations | failing operations | checks | passed | failed | skipped | passed of run |',
  );
  out.push('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [label, totals] of byCall(report)) {
    out.push(
      `| ${label} | ${totals.operations} | ${totals.failingOperations} | ${totals.checks} | ${totals.passed} | ${totals.failed} | ${totals.skipped} | ${percent(totals)} |`,
    );
  }
  out.push('');
  out.push(...categoryTable(report), '');
  out.push(`${coverageLine(report)}.`, '');
  out.push('## Business invariants', '', '| invariant | rule | outcome |', '|---|---|---|');
  for (const invariant of invariantResults(report)) {
    out.push(
      `| \`${invariant.id}\` | ${md(invariant.rule)} | ${invariant.outcome}${invariant.message ? `: ${md(oneLine(invariant.message, 160))}` : ''} |`,
    );
  }
  out.push('');
  out.push('## How to read this report', '');
  out.push(
    'Each operation of the contract is checked by several checks. The first five of every operation',
    'look at every answer the operation gave during the run (route present, documented status,',
    'documented content type, body valid against the schema, documented headers); the others each send',
    'a request and expect an answer (401 without a token, 403 for a wrong role, 4xx for invalid input,',
    'the booking and coupon flows…). A failure names the check, what was expected and what came back;',
    'the requests of each failed check are listed under it. Skipped checks could not run (a missing',
    'token, a read-only run, nothing to work on) and say why. Published calls come first: they are the',
    "clinic's existing API and must not change.",
    '',
  );

  const common = commonFailureLines(report);
  if (common.length > 0) {
    out.push('## Most common failures', '', ...common.map((line) => `- ${md(line)}`), '');
  }

  const setupFailures = report.setup.filter((c) => c.outcome === 'failed');
  if (setupFailures.length > 0) {
    out.push('## Setup problems', '');
    for (const check of setupFailures) out.push(`- **${check.name}**: ${check.message ?? ''}`);
    out.push('');
  }

  for (const status of ['published', 'proposed'] as const) {
    const operations = report.operations.filter((o) => o.status === status);
    if (operations.length === 0) continue;
    out.push(`## ${status === 'published' ? 'Published' : 'Proposed'} calls`, '');
    out.push('| operation | method | path | passed | failed | skipped | first failure |');
    out.push('|---|---|---|---:|---:|---:|---|');
    for (const o of operations) {
      const failure = firstFailure(o);
      const first = failure ? md(oneLine(`${failure.name}: ${failure.message ?? ''}`, 220)) : '';
      out.push(
        `| ${o.failed > 0 ? '❌' : '✅'} \`${o.operationId}\` | ${o.method} | \`${o.path}\` | ${o.passed} | ${o.failed} | ${o.skipped} | ${first} |`,
      );
    }
    out.push('');
  }

  const failing = report.operations.filter((o) => o.failed > 0);
  if (failing.length > 0) {
    out.push('## Failures', '');
    for (const o of failing) {
      out.push(`### \`${o.operationId}\` — ${o.method} \`${o.path}\` (${o.status})`, '');
      for (const check of o.checks.filter((c) => c.outcome === 'failed')) {
        out.push(`- **${check.name}** (\`${check.id}\`): ${md(check.message ?? '')}`);
        if (check.exchanges.length > 0) {
          out.push('', fence(check.exchanges.map(exchangeText).join('\n')), '');
          if (check.reproduce) {
            out.push('Reproduce (the flow up to this step):', '', fence(check.reproduce), '');
          } else {
            const curl = check.exchanges.at(-1)?.curl;
            if (curl) out.push('Reproduce:', '', fence(curl), '');
          }
        }
      }
      out.push('');
    }
  }

  const warned = report.operations.filter((o) => o.warnings > 0);
  if (warned.length > 0) {
    out.push(
      '## Warnings',
      '',
      `${report.totals.warnings} checks warned. A warning is not a failure: it does not fail the run, nor`,
      'goes into a baseline. Undocumented properties in answers are one outside the operations of a',
      "patient's view (x-roles patient), where they fail (openapi/README.md).",
      '',
    );
    for (const o of warned) {
      out.push(`### \`${o.operationId}\` — ${o.method} \`${o.path}\` (${o.status})`, '');
      for (const check of o.checks.filter((c) => c.outcome === 'warning')) {
        out.push(`- **${check.name}** (\`${check.id}\`): ${md(check.message ?? '')}`);
        const curl = check.exchanges.at(-1)?.curl;
        if (curl) out.push('', 'Reproduce:', '', fence(curl), '');
      }
      out.push('');
    }
  }

  const unreached = report.operations.filter((o) => (o.coverage?.notReached.length ?? 0) > 0);
  if (unreached.length > 0) {
    out.push(
      '## Not reached',
      '',
      '<details><summary>' +
        `Documented statuses, parameters, schema keywords and examples of ${unreached.length} operations that the run did not reach` +
        '</summary>',
      '',
    );
    for (const o of unreached) {
      const items = o.coverage.notReached.map((n) => `${n.what} (${n.why})`).join('; ');
      out.push(
        `- \`${o.operationId}\` — statuses ${share(o.coverage.statuses)}, parameters ${share(o.coverage.parameters)}, keywords ${share(o.coverage.keywords)}: ${md(items)}`,
      );
    }
    out.push('', '</details>', '');
  }

  const skippedChecks = report.operations.flatMap((o) =>
    o.checks.filter((c) => c.outcome === 'skipped').map((c) => ({ o, c })),
  );
  if (skippedChecks.length > 0) {
    out.push(
      '## Skipped checks',
      '',
      '<details><summary>' + `${skippedChecks.length} checks were skipped` + '</summary>',
      '',
    );
    for (const { o, c } of skippedChecks)
      out.push(`- \`${o.operationId}\` — ${c.name}: ${md(c.message ?? '')}`);
    out.push('', '</details>', '');
  }
  return out.join('\n');
}

/** The totals of the published calls, the proposed ones and all. */
function byCall(report: Report): Array<[string, Totals]> {
  return [
    ['published', report.published],
    ['proposed', report.proposed],
    ['all', report.totals],
  ];
}

/** The checks by category, as Markdown table rows. */
function categoryTable(report: Report): string[] {
  return [
    '| category | passed | failed | skipped |',
    '|---|---:|---:|---:|',
    ...(Object.keys(CATEGORY_LABELS) as CheckCategory[]).map((category) => {
      const { passed, failed, skipped } = report.coverage.byCategory[category];
      return `| ${CATEGORY_LABELS[category]} | ${passed} | ${failed} | ${skipped} |`;
    }),
  ];
}

/** Most failures the summary lists one by one (the detail is in the full report). */
const SUMMARY_FAILURES = 25;

/**
 * The short Markdown summary, small enough for a pull-request comment (well under GitHub's
 * 65,536 characters): the result, the contract, the totals by call and by category, the
 * coverage, the most common failures and the first failures in one line each; the detail is in
 * the full report.
 */
export function toMarkdownSummary(report: Report): string {
  const out: string[] = [];
  out.push(`### Contract conformance: ${report.ok ? '✅' : '❌'} ${resultLine(report)}`, '');
  if (report.stopped) out.push(`**Stopped:** ${md(stoppedLine(report.stopped))}.`, '');
  if (report.timeUp) out.push(`**Time up:** ${md(timeUpLine(report.timeUp))}.`, '');
  if (report.baseline) out.push(`${md(baselineLine(report.baseline))}.`, '');
  out.push(`Server \`${report.baseUrl}\`; contract ${contractLine(report)}.`, '');
  out.push(
    '| calls | operations | failing | passed | failed | skipped |',
    '|---|---:|---:|---:|---:|---:|',
  );
  for (const [label, totals] of byCall(report)) {
    out.push(
      `| ${label} | ${totals.operations} | ${totals.failingOperations} | ${totals.passed} | ${totals.failed} | ${totals.skipped} |`,
    );
  }
  out.push(
    '',
    ...categoryTable(report),
    '',
    `${coverageLine(report)}.`,
    '',
    `${invariantsLine(report)}.`,
    '',
  );
  const common = commonFailureLines(report);
  if (common.length > 0)
    out.push('Most common failures:', '', ...common.map((line) => `- ${md(line)}`), '');
  const failures = report.operations.flatMap((o) =>
    o.checks.filter((c) => c.outcome === 'failed').map((c) => ({ o, c })),
  );
  if (failures.length > 0) {
    out.push('| operation | category | check | what came back |', '|---|---|---|---|');
    for (const { o, c } of failures.slice(0, SUMMARY_FAILURES)) {
      out.push(
        `| \`${o.operationId}\` | ${CATEGORY_LABELS[c.category]} | ${md(c.name)} (\`${c.id}\`) | ${md(oneLine(c.message ?? '', 160))} |`,
      );
    }
    if (failures.length > SUMMARY_FAILURES)
      out.push('', `…and ${failures.length - SUMMARY_FAILURES} more failures.`);
    out.push('');
  }
  const warnings = warningLines(report);
  if (warnings.length > 0) {
    out.push(
      `Warnings (${warnings.length}, not failures):`,
      '',
      ...warnings.slice(0, LISTED_WARNINGS).map((line) => `- ${md(oneLine(line, 200))}`),
      ...(warnings.length > LISTED_WARNINGS
        ? ['', `…and ${warnings.length - LISTED_WARNINGS} more warnings.`]
        : []),
      '',
    );
  }
  out.push(
    `The detail (every failure with its requests and a \`curl\` reproducer): \`${MARKDOWN_FILE}\`, \`${HTML_FILE}\`.`,
    '',
  );
  return out.join('\n');
}

/** Writes the JUnit XML, the Markdown, HTML and JSON reports into `dir`; returns their paths. */
export async function writeReports(
  report: Report,
  dir: string,
): Promise<{
  junit: string;
  markdown: string;
  summary: string;
  html: string;
  json: string;
  wfc: string;
}> {
  await mkdir(dir, { recursive: true });
  const files = {
    junit: join(dir, JUNIT_FILE),
    markdown: join(dir, MARKDOWN_FILE),
    summary: join(dir, SUMMARY_FILE),
    html: join(dir, HTML_FILE),
    json: join(dir, JSON_FILE),
    wfc: join(dir, WFC_FILE),
  };
  await writeFile(files.junit, toJUnit(report));
  await writeFile(files.markdown, toMarkdown(report));
  await writeFile(files.summary, toMarkdownSummary(report));
  await writeFile(files.html, toHtml(report));
  await writeFile(files.json, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(files.wfc, `${JSON.stringify(toWfc(report), null, 2)}\n`);
  return files;
}

/**
 * The failed checks of a report by operation, for `--only-failed`; an operation with a failed
 * check over every answer is left out of the map (all its checks run again: which of its
 * requests gave the answer is not known).
 */
export function failedChecks(
  report: Pick<Report, 'operations'>,
  answerChecks: readonly string[],
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const o of report.operations) {
    const names = o.checks.filter((c) => c.outcome === 'failed').map((c) => c.name);
    if (names.length > 0 && !names.some((name) => answerChecks.includes(name)))
      out[o.operationId] = names;
  }
  return out;
}

/** The operations that failed in a report written by `writeReports` (for `--only-failed`). */
export function failedOperations(report: Pick<Report, 'operations'>): string[] {
  return report.operations.filter((o) => o.failed > 0).map((o) => o.operationId);
}
