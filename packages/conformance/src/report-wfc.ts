import manifest from '../package.json' with { type: 'json' };
import { coverageCriteria } from './outcome.ts';
import type { CheckCategory, CheckResult, OperationReport, Report } from './types.ts';

/**
 * The run as a Web Fuzzing Commons report (https://github.com/WebFuzzing/Commons, its report
 * schema, vendor/wfc/report.yaml): the format several API fuzzers write (EvoMaster, Schemathesis,
 * CATS…), which their tools read and show. Each check that ran is a test case, each failed one a
 * found fault with WFC's categories where one fits, a code of the 9xx the format keeps for a
 * tool's own otherwise.
 */

/** The version of the WFC report schema this file follows (the vendored one's tag). */
export const WFC_SCHEMA_VERSION = '0.6.0';

interface FaultCategory {
  code: number;
  context: string;
}

/** The checker's own fault codes (WFC keeps 900–999 for a tool's own), by the check's category. */
const OWN_CODES: Readonly<Record<CheckCategory, number>> = {
  contract: 900,
  auth: 901,
  business: 902,
  dev: 903,
};

/** Checks of answers against the contract: a failure is WFC's 101, a response not matching its schema. */
const RESPONSE_CHECKS = new Set([
  'route_exists',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
  'response_headers_conformance',
]);

/** Checks that send invalid input: a 2xx to it is WFC's 102, success on invalid input. */
const INVALID_INPUT_CHECKS = new Set([
  'invalid_parameter_rejected',
  'invalid_body_rejected',
  'missing_required_header',
  'hostile_body_short_answer',
]);

/** Checks that a token is needed, or the right role: a 2xx is WFC's 206, a missed authorization check. */
const ACCESS_CHECKS = new Set([
  'unauthorized_without_token',
  'unauthorized_with_invalid_token',
  'forbidden_for_other_roles',
  'terms_not_accepted',
]);

/** `GET:/api/config`: an endpoint as WFC names it. */
const endpointOf = (method: string, path: string): string => `${method}:${path}`;

/**
 * The WFC fault categories of a failed check: 100 when an answer was 500, 101 for an answer that
 * breaks the contract's response, 102 for invalid input taken with a 2xx, 205 for a signed-in user
 * of the wrong role told 401, 206 for a protected operation that answered 2xx; otherwise the
 * checker's own code of the check's category. The context names the endpoint and the check.
 */
function faultCategories(endpoint: string, check: CheckResult): FaultCategory[] {
  const context = `${endpoint} ${check.id}: ${check.name}`;
  const statuses = check.exchanges.map((e) => e.status ?? 0);
  const success = statuses.some((s) => s >= 200 && s < 300);
  const codes = new Set<number>();
  if (statuses.includes(500)) codes.add(100);
  if (RESPONSE_CHECKS.has(check.id)) codes.add(101);
  if (INVALID_INPUT_CHECKS.has(check.id) && success) codes.add(102);
  if (check.id === 'forbidden_for_other_roles' && statuses.includes(401)) codes.add(205);
  if (ACCESS_CHECKS.has(check.id) && success) codes.add(206);
  if (codes.size === 0) codes.add(OWN_CODES[check.category]);
  return [...codes].map((code) => ({ code, context }));
}

/** The checks that ran (passed, failed or known), with a test case id each: `getConfig:valid_read_succeeds:1`. */
function testCases(
  report: Report,
): Array<{ id: string; operation: OperationReport; check: CheckResult }> {
  const cases: Array<{ id: string; operation: OperationReport; check: CheckResult }> = [];
  for (const operation of report.operations) {
    const seen = new Map<string, number>();
    for (const check of operation.checks) {
      if (check.outcome === 'skipped') continue;
      const n = (seen.get(check.id) ?? 0) + 1;
      seen.set(check.id, n);
      cases.push({ id: `${operation.operationId}:${check.id}:${n}`, operation, check });
    }
  }
  return cases;
}

