import type { OperationSpec } from '@portal/sdk/contract';
import { documentedExample } from './examples.ts';
import type { KeywordNotes, Recorded, Runner } from './runner.ts';
import type { CheckCategory, CheckResult, Coverage, OperationCoverage } from './types.ts';

/** Whether an answer's status is the documented one (`404`, `4XX`, `default`). */
function covers(documented: string, status: number): boolean {
  if (documented === 'default') return true;
  if (/^[1-5]XX$/i.test(documented)) return documented[0] === String(status)[0];
  return documented === String(status);
}

/** Why a documented status was not seen, as far as the checker can tell. */
function whyNot(status: string, spec: OperationSpec, checks: CheckResult[]): string {
  const skipped = checks.filter((c) => c.outcome === 'skipped').map((c) => c.message ?? '');
  if (status === '429') return 'a rate limit: the checker stays under it';
  if (status === '503') {
    return spec.blockedInMaintenance
      ? 'only during a maintenance break (a write run on a server with the dev controls)'
      : 'the server was available';
  }
  if (status === '500' || status === 'default') return 'an internal error: none was provoked';
  if (status === '413') return 'a body over the size limit: the checker sends none';
  if ((status === '401' || status === '403') && skipped.some((m) => m.startsWith('needs')))
    return 'needs the token of another user (--login-as or --token)';
  if (skipped.some((m) => m.includes('read-only run')))
    return 'its checks that change data were skipped (--no-destructive)';
  return 'no request of the run led to it';
}

/** What the run exercised of one operation: its documented statuses and parameters. */
export function operationCoverage(
  runner: Pick<Runner, 'document' | 'usedExamples' | 'samples' | 'options'>,
  spec: OperationSpec,
  answers: readonly Recorded[],
  sent: ReadonlySet<string>,
  checks: CheckResult[],
  keywordNotes: KeywordNotes,
): OperationCoverage {
  // The schema keywords of the request, and which a probe broke.
  const keywords =
    keywordNotes.uses ??
    runner.samples.requestKeywords(
      spec.parameters,
      spec.requestBody?.content.find((m) => m.contentType === 'application/json')?.pointer ?? null,
    );
  const unprobed = keywords.filter((k) => !keywordNotes.probed.has(k.key));
  const probesSkipped = checks.find(
    (c) => c.outcome === 'skipped' && c.name === 'rejects invalid input with 4xx',
  )?.message;
  // The contract's examples of the request: its body's and its parameters'.
  const body = spec.requestBody?.content.find((m) => m.contentType === 'application/json');
  const owners = [
    ...(body?.pointer ? [{ what: 'the request body example', pointer: body.pointer }] : []),
    ...spec.parameters.map((p) => ({
      what: `the example of ${p.in} parameter ${p.name}`,
      pointer: p.pointer,
    })),
  ].filter((o) => documentedExample(runner.document, o.pointer) !== undefined);
  const examplesUsed = owners.filter((o) => runner.usedExamples.has(o.pointer));
  const statuses = spec.responses.map((r) => r.status);
  const seen = answers.map((a) => a.answer.status).filter((s): s is number => s !== null);
  const answered = statuses.filter((status) => seen.some((s) => covers(status, s)));
  const parameters = spec.parameters.map(
    (p) => `${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`,
  );
  const sentParameters = parameters.filter((p) => sent.has(p));
  return {
    answered: answers.length > 0,
    statuses: { documented: statuses.length, reached: answered.length },
    parameters: { documented: parameters.length, reached: sentParameters.length },
    examples: { documented: owners.length, reached: examplesUsed.length },
    keywords: { documented: keywords.length, reached: keywords.length - unprobed.length },
    notReached: [
      ...owners
        .filter((o) => !runner.usedExamples.has(o.pointer))
        .map((o) => ({
          what: o.what,
          why: !runner.samples.isValid(o.pointer, documentedExample(runner.document, o.pointer))
            ? 'it is not valid by its own schema'
            : o.what.endsWith('header parameter Accept-Language')
              ? `the run sent Accept-Language: ${runner.options.language ?? 'en'} (--language chooses)`
              : o.what.includes('path parameter')
                ? 'the ids came from the server'
                : 'the requests used other values',
        })),
      ...statuses
        .filter((status) => !answered.includes(status))
        .map((status) => ({ what: `status ${status}`, why: whyNot(status, spec, checks) })),
      ...parameters
        .filter((p) => !sentParameters.includes(p))
        .map((p) => ({
          what: `${p.replace(':', ' parameter ')}`,
          why: 'optional, and no check sends it',
        })),
      ...unprobed.map((k) => ({
        what: `keyword ${k.key}`,
        why:
          keywordNotes.why.get(k.key) ??
          k.why ??
          probesSkipped ??
          (keywordNotes.uses === null
            ? 'no invalid-input probe ran (--no-destructive, --only-failed or an operation filter)'
            : 'no probe breaks it alone (the probes have no such invalid value)'),
      })),
    ],
  };
}

/** The totals of a run's coverage. */
export function totalCoverage(
  operations: ReadonlyArray<{ coverage: OperationCoverage; checks: CheckResult[] }>,
): Coverage {
  const byCategory = {} as Coverage['byCategory'];
  for (const category of ['contract', 'auth', 'business', 'dev'] as CheckCategory[]) {
    byCategory[category] = { passed: 0, failed: 0, skipped: 0, known: 0, warning: 0 };
  }
  for (const operation of operations) {
    for (const check of operation.checks) byCategory[check.category][check.outcome] += 1;
  }
  const sum = (pick: (c: OperationCoverage) => { documented: number; reached: number }) =>
    operations.reduce(
      (total, o) => ({
        documented: total.documented + pick(o.coverage).documented,
        reached: total.reached + pick(o.coverage).reached,
      }),
      { documented: 0, reached: 0 },
    );
  return {
    operations: {
      documented: operations.length,
      reached: operations.filter((o) => o.coverage.answered).length,
    },
    statuses: sum((c) => c.statuses),
    parameters: sum((c) => c.parameters),
    examples: sum((c) => c.examples),
    keywords: sum((c) => c.keywords),
    byCategory,
  };
}
