import { markKnown } from './baseline.ts';
import { answerChecks } from './conformity.ts';
import { documentSource } from './contract-file.ts';
import { operationCoverage, totalCoverage } from './coverage.ts';
import { DEFAULT_MAX_EXAMPLES } from './generated-bodies.ts';
import { runFlows, runLoginFlows } from './flows/index.ts';
import { corsProbes } from './cors.ts';
import { baseline, probes } from './generic.ts';
import { hierarchyProbe } from './hierarchy.ts';
import { passed } from './outcome.ts';
import { describe, Runner } from './runner.ts';
import type { HttpAnswer } from './http.ts';
import {
  notRunMessage,
  timeUpMessage,
  type CheckResult,
  type ConformanceOptions,
  type OperationReport,
  type Report,
  type Totals,
} from './types.ts';

function totals(operations: OperationReport[]): Totals {
  const out: Totals = {
    operations: operations.length,
    failingOperations: 0,
    checks: 0,
    passed: 0,
    failed: 0,
    skipped: 0,
    known: 0,
    warnings: 0,
  };
  for (const operation of operations) {
    out.checks += operation.checks.length;
    out.passed += operation.passed;
    out.failed += operation.failed;
    out.skipped += operation.skipped;
    out.known += operation.known;
    out.warnings += operation.warnings;
    if (operation.failed > 0) out.failingOperations += 1;
  }
  return out;
}

function count(checks: CheckResult[], outcome: CheckResult['outcome']): number {
  return checks.filter((c) => c.outcome === outcome).length;
}

/**
 * Whether the server answers at all (one public read), as a setup check; its answer (null when
 * it did not answer).
 */
async function reachable(runner: Runner): Promise<HttpAnswer | null> {
  const spec = runner.healthRead();
  if (!spec) return null;
  const started = performance.now();
  const answer = await runner.request(spec, {});
  const ok = answer.status !== null;
  runner.setup.push({
    id: 'server_reachable',
    name: `reaches the server at ${runner.options.baseUrl}`,
    outcome: ok ? 'passed' : 'failed',
    ...(ok ? {} : { message: runner.clean(describe(answer)) }),
    destructive: false,
    category: 'contract',
    exchanges: [runner.summarize('is the server there', answer)],
    durationMs: Math.round(performance.now() - started),
  });
  return ok ? answer : null;
}

/**
 * What makes a run meaningless, found before any check: a dev-mode option (`--login-as`,
 * `--reset`) against a server without dev mode, and tokens the server rejects or gives to another
 * kind of user (every check of theirs would fail or pass for the wrong reason: a 401 is not the
 * 403 a role check expects, nor the 400 an invalid-input check does).
 */
export class SetupError extends Error {}

function requireDevMode(options: ConformanceOptions, answer: HttpAnswer): void {
  const devOptions = [
    ...((options.loginAs ?? []).length > 0 ? ['--login-as'] : []),
    ...(options.reset ? ['--reset'] : []),
  ];
  if (devOptions.length === 0 || answer.headers['x-dev-mode'] === 'true') return;
  throw new SetupError(
    `${devOptions.join(' and ')} need${devOptions.length > 1 ? '' : 's'} a dev server in dev mode, and ${options.baseUrl} is not one ` +
      `(x-dev-mode: ${answer.headers['x-dev-mode'] ?? 'absent'}): give each user's token with --token USER=TOKEN instead`,
  );
}

/**
 * Checks a running server against the contract, operation by operation, and returns the report.
 * Throws for invalid options, and (`SetupError`) when the run could not mean anything: dev-mode
 * options against a server without dev mode, tokens the server rejects or gives to another user.
 */
