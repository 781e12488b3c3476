import { invariantResults } from './invariants.ts';
import {
  CATEGORY_LABELS,
  type CheckCategory,
  type CheckResult,
  type Report,
  type Share,
  type StoppedRun,
  type TimeUp,
} from './types.ts';

/**
 * Whether a run passed: every check passed (or was skipped, without `failOnSkipped`), setup
 * succeeded, the server answered to the end and the time box did not run out.
 */
export function passed(report: Omit<Report, 'ok'>): boolean {
  return (
    !report.stopped &&
    !report.timeUp &&
    report.totals.failed === 0 &&
    report.setup.every((c) => c.outcome !== 'failed') &&
    !(report.failOnSkipped && report.totals.skipped > 0)
  );
}

/**
 * The command's exit code for a run: 0 passed; 1 a check or a setup step failed, or the server
 * stopped answering (a failure found before the time box ran out fails too), or a skipped check
 * with `--fail-on-skipped`; 3 the time box ran out with no failure before it.
 */
export function exitCode(report: Report): 0 | 1 | 3 {
  if (report.ok) return 0;
  const failed =
    report.stopped !== undefined ||
    report.totals.failed > 0 ||
    report.setup.some((c) => c.outcome === 'failed');
  return report.timeUp && !failed ? 3 : 1;
}

/** The time box in one line: `the time was up after 60 s (--max-time) at check 412: 900 checks not run`. */
export function timeUpLine(timeUp: TimeUp): string {
  return `the time was up after ${timeUp.maxTimeSeconds} s (--max-time) at check ${timeUp.atCheck}: ${timeUp.notRun} checks not run`;
}

/** Where a run stopped: `the server stopped answering at check 412 (getMe: answers 401 …)`. */
function stoppedAt(stopped: StoppedRun): string {
  const where = stopped.operationId === null ? '' : ` (${stopped.operationId}: ${stopped.check})`;
  return `the server stopped answering at check ${stopped.atCheck}${where}`;
}

/** The stop in one line, with the request that went unanswered and how many checks did not run. */
export function stoppedLine(stopped: StoppedRun): string {
  return `${stoppedAt(stopped)}: ${stopped.error}; ${stopped.notRun} checks not run`;
}

/**
 * The stop as the one failure it is, for the reports that list failures as checks (JUnit): its
 * requests are those that went unanswered.
 */
export function stopFailure(stopped: StoppedRun): CheckResult {
  return {
    id: 'server_answers_to_the_end',
    name: 'the server answers to the end of the run',
    outcome: 'failed',
    message: stoppedLine(stopped),
    destructive: false,
    category: 'contract',
    exchanges: stopped.exchanges,
    durationMs: 0,
  };
}

/**
 * The run's outcome in one line, always with the skipped checks: a run that could not check
 * everything says so even when it passes. A run the server stopped answering in, or whose time
 * box ran out, says that first, with the checks that did not run, rather than as failures. Known
 * failures (the baseline's) are counted apart: they do not fail the run.
 */
export function resultLine(report: Report): string {
  const { warnings } = report.totals;
  const warned = warnings > 0 ? `; ${warnings} warnings (not failures)` : '';
  return `${outcomeLine(report)}${warned}`;
}

/** The run's outcome without its warnings (`resultLine`). */
function outcomeLine(report: Report): string {
  const { failed, skipped, checks, failingOperations, known } = report.totals;
  const setupFailed = report.setup.filter((c) => c.outcome === 'failed').length;
  const found = [
    ...(failed > 0 ? [`${failed} checks failed in ${failingOperations} operations`] : []),
    ...(setupFailed > 0 ? [`${setupFailed} setup steps failed`] : []),
  ];
  const knownPart = known > 0 ? [`${known} known failures (baseline)`] : [];
  const notRun = report.stopped?.notRun ?? report.timeUp?.notRun ?? 0;
  const skips = `${skipped - notRun} of ${checks} checks skipped`;
  const halt = report.stopped
    ? `${stoppedAt(report.stopped)}: ${report.stopped.notRun} checks not run`
    : report.timeUp
      ? timeUpLine(report.timeUp)
      : null;
  if (halt !== null) {
    const before = [...found, ...knownPart];
    return `${halt}${before.length > 0 ? `, ${before.join(', ')} before it` : ''}; ${skips}`;
  }
  if (found.length > 0) return `${[...found, ...knownPart].join(', ')}; ${skips}`;
  const passedPart =
    known > 0 ? `no check failed but ${knownPart.join('')}` : 'every check that ran passed';
  if (skipped === 0) return known > 0 ? passedPart : 'every check passed';
  if (report.failOnSkipped) return `no check failed, but ${skips} (--fail-on-skipped)`;
  return `${passedPart}; ${skips} (--fail-on-skipped fails on them)`;
}

