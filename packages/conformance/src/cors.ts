import type { OperationSpec } from '@portal/sdk/contract';
import type { CheckId } from './check-ids.ts';
import { validCall } from './discovery.ts';
import { needsToken } from './generic.ts';
import type { HttpAnswer } from './http.ts';
import { describe, fail, type Runner } from './runner.ts';

// Cross-origin reads (CORS): the portal's pages are served by the same origin as its API, so a
// server needs no CORS at all, and one that has it grants only the portal's own origins. A page
// of another site must never read a patient's data with the patient's cookies or token: the
// classic slip is a server that copies any request's Origin into Access-Control-Allow-Origin with
// Access-Control-Allow-Credentials: true. The checker reads each path as a page of a foreign
// origin would, with a GET and a preflight (OPTIONS).

/** An origin no server of the portal may trust (RFC 2606 keeps `.example` for examples). */
export const FOREIGN_ORIGIN = 'https://evil.example';

const ALLOW_ORIGIN = 'access-control-allow-origin';
const ALLOW_CREDENTIALS = 'access-control-allow-credentials';

/** The CORS headers of an answer, as a failure message shows them. */
function corsHeaders(answer: HttpAnswer): string {
  const shown = Object.entries(answer.headers)
    .filter(([name]) => name.startsWith('access-control-') || name === 'vary')
    .map(([name, value]) => `${name}: ${value}`);
  return shown.length > 0 ? shown.join(', ') : 'no CORS headers';
}

/** What a page of the foreign origin sends and gets: the GET, and the preflight (or null). */
interface ForeignRead {
  read: HttpAnswer;
  preflight: HttpAnswer | null;
}

/** A valid read of the operation sent from the foreign origin, with the caller's token. */
async function foreignGet(runner: Runner, spec: OperationSpec): Promise<HttpAnswer> {
  const { call } = await validCall(runner, spec, spec.isPublic ? null : runner.callerFor(spec));
  return runner.call(spec.operationId, `a read from ${FOREIGN_ORIGIN}`, {
    ...call,
    headers: { ...call.headers, origin: FOREIGN_ORIGIN },
  });
}

/** The preflight a browser sends before that read: no token, no body (not in a read-only run). */
async function foreignPreflight(runner: Runner, spec: OperationSpec): Promise<HttpAnswer> {
  const { call } = await validCall(runner, spec, spec.isPublic ? null : runner.callerFor(spec));
  return runner.callWithMethod(spec.operationId, 'OPTIONS', `a preflight from ${FOREIGN_ORIGIN}`, {
    ...(call.path === undefined ? {} : { path: call.path }),
    ...(call.query === undefined ? {} : { query: call.query }),
    headers: {
      origin: FOREIGN_ORIGIN,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization, x-requested-with',
    },
    omitHeaders: ['x-requested-with', 'accept-language'],
  });
}

/** The read from the foreign origin and, unless the run is read-only, its preflight. */
async function foreignRead(
  runner: Runner,
  spec: OperationSpec,
  withPreflight: boolean,
): Promise<ForeignRead> {
  const read = await foreignGet(runner, spec);
  const preflight =
    withPreflight && runner.destructive ? await foreignPreflight(runner, spec) : null;
  return { read, preflight };
}

type Verdict = (answer: HttpAnswer) => string | null;

/** The answers of a foreign read that break the rule, each said with its CORS headers. */
function broken(found: ForeignRead, verdict: Verdict): string[] {
  const answers = [found.read, ...(found.preflight ? [found.preflight] : [])];
  return answers.flatMap((answer) => {
    const problem = verdict(answer);
    return problem ? [`${problem}: ${describe(answer)} (${corsHeaders(answer)})`] : [];
  });
}

const RULES: readonly { id: CheckId; name: string; preflight: boolean; verdict: Verdict }[] = [
  {
    id: 'cors_no_reflected_foreign_origin',
    name: `does not let a foreign origin (${FOREIGN_ORIGIN}) read it: no Access-Control-Allow-Origin naming it`,
    preflight: true,
    verdict: (answer) => {
      const allowed = answer.headers[ALLOW_ORIGIN]?.trim();
      if (allowed === FOREIGN_ORIGIN) return `${answer.method} grants the foreign origin`;
      if (allowed === 'null') return `${answer.method} grants the origin "null" (sandboxed pages)`;
      return null;
    },
  },
  {
    id: 'cors_no_wildcard_with_credentials',
    name: 'never answers Access-Control-Allow-Origin * with Access-Control-Allow-Credentials: true',
    preflight: true,
    verdict: (answer) =>
      answer.headers[ALLOW_ORIGIN]?.trim() === '*' &&
      answer.headers[ALLOW_CREDENTIALS]?.trim().toLowerCase() === 'true'
        ? `${answer.method} allows any origin with credentials`
        : null,
  },
  {
    id: 'cors_vary_origin',
    name: 'says Vary: Origin when its Access-Control-Allow-Origin names an origin',
    preflight: false,
    verdict: (answer) => {
      const allowed = answer.headers[ALLOW_ORIGIN]?.trim();
      if (allowed === undefined || allowed === '*') return null;
      const vary = (answer.headers.vary ?? '').split(',').map((v) => v.trim().toLowerCase());
      return vary.includes('origin') || vary.includes('*')
        ? null
        : `${answer.method} names an origin without Vary: Origin (a cache would serve it to other origins)`;
    },
  },
];

const PREFLIGHT_NAME =
  'answers a CORS preflight (OPTIONS) below 500; one that grants an origin names GET in Access-Control-Allow-Methods';

/**
 * The CORS checks of a path, on its first read (`GET`): a read and a preflight from a foreign
 * origin. A server with no CORS at all passes them; a read-only run sends no preflight.
 */
export async function corsProbes(runner: Runner, spec: OperationSpec): Promise<void> {
  const firstRead = runner.index.operations.find((o) => o.path === spec.path && o.method === 'GET');
  if (firstRead !== spec) return;
  const user = spec.isPublic ? null : runner.callerFor(spec);
  for (const rule of RULES) {
    const options = { id: rule.id, category: 'auth' } as const;
    if (!spec.isPublic && !user) {
      runner.skipped(spec.operationId, rule.name, needsToken(spec), options);
      continue;
    }
    await runner.check(spec.operationId, rule.name, options, async () => {
      const problems = broken(await foreignRead(runner, spec, rule.preflight), rule.verdict);
      if (problems.length > 0) fail(problems.join('; '));
    });
  }
  const options = { id: 'cors_preflight_answers', category: 'auth' } as const;
  if (!runner.destructive) {
    runner.skipped(
      spec.operationId,
      PREFLIGHT_NAME,
      'a preflight is an OPTIONS request; a read-only run (--no-destructive) sends GET only',
      options,
    );
    return;
  }
  await runner.check(spec.operationId, PREFLIGHT_NAME, options, async () => {
    const preflight = await foreignPreflight(runner, spec);
    if (preflight.status === null || preflight.status >= 500)
      fail(`expected an answer below 500, got ${describe(preflight)}`);
    const allowed = preflight.headers[ALLOW_ORIGIN];
    const methods = (preflight.headers['access-control-allow-methods'] ?? '')
      .split(',')
      .map((m) => m.trim().toUpperCase());
    if (allowed !== undefined && !methods.includes('GET') && !methods.includes('*'))
      fail(
        `the preflight grants ${allowed} but not GET: ${describe(preflight)} (${corsHeaders(preflight)})`,
      );
  });
}