export async function runConformance(options: ConformanceOptions): Promise<Report> {
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new Error(`--base-url is not a URL: ${options.baseUrl}`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new Error(`--base-url must be http or https: ${options.baseUrl}`);
  }
  const started = Date.now();
  const runner = new Runner({ ...options, baseUrl: base.href.replace(/\/+$/, '') });
  const unknown = (options.baseline?.entries ?? []).filter((entry) => !runner.has(entry.operation));
  if (options.baseline && unknown.length > 0) {
    throw new Error(
      `${options.baseline.file}: the contract has no operation ${[...new Set(unknown.map((e) => e.operation))].join(', ')}`,
    );
  }

  const answer = await reachable(runner);
  if (answer !== null) {
    requireDevMode(options, answer);
    await runner.signIn();
    const wrong = await runner.verifyTokens();
    if (wrong.length > 0) {
      throw new SetupError(
        `stopped before checking, the tokens would not test what they should:\n  ${wrong.join('\n  ')}`,
      );
    }
    const selected = runner.selected();
    // Reads without ids first: their answers give the ids the others use.
    const reads = selected.filter((s) => s.method === 'GET');
    for (const spec of [
      ...reads.filter((s) => !s.path.includes('{')),
      ...reads.filter((s) => s.path.includes('{')),
    ]) {
      await baseline(runner, spec);
    }
    await runLoginFlows(runner);
    for (const spec of selected) {
      await probes(runner, spec);
      await corsProbes(runner, spec);
      await hierarchyProbe(runner, spec);
    }
    await runFlows(runner);
  }

  const checked = (['published', 'proposed'] as const).flatMap((status) =>
    runner
      .selected()
      .filter((s) => s.status === status)
      .map((spec) => {
        const state = runner.state(spec.operationId);
        const checks = [...answerChecks(runner, spec, state.answers), ...state.checks];
        return { operationId: spec.operationId, spec, state, checks };
      }),
  );
  // The known failures (--baseline) before anything is counted: they do not fail the run.
  const known =
    options.baseline &&
    markKnown(
      checked,
      options.baseline.entries,
      options.baseline.file,
      new Date(started).toISOString().slice(0, 10),
    );
  const operations: OperationReport[] = [];
  for (const { spec, state, checks } of checked) {
    const report: OperationReport = {
      operationId: spec.operationId,
      method: spec.method,
      path: spec.path,
      status: spec.status,
      roles: spec.roles,
      checks,
      passed: count(checks, 'passed'),
      failed: count(checks, 'failed'),
      skipped: count(checks, 'skipped'),
      known: count(checks, 'known'),
      warnings: count(checks, 'warning'),
      coverage: operationCoverage(runner, spec, state.answers, state.sent, checks, state.keywords),
    };
    operations.push(report);
    options.onOperation?.(report);
  }
  const all = totals(operations);
  const notRunFor = (message: string): number =>
    operations
      .flatMap((o) => o.checks)
      .filter((c) => c.outcome === 'skipped' && c.message === message).length;
  const stopped = runner.stopped && {
    ...runner.stopped,
    notRun: notRunFor(notRunMessage(runner.stopped)),
  };
  const maxTimeSeconds = options.maxTimeSeconds ?? 0;
  const timeUp = runner.timeUpAt !== null && {
    maxTimeSeconds,
    atCheck: runner.timeUpAt,
    notRun: notRunFor(timeUpMessage({ maxTimeSeconds })),
  };
  const report: Omit<Report, 'ok'> = {
    baseUrl: runner.options.baseUrl,
    contract: options.contractSource ?? documentSource(runner.document),
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    signedIn: runner.signedIn(),
    destructive: runner.destructive,
    setup: runner.setup,
    requests: runner.requestsSent,
    operations,
    published: totals(operations.filter((o) => o.status === 'published')),
    proposed: totals(operations.filter((o) => o.status === 'proposed')),
    totals: all,
    failOnSkipped: options.failOnSkipped ?? false,
    coverage: totalCoverage(operations),
    generated: { seed: runner.seed, maxExamples: options.maxExamples ?? DEFAULT_MAX_EXAMPLES },
    ...(stopped ? { stopped } : {}),
    ...(timeUp ? { timeUp } : {}),
    ...(known ? { baseline: known } : {}),
  };
  return { ...report, ok: passed(report) };
}
