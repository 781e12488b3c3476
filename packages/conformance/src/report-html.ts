import { baselineLines } from './baseline.ts';
import { commonFailures } from './failure-kinds.ts';
import { invariantResults } from './invariants.ts';
import {
  contractLine,
  coverageLine,
  generatedLine,
  resultLine,
  stoppedLine,
  timeUpLine,
} from './outcome.ts';
import { tokenVariable } from './credentials.ts';
import {
  CATEGORY_LABELS,
  type CheckCategory,
  type CheckResult,
  type ExchangeSummary,
  type OperationReport,
  type Report,
  type Totals,
} from './types.ts';

/** Text for HTML: the five characters that matter escaped. */
/** A result line as a sentence: capital first, full stop last. */
const sentence = (line: string): string => `${line.charAt(0).toUpperCase()}${line.slice(1)}.`;

function h(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const anchor = (operation: OperationReport) => `op-${operation.operationId}`;

function percent(totals: Totals): string {
  const run = totals.passed + totals.failed;
  return run === 0 ? '–' : `${((100 * totals.passed) / run).toFixed(1)} %`;
}

const STYLE = `
:root { color-scheme: light; --ok: #166534; --bad: #b91c1c; --skip: #6b7280; --line: #d1d5db; }
* { box-sizing: border-box; }
body { font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', sans-serif; margin: 0; color: #111827; background: #f9fafb; }
main { max-width: 1200px; margin: 0 auto; padding: 24px; }
/* Free text that quotes answers (a message, a URL, a JSON body without spaces) breaks anywhere
   rather than widen the page, in a table cell too (.msg): the report fits a 1,280 px window
   without horizontal scroll. Names (an operation, a path, a check id) keep their columns' width. */
p, li, summary, .msg, .msg code, p code, li code { overflow-wrap: anywhere; }
h1 { font-size: 1.6rem; margin: 0 0 8px; }
h2 { font-size: 1.25rem; margin: 32px 0 8px; }
h3 { font-size: 1.05rem; margin: 0; }
table { border-collapse: collapse; width: 100%; background: #fff; }
th, td { border: 1px solid var(--line); padding: 6px 8px; text-align: left; vertical-align: top; }
th { background: #f3f4f6; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.ok { color: var(--ok); font-weight: 600; }
.bad { color: var(--bad); font-weight: 600; }
.skip { color: var(--skip); }
.result { padding: 12px 16px; border-radius: 6px; font-weight: 600; margin: 12px 0; }
.result.ok { background: #dcfce7; }
.result.bad { background: #fee2e2; }
code, pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.check-id { font-size: 12px; font-weight: 400; color: #4b5563; }
.category { font-size: 12px; font-weight: 600; padding: 1px 6px; border-radius: 4px; background: #e5e7eb; color: #111827; }
.why { color: #4b5563; }
pre { background: #111827; color: #f9fafb; padding: 10px 12px; border-radius: 6px; overflow-x: auto; white-space: pre-wrap; word-break: break-all; margin: 6px 0; }
section.failure { background: #fff; border: 1px solid var(--line); border-left: 4px solid var(--bad); border-radius: 6px; padding: 12px 16px; margin: 12px 0; }
section.warning { background: #fff; border: 1px solid var(--line); border-left: 4px solid #b45309; border-radius: 6px; padding: 12px 16px; margin: 12px 0; }
details { margin: 8px 0; }
summary { cursor: pointer; font-weight: 600; }
.exchange { margin: 8px 0 16px; }
.label { color: #374151; font-weight: 600; }
button.copy { font: inherit; font-size: 13px; padding: 2px 10px; border: 1px solid var(--line); border-radius: 4px; background: #fff; cursor: pointer; }
a { color: #1d4ed8; }
`;

/** Copies the curl command next to the button; the page works without it. */
const SCRIPT = `
document.addEventListener('click', (event) => {
  const button = event.target.closest('button.copy');
  if (!button) return;
  const text = button.parentElement.querySelector('pre').textContent;
  navigator.clipboard.writeText(text).then(() => {
    button.textContent = 'Copied';
    setTimeout(() => (button.textContent = 'Copy'), 1500);
  });
});
`;

function totalsRow(label: string, totals: Totals): string {
  return `<tr><th scope="row">${label}</th><td class="num">${totals.operations}</td><td class="num">${totals.failingOperations}</td><td class="num">${totals.checks}</td><td class="num">${totals.passed}</td><td class="num">${totals.failed}</td><td class="num">${totals.skipped}</td><td class="num">${percent(totals)}</td></tr>`;
}

function matrix(title: string, operations: OperationReport[]): string {
  if (operations.length === 0) return '';
  const rows = operations.map((o) => {
    const failure = o.checks.find((c) => c.outcome === 'failed');
    const state = o.failed > 0 ? '<span class="bad">✗ failing</span>' : '<span class="ok">✓</span>';
    const first = failure
      ? `<a href="#${anchor(o)}">${h(failure.name)}</a>: ${h(failure.message ?? '')}`
      : '';
    return `<tr><td>${state}</td><td><code>${h(o.operationId)}</code></td><td>${o.method}</td><td><code>${h(o.path)}</code></td><td>${h(o.roles.join(', '))}</td><td class="num">${o.passed}</td><td class="num">${o.failed}</td><td class="num">${o.skipped}</td><td class="msg">${first}</td></tr>`;
  });
  return `<h2>${title} (${operations.length})</h2>
<table><thead><tr><th scope="col"></th><th scope="col">operation</th><th scope="col">method</th><th scope="col">path</th><th scope="col">roles</th><th scope="col">passed</th><th scope="col">failed</th><th scope="col">skipped</th><th scope="col">first failure</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`;
}

function exchange(ex: ExchangeSummary): string {
  const status = ex.status === null ? (ex.error ?? 'no answer') : String(ex.status);
  const request = [
    `${ex.method} ${ex.url}`,
    ...Object.entries(ex.requestHeaders).map(([name, value]) => `${name}: ${value}`),
    ...(ex.requestBody ? ['', ex.requestBody] : []),
  ].join('\n');
  const response = [
    `${status}${ex.contentType ? ` (${ex.contentType})` : ''}, ${ex.durationMs} ms`,
    ...(ex.body ? ['', ex.body] : []),
  ].join('\n');
  return `<div class="exchange">
<div class="label">${h(ex.label)}</div>
<details><summary>Request</summary><pre>${h(request)}</pre></details>
<details open><summary>Response</summary><pre>${h(response)}</pre></details>
<div><span class="label">Reproduce</span> <button type="button" class="copy">Copy</button><pre>${h(ex.curl)}</pre></div>
</div>`;
}

function failureSection(check: CheckResult): string {
  return `<section class="failure">
<h3><span class="category">${h(CATEGORY_LABELS[check.category])}</span> ${h(check.name)} <code class="check-id">${h(check.id)}</code></h3>
<p>${h(check.message ?? '')}</p>
${check.exchanges.map(exchange).join('\n')}
${check.reproduce ? `<div><span class="label">Reproduce the flow up to this step</span> <button type="button" class="copy">Copy</button><pre>${h(check.reproduce)}</pre></div>` : ''}
</section>`;
}

/** The checks that warned (not failures), each with its requests; nothing without one. */
function warningList(report: Report): string {
  const warned = report.operations.filter((o) => o.warnings > 0);
  if (warned.length === 0) return '';
  return `<h2 id="warnings">Warnings</h2>
<p>${report.totals.warnings} checks warned. A warning is not a failure: it does not fail the run, nor goes into a baseline. Undocumented properties in answers are one outside the operations of a patient's view (x-roles patient), where they fail.</p>
${warned
  .map(
    (o) =>
      `<h3><code>${h(o.operationId)}</code> — ${o.method} <code>${h(o.path)}</code> (${o.status})</h3>
${o.checks
  .filter((c) => c.outcome === 'warning')
  .map((c) => failureSection(c).replace('<section class="failure">', '<section class="warning">'))
  .join('\n')}`,
  )
  .join('\n')}`;
}

/** The checks that were skipped or not run, each with the reason, folded away. */
function skippedList(report: Report): string {
  const skipped = report.operations.flatMap((o) =>
    o.checks.filter((c) => c.outcome === 'skipped').map((c) => ({ o, c })),
  );
  if (skipped.length === 0) return '';
  return `<h2 id="skipped">Skipped and not run</h2>
<details><summary>${skipped.length} checks were skipped or not run</summary><ul>${skipped
    .map(
      ({ o, c }) =>
        `<li><code>${h(o.operationId)}</code> — ${h(c.name)} <code class="check-id">${h(c.id)}</code>: <span class="why">${h(c.message ?? '')}</span></li>`,
    )
    .join('')}</ul></details>`;
}

/**
 * The conformance report as one self-contained HTML page (no external assets, a few lines of
 * script only to copy commands): the summary, the most common kinds of failure, the
 * per-operation matrix (published calls first), then each failure with what was expected and
 * what came back, the request and the answer, and a `curl` command that sends the same request
 * again (tokens as shell variables: `export PATIENT_TOKEN=…` first).
 */
export function toHtml(report: Report): string {
  const published = report.operations.filter((o) => o.status === 'published');
  const proposed = report.operations.filter((o) => o.status === 'proposed');
  const failing = report.operations.filter((o) => o.failed > 0);
  const setupFailures = report.setup.filter((c) => c.outcome === 'failed');
  const common = commonFailures(report);
  const variables = report.signedIn.map(tokenVariable).join(', ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Contract conformance: ${h(report.baseUrl)} — ${report.ok ? 'passed' : 'failed'}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Contract conformance report</h1>
<p>Server <code>${h(report.baseUrl)}</code>, checked against <code>${h(contractLine(report))}</code>; ${h(generatedLine(report))}; started ${h(report.startedAt)}, took ${(report.durationMs / 1000).toFixed(1)} s.
Signed in as: ${h(report.signedIn.join(', ') || 'nobody (only public checks could run)')}.
${report.destructive ? 'Writes included (the checker creates, changes and deletes its own data).' : 'Read-only run: checks that change data were skipped.'}</p>
<p class="result ${report.ok ? 'ok' : 'bad'}">${h(sentence(resultLine(report)))}</p>${report.stopped ? `\n<section class="failure"><h3>The server stopped answering</h3><p>${h(sentence(stoppedLine(report.stopped)))} The checks from there on are listed as not run; these requests went unanswered in a row, the last asking whether it was still there.</p>${report.stopped.exchanges.map(exchange).join('')}</section>` : ''}${report.timeUp ? `\n<section class="failure"><h3>The time was up</h3><p>${h(sentence(timeUpLine(report.timeUp)))} No check began after it (a flow already begun ran to its end); the checks that did not are listed as not run.</p></section>` : ''}
${
  report.baseline
    ? `<h2>Baseline</h2><ul class="baseline">${baselineLines(report, 1000)
        .map((line) => `<li>${h(line)}</li>`)
        .join('')}</ul>`
    : ''
}
<table><thead><tr><th scope="col">calls</th><th scope="col">operations</th><th scope="col">failing operations</th><th scope="col">checks</th><th scope="col">passed</th><th scope="col">failed</th><th scope="col">skipped</th><th scope="col">passed of run</th></tr></thead>
<tbody>${totalsRow('published', report.published)}${totalsRow('proposed', report.proposed)}${totalsRow('all', report.totals)}</tbody></table>
<table><thead><tr><th scope="col">category</th><th scope="col">passed</th><th scope="col">failed</th><th scope="col">skipped</th></tr></thead>
<tbody>${(Object.keys(CATEGORY_LABELS) as CheckCategory[])
    .map((category) => {
      const counts = report.coverage.byCategory[category];
      return `<tr><th scope="row">${h(CATEGORY_LABELS[category])}</th><td class="num">${counts.passed}</td><td class="num">${counts.failed}</td><td class="num">${counts.skipped}</td></tr>`;
    })
    .join('')}</tbody></table>
<p>${h(coverageLine(report))}. <a href="#not-reached">What was not reached</a></p>
<h2>Business invariants</h2>
<table><thead><tr><th scope="col">invariant</th><th scope="col">rule</th><th scope="col">outcome</th></tr></thead>
<tbody>${invariantResults(report)
    .map(
      (i) =>
        `<tr><td><code>${h(i.id)}</code></td><td>${h(i.rule)}</td><td class="msg">${h(i.outcome)}${i.message ? `: ${h(i.message)}` : ''}</td></tr>`,
    )
    .join('')}</tbody></table>
${
  common.length > 0
    ? `<h2>Most common failures</h2><ul>${common
        .map(
          (f) =>
            `<li><strong>${f.count} ×</strong> ${h(f.kind)}: ${f.operations.map((id) => `<a href="#op-${h(id)}"><code>${h(id)}</code></a>`).join(', ')}</li>`,
        )
        .join('')}</ul>`
    : ''
}
${setupFailures.length > 0 ? `<h2>Setup problems</h2>${setupFailures.map((c) => `<section class="failure"><h3>${h(c.name)}</h3><p>${h(c.message ?? '')}</p>${c.exchanges.map(exchange).join('')}</section>`).join('')}` : ''}
${matrix('Published calls', published)}
${matrix('Proposed calls', proposed)}
${
  failing.length > 0
    ? `<h2>Failures</h2>
<p>Each failure shows the requests of the check and a <code>curl</code> command that sends the last one again.${variables ? ` Set the tokens first: <code>${h(variables)}</code>.` : ''}</p>
${failing
  .map(
    (o) =>
      `<h2 id="${anchor(o)}"><code>${h(o.operationId)}</code> — ${o.method} <code>${h(o.path)}</code> (${o.status})</h2>
${o.checks
  .filter((c) => c.outcome === 'failed')
  .map((c) => failureSection(c))
  .join('\n')}`,
  )
  .join('\n')}`
    : ''
}
${warningList(report)}
<h2 id="not-reached">Not reached</h2>
<p>Documented statuses, parameters, schema keywords (a keyword counts once a request breaking it alone was answered) and request examples the run did not reach, and why as far as the checker can tell.</p>
<ul>${report.operations
    .filter((o) => o.coverage.notReached.length > 0)
    .map(
      (o) =>
        `<li><code>${h(o.operationId)}</code>: ${o.coverage.notReached.map((n) => `${h(n.what)} <span class="why">(${h(n.why)})</span>`).join('; ')}</li>`,
    )
    .join('')}</ul>
${skippedList(report)}
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