/** The run's general warnings: setup problems, a stop, the time box, what was skipped, the baseline. */
function warnings(
  report: Report,
): Array<{ message: string; category: string; displayPriority: number }> {
  const notRun = (report.stopped?.notRun ?? 0) + (report.timeUp?.notRun ?? 0);
  return [
    ...report.setup
      .filter((c) => c.outcome === 'failed')
      .map((c) => ({
        message: `${c.name}: ${c.message ?? ''}`,
        category: 'setup',
        displayPriority: 1,
      })),
    ...(report.stopped
      ? [
          {
            message: `the server stopped answering at check ${report.stopped.atCheck}: ${report.stopped.error}`,
            category: 'run',
            displayPriority: 1,
          },
        ]
      : []),
    ...(report.timeUp
      ? [
          {
            message: `the time was up after ${report.timeUp.maxTimeSeconds} s (--max-time) at check ${report.timeUp.atCheck}`,
            category: 'run',
            displayPriority: 1,
          },
        ]
      : []),
    // A check that warned (undocumented properties outside a patient's view): not a fault.
    ...report.operations.flatMap((o) =>
      o.checks
        .filter((c) => c.outcome === 'warning')
        .map((c) => ({
          message: `${endpointOf(o.method, o.path)} ${c.id}: ${c.message ?? c.name}`,
          category: 'warning',
          displayPriority: 2,
        })),
    ),
    ...(report.totals.skipped > 0
      ? [
          {
            message: `${report.totals.skipped} checks skipped (${notRun} of them not run), each with its reason in conformance-report.json`,
            category: 'coverage',
            displayPriority: 3,
          },
        ]
      : []),
    ...(report.baseline && report.totals.known > 0
      ? [
          {
            message: `${report.totals.known} of the faults are known failures of the baseline ${report.baseline.file}: they do not fail the run`,
            category: 'baseline',
            displayPriority: 2,
          },
        ]
      : []),
    ...(report.baseline && report.baseline.stale.length > 0
      ? [
          {
            message: `${report.baseline.stale.length} entries of the baseline no longer fail (--baseline-prune removes them)`,
            category: 'baseline',
            displayPriority: 2,
          },
        ]
      : []),
  ];
}

/** The run as a WFC report (`conformance-wfc.json`). */
export function toWfc(report: Report): Record<string, unknown> {
  const cases = testCases(report);
  const pathOf = new Map<string, string>(report.operations.map((o) => [o.operationId, o.path]));
  const foundFaults = cases
    .filter(({ check }) => check.outcome === 'failed' || check.outcome === 'known')
    .map(({ id, operation, check }) => {
      const endpoint = endpointOf(operation.method, operation.path);
      // The schema's FoundFault names the operation operationId but requires endpointId: both.
      return {
        operationId: endpoint,
        endpointId: endpoint,
        testCaseId: id,
        faultCategories: faultCategories(endpoint, check),
      };
    });
  const distinct = new Set(
    foundFaults.flatMap((fault) => fault.faultCategories.map((c) => `${c.code} ${c.context}`)),
  );
  const coveredHttpStatus = cases.flatMap(({ id, check }) => {
    const byEndpoint = new Map<string, Set<number | null>>();
    for (const exchange of check.exchanges) {
      const path =
        exchange.operationId === undefined ? undefined : pathOf.get(exchange.operationId);
      if (path === undefined) continue;
      const endpoint = endpointOf(exchange.method, path);
      const statuses = byEndpoint.get(endpoint) ?? new Set();
      statuses.add(exchange.status);
      byEndpoint.set(endpoint, statuses);
    }
    return [...byEndpoint].map(([endpointId, statuses]) => ({
      endpointId,
      testCaseId: id,
      httpStatus: [...statuses],
    }));
  });
  const finished = new Date(Date.parse(report.startedAt) + report.durationMs).toISOString();
  return {
    schemaVersion: WFC_SCHEMA_VERSION,
    toolName: 'portal-conformance',
    toolVersion: manifest.version,
    creationTime: finished,
    faults: { totalNumber: distinct.size, foundFaults },
    problemDetails: {
      rest: {
        outputHttpCalls: cases.reduce((sum, { check }) => sum + check.exchanges.length, 0),
        evaluatedHttpCalls: report.requests,
        endpointIds: report.operations.map((o) => endpointOf(o.method, o.path)),
        coveredHttpStatus,
      },
    },
    totalTests: cases.length,
    // The checks are not written as test files: their reproducers are in the other reports.
    testFilePaths: [],
    testCases: cases.map(({ id, check }) => ({ id, name: `${check.id}: ${check.name}` })),
    executionTimeInSeconds: Math.round(report.durationMs / 1000),
    extra: [{ toolName: 'portal-conformance', criteria: coverageCriteria(report) }],
    warnings: warnings(report),
  };
}