/** The contract a run checked: `Dental portal API 1.4.0, sha256 3f2a…c91e (openapi/portal.yaml)`. */
export function contractLine(report: Pick<Report, 'contract'>): string {
  const { title, version, sha256, path } = report.contract;
  return `${title} ${version}, sha256 ${sha256}${path ? ` (${path})` : ''}`;
}

/** How the generated bodies were made: `Generated bodies: 5 per operation, seed 42 (--seed 42 repeats them)`. */
export function generatedLine(report: Pick<Report, 'generated'>): string {
  const { seed, maxExamples } = report.generated;
  return maxExamples === 0
    ? 'Generated bodies: none (--max-examples 0)'
    : `Generated bodies: up to ${maxExamples} per operation, seed ${seed} (--seed ${seed} repeats them)`;
}

/** `390 of 520 (75.0 %)`. */
export function share({ reached, documented }: Share): string {
  const percent = documented === 0 ? '–' : `${((100 * reached) / documented).toFixed(1)} %`;
  return `${reached} of ${documented} (${percent})`;
}

/** What the run exercised, as named counts: each share of the coverage, and the invariants held. */
export function coverageCriteria(
  report: Pick<Report, 'coverage' | 'operations'> & Partial<Pick<Report, 'stopped' | 'timeUp'>>,
): Array<{ name: string; covered: number; total: number }> {
  const { operations, statuses, parameters, keywords, examples } = report.coverage;
  const invariants = invariantResults(report);
  return [
    { name: 'operations answered', share: operations },
    { name: 'documented statuses answered', share: statuses },
    { name: 'documented parameters sent', share: parameters },
    { name: 'schema keywords probed', share: keywords },
    { name: 'request examples used', share: examples },
    {
      name: 'business invariants held',
      share: {
        reached: invariants.filter((i) => i.outcome === 'passed').length,
        documented: invariants.length,
      },
    },
  ].map(({ name, share: { reached, documented } }) => ({
    name,
    covered: reached,
    total: documented,
  }));
}

/** What the run exercised, in one line. */
export function coverageLine(report: Pick<Report, 'coverage'>): string {
  const { operations, statuses, parameters, examples, keywords } = report.coverage;
  return `Coverage: operations answered ${share(operations)}, documented statuses ${share(statuses)}, parameters sent ${share(parameters)}, schema keywords probed ${share(keywords)}, request examples used ${share(examples)}`;
}

/** The checks by category: `contract 1,200 passed, 0 failed, 3 skipped; auth and roles …`. */
export function categoryLine(report: Pick<Report, 'coverage'>): string {
  return `By category: ${(Object.keys(CATEGORY_LABELS) as CheckCategory[])
    .map((category) => {
      const { passed, failed, skipped, known, warning } = report.coverage.byCategory[category];
      return `${CATEGORY_LABELS[category]} ${passed} passed, ${failed} failed, ${skipped} skipped${known > 0 ? `, ${known} known` : ''}${warning > 0 ? `, ${warning} warnings` : ''}`;
    })
    .join('; ')}`;
}

/** `Business invariants: 12 of 13 held, 0 failed, 1 skipped, 0 not run`. */
export function invariantsLine(
  report: Pick<Report, 'operations'> & Partial<Pick<Report, 'stopped' | 'timeUp'>>,
): string {
  const results = invariantResults(report);
  const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
  const known = count('known') > 0 ? `, ${count('known')} known failures` : '';
  return `Business invariants: ${count('passed')} of ${results.length} held, ${count('failed')} failed${known}, ${count('skipped')} skipped, ${count('not run')} not run`;
}
