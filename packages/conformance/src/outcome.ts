import type { Report } from './types.ts';

/**
 * The run's outcome in one line, always with the skipped checks: a run that could not check
 * everything says so even when it passes.
 */
export function resultLine(report: Report): string {
  const { failed, skipped, checks, failingOperations } = report.totals;
  const setupFailed = report.setup.filter((c) => c.outcome === 'failed').length;
  const skips = `${skipped} of ${checks} checks skipped`;
  if (failed > 0 || setupFailed > 0) {
    const what = [
      ...(failed > 0 ? [`${failed} checks failed in ${failingOperations} operations`] : []),
      ...(setupFailed > 0 ? [`${setupFailed} setup steps failed`] : []),
    ];
    return `${what.join(', ')}; ${skips}`;
  }
  if (skipped === 0) return 'every check passed';
  if (report.failOnSkipped) return `no check failed, but ${skips} (--fail-on-skipped)`;
  return `every check that ran passed; ${skips} (--fail-on-skipped fails on them)`;
}

/** The contract a run checked: `Dental portal API 1.4.0, sha256 3f2a…c91e (openapi/portal.yaml)`. */
export function contractLine(report: Pick<Report, 'contract'>): string {
  const { title, version, sha256, path } = report.contract;
  return `${title} ${version}, sha256 ${sha256}${path ? ` (${path})` : ''}`;
}
