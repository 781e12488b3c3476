import { answerChecks } from './conformity.ts';
import { runFlows, runLoginFlows } from './flows/index.ts';
import { baseline, probes } from './generic.ts';
import { describe, summarize, Runner } from './runner.ts';
import type { CheckResult, ConformanceOptions, OperationReport, Report, Totals } from './types.ts';

function totals(operations: OperationReport[]): Totals {
  const out: Totals = {
    operations: operations.length,
    failingOperations: 0,
    checks: 0,
    passed: 0,
    failed: 0,
    skipped: 0,
  };
  for (const operation of operations) {
    out.checks += operation.checks.length;
    out.passed += operation.passed;
    out.failed += operation.failed;
    out.skipped += operation.skipped;
    if (operation.failed > 0) out.failingOperations += 1;
  }
  return out;
}

function count(checks: CheckResult[], outcome: CheckResult['outcome']): number {
  return checks.filter((c) => c.outcome === outcome).length;
}

/** Whether the server answers at all (one public read), as a setup check. */
async function reachable(runner: Runner): Promise<boolean> {
  const id = (['getConfig', 'listBranches'] as const).find((candidate) => runner.has(candidate));
  const spec = id
    ? runner.op(id)
    : runner.index.operations.find((o) => o.isPublic && o.method === 'GET');
  if (!spec) return true;
  const started = performance.now();
  const answer = await runner.request(spec, {});
  const ok = answer.status !== null;
  runner.setup.push({
    name: `reaches the server at ${runner.options.baseUrl}`,
    outcome: ok ? 'passed' : 'failed',
    ...(ok ? {} : { message: describe(answer) }),
    destructive: false,
    exchanges: [summarize('is the server there', answer, runner.secrets())],
    durationMs: Math.round(performance.now() - started),
  });
  return ok;
}

/**
 * Checks a running server against the contract, operation by operation, and returns the report.
 * Never throws for server behaviour; throws only for invalid options.
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

  if (await reachable(runner)) {
    await runner.signIn();
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
    for (const spec of selected) await probes(runner, spec);
    await runFlows(runner);
  }

  const operations: OperationReport[] = [];
  for (const status of ['published', 'proposed'] as const) {
    for (const spec of runner.selected().filter((s) => s.status === status)) {
      const state = runner.state(spec.operationId);
      const checks = [...answerChecks(runner, spec, state.answers), ...state.checks];
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
      };
      operations.push(report);
      options.onOperation?.(report);
    }
  }
  const all = totals(operations);
  return {
    baseUrl: runner.options.baseUrl,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    signedIn: runner.signedIn(),
    destructive: runner.destructive,
    setup: runner.setup,
    operations,
    published: totals(operations.filter((o) => o.status === 'published')),
    proposed: totals(operations.filter((o) => o.status === 'proposed')),
    totals: all,
    ok: all.failed === 0 && runner.setup.every((c) => c.outcome !== 'failed'),
  };
}
