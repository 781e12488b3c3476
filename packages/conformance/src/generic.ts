import type { HttpMethod, OperationSpec, ParameterSpec } from '@portal/sdk/contract';
import { isContractNotFound } from './conformity.ts';
import { generatedBodyProbe, generatedQueryProbe } from './generated-bodies.ts';
import { isInteger, MISSING_ID, validCall, type ValidCall } from './discovery.ts';
import { expectErrorCode, expectStatus, type StatusExpectation } from './expect.ts';
import type { CallSpec } from './http.ts';
import { atPointer, deref, isObject } from './json.ts';
import type { CheckId } from './check-ids.ts';
import { describe, fail, skip, type Runner } from './runner.ts';
import { roundRobin, type Mutation } from './mutations.ts';
import { ROLE_OF, type TestUser } from './types.ts';

/** Operations whose path id is the caller's own (a missing id is someone else's: 403 or 404). */
const OWN_PATH_ID = new Set(['updateProfile']);
const GARBAGE_TOKEN = 'conformance-invalid-token-0123456789abcdef';
/** Invalid bodies per operation when one for each schema keyword is fewer. */
const BODY_MUTATIONS = 20;
/** Invalid bodies in all for rate-limited operations (those that document 429). */
const RATE_LIMITED_BODY_MUTATIONS = 8;
/** Invalid values per parameter when one for each schema keyword is fewer. */
const PARAMETER_MUTATIONS = 5;
/** An error answer stays this short whatever the request held (20 field errors fit many times). */
const MAX_ERROR_ANSWER_BYTES = 8192;
/**
 * JSON bodies that once stalled or broke the dev server (issue 33): nesting that overflows a
 * recursive walk, and thousands of invalid texts that each get a field error with a long path.
 */
const HOSTILE_JSON_BODIES: readonly [string, string][] = [
  ['a JSON body nested 5,000 levels deep', `${'['.repeat(5000)}1${']'.repeat(5000)}`],
  [
    'a JSON body of 3,000 texts with a control character, 40 levels deep',
    `${'['.repeat(40)}${Array(3000).fill('"\\b"').join(',')}${']'.repeat(40)}`,
  ],
];

const isRead = (spec: OperationSpec): boolean => spec.method === 'GET';

/**
 * A valid call for probes that a conformant server rejects. For writes, integer path ids are
 * replaced by an id that does not exist, so that a server that wrongly accepts the probe still
 * changes nothing that exists.
 */
async function probeCall(
  runner: Runner,
  spec: OperationSpec,
  user: TestUser | null,
): Promise<ValidCall> {
  const valid = await validCall(runner, spec, user ?? runner.callerFor(spec));
  if (!isRead(spec) && !OWN_PATH_ID.has(spec.operationId)) {
    const path = { ...valid.call.path };
    for (const parameter of spec.parameters) {
      if (parameter.in === 'path' && isInteger(runner, parameter))
        path[parameter.name] = MISSING_ID;
    }
    valid.call.path = path;
  }
  valid.call.token = user ? runner.token(user) : null;
  return valid;
}

/** A value of a path parameter that is valid but names nothing (null when there is none). */
function missingValue(runner: Runner, parameter: ParameterSpec): unknown {
  if (isInteger(runner, parameter)) return MISSING_ID;
  const schema = atPointer(runner.document, parameter.pointer);
  if (isObject(schema) && (Array.isArray(schema.enum) || 'const' in schema)) return null;
  const candidates = [
    'conformance-missing-000000000000',
    `${'0'.repeat(32)}.png`,
    'conformancemissing0000',
  ];
  return candidates.find((value) => runner.samples.isValid(parameter.pointer, value)) ?? null;
}

/** The baseline: a valid read answers 2xx (GET operations; writes are checked by the flows). */
export async function baseline(runner: Runner, spec: OperationSpec): Promise<void> {
  if (!isRead(spec)) return;
  const name = 'answers a valid request with 2xx';
  const user = spec.isPublic ? null : runner.callerFor(spec);
  const options = { id: 'valid_read_succeeds' } as const;
  if (!spec.isPublic && !user) {
    runner.skipped(spec.operationId, name, needsToken(spec), options);
    return;
  }
  await runner.check(spec.operationId, name, options, async () => {
    const { call, guessed } = await validCall(runner, spec, user);
    const answer = await runner.call(spec.operationId, 'a valid request', call);
    if (answer.status === 404 && isContractNotFound(runner, spec, answer)) {
      if (spec.tags.includes('dev'))
        skip('the server answers 404 to dev controls: dev mode is off');
      if (guessed.length > 0) {
        skip(
          `found nothing to read (${guessed.join(', ')} not discoverable from list operations); the server answered 404 not-found for ${JSON.stringify(call.path)}`,
        );
      }
    }
    const accepted: StatusExpectation[] = ['2xx'];
    if (answer.status === 400 && guessed.length > 0) {
      skip(
        `the request used contract examples for ${guessed.join(', ')}, which this server does not know (400)`,
      );
    }
    if (answer.status === 403 && guessed.length > 0) {
      skip(
        `found nothing of the caller's own to read (${guessed.join(', ')} guessed); the server answered 403 forbidden for someone else's ${JSON.stringify(call.path)}`,
      );
    }
    expectStatus(spec, answer, accepted);
  });
}

export function needsToken(spec: OperationSpec): string {
  const roles = spec.roles
    .map((r) => (r === 'contentManager' ? 'content-manager' : r))
    .join(' or ');
  return `needs a signed-in ${roles} (--login-as or --token)`;
}

/** 401 without a token and with an invalid one. */
async function authProbes(runner: Runner, spec: OperationSpec): Promise<void> {
  if (spec.isPublic) return;
  const cases: [CheckId, string, Partial<CallSpec>][] = [
    ['unauthorized_without_token', 'answers 401 unauthorized without a token', {}],
    [
      'unauthorized_with_invalid_token',
      'answers 401 unauthorized with an invalid token',
      { authorization: `Bearer ${GARBAGE_TOKEN}` },
    ],
  ];
  for (const [id, name, extra] of cases) {
    await runner.check(spec.operationId, name, { id, category: 'auth' }, async () => {
      const { call } = await probeCall(runner, spec, null);
      const answer = await runner.call(
        spec.operationId,
        name.replace('answers 401 unauthorized ', ''),
        { ...call, ...extra },
      );
      expectStatus(spec, answer, [401]);
      expectErrorCode(answer, ['unauthorized']);
    });
  }
}

/** 403 forbidden for signed-in users whose role the operation does not allow. */
async function roleProbes(runner: Runner, spec: OperationSpec): Promise<void> {
  if (spec.isPublic || spec.roles.includes('patient')) return;
  for (const user of ['patient', 'content-manager', 'admin'] as const) {
    if (runner.allows(spec, user)) continue;
    const name = `answers 403 forbidden to a signed-in ${user} (role ${ROLE_OF[user]} not allowed)`;
    const options = { id: 'forbidden_for_other_roles', category: 'auth' } as const;
    if (!runner.token(user)) {
      runner.skipped(
        spec.operationId,
        name,
        `no ${user} token (--login-as ${user} or --token ${user}=…)`,
        options,
      );
      continue;
    }
    await runner.check(spec.operationId, name, options, async () => {
      const { call } = await probeCall(runner, spec, user);
      const answer = await runner.call(spec.operationId, `as ${user} (wrong role)`, call);
      expectStatus(spec, answer, [403]);
      expectErrorCode(answer, ['forbidden']);
    });
  }
}

/** Whether the first-login user has not accepted the terms (so the terms gate can be checked). */
function termsPending(runner: Runner): Promise<boolean | string> {
  return runner.once('terms-pending', async () => {
    const token = runner.token('first-login');
    if (!token) return 'no first-login token (--login-as first-login or --token first-login=…)';
    if (!runner.has('getMe')) return 'the contract has no getMe';
    const answer = await runner.call('getMe', 'discovery: has first-login accepted the terms', {
      token,
    });
    if (answer.status !== 200 || !isObject(answer.json))
      return `getMe as first-login failed: ${describe(answer)}`;
    return answer.json.TermsAccepted === false
      ? true
      : 'the first-login user has already accepted the terms';
  });
}

/** 403 terms-not-accepted for a signed-in user who has not accepted the terms. */
async function termsProbe(runner: Runner, spec: OperationSpec): Promise<void> {
  if (spec.isPublic || spec.termsExempt || !runner.allows(spec, 'first-login')) return;
  const name = 'answers 403 terms-not-accepted before the terms are accepted';
  const options = { id: 'terms_not_accepted', category: 'auth' } as const;
  if (!runner.wants(options.id)) return;
  const pending = await termsPending(runner);
  if (pending !== true) {
    runner.skipped(spec.operationId, name, pending === false ? 'terms accepted' : pending, options);
    return;
  }
  await runner.check(spec.operationId, name, options, async () => {
    const { call } = await probeCall(runner, spec, 'first-login');
    const answer = await runner.call(spec.operationId, 'as first-login (terms not accepted)', call);
    expectStatus(spec, answer, [403]);
    expectErrorCode(answer, ['terms-not-accepted']);
  });
}

/** 404 not-found (the contract's Error) for a resource that does not exist. */
async function missingProbe(runner: Runner, spec: OperationSpec): Promise<void> {
  const parameters = spec.parameters.filter((p) => p.in === 'path');
  if (parameters.length === 0 || !spec.responses.some((r) => r.status === '404')) return;
  const values = parameters.map((p) => [p.name, missingValue(runner, p)] as const);
  if (values.some(([, value]) => value === null)) return;
  const name = 'answers 404 not-found for a resource that does not exist';
  const user = spec.isPublic ? null : runner.callerFor(spec);
  const options = { id: 'missing_resource_not_found' } as const;
  if (!spec.isPublic && !user) {
    runner.skipped(spec.operationId, name, needsToken(spec), options);
    return;
  }
  await runner.check(spec.operationId, name, options, async () => {
    const { call } = await probeCall(runner, spec, user);
    const answer = await runner.call(spec.operationId, 'a resource that does not exist', {
      ...call,
      path: Object.fromEntries(values),
    });
    if (OWN_PATH_ID.has(spec.operationId)) {
      expectStatus(spec, answer, [403, 404]);
      expectErrorCode(answer, ['forbidden', 'not-found']);
      return;
    }
    expectStatus(spec, answer, [404]);
    expectErrorCode(answer, ['not-found']);
  });

  // The longest valid string ids are still ids: a length limit below the contract's is a bug.
  const longest = values.map(([name, value]) => {
    const parameter = parameters.find((p) => p.name === name);
    if (!parameter || typeof value !== 'string') return [name, value] as const;
    const { node } = deref(runner.document, { $ref: `#${parameter.pointer}` }, parameter.pointer);
    if (typeof node.maxLength !== 'number') return [name, value] as const;
    const long = value.padEnd(node.maxLength, '0');
    return [name, runner.samples.isValid(parameter.pointer, long) ? long : value] as const;
  });
  if (longest.every(([, value], i) => value === values[i]?.[1])) return;
  await runner.check(
    spec.operationId,
    'accepts path parameters of the longest valid length (404 not-found for an unknown one)',
    { id: 'longest_path_parameter_accepted' },
    async () => {
      const { call } = await probeCall(runner, spec, user);
      const answer = await runner.call(spec.operationId, 'the longest valid id', {
        ...call,
        path: Object.fromEntries(longest),
      });
      expectStatus(spec, answer, [404]);
      expectErrorCode(answer, ['not-found']);
    },
  );
}

/** Invalid parameters and bodies answer 4xx, never 2xx or 5xx. */
async function invalidInputProbes(runner: Runner, spec: OperationSpec): Promise<void> {
  const parameters = spec.parameters.filter((p) => p.in === 'path' || p.in === 'query');
  const body = spec.requestBody;
  if (parameters.length === 0 && !body) return;
  const user = spec.isPublic ? null : runner.callerFor(spec);
  const ids: CheckId[] = [
    ...(parameters.length > 0 ? (['invalid_parameter_rejected'] as const) : []),
    ...(body ? (['invalid_body_rejected', 'hostile_body_short_answer'] as const) : []),
  ];
  if (!ids.some((id) => runner.wants(id))) return;
  // Without a token, or once the time box has run out (before the discovery a probe starts with).
  const unsent =
    !spec.isPublic && !user ? needsToken(spec) : runner.timeUp() ? runner.timeUpReason() : null;
  if (unsent !== null) {
    runner.skipped(spec.operationId, 'rejects invalid input with 4xx', unsent, {
      id: body ? 'invalid_body_rejected' : 'invalid_parameter_rejected',
    });
    return;
  }
  const base = await probeCall(runner, spec, user);
  const json = body?.content.find((m) => m.contentType === 'application/json');
  const { json: valid, raw: _raw, ...withoutBody } = base.call;
  const keywords = runner.state(spec.operationId).keywords;
  keywords.uses = runner.samples.requestKeywords(parameters, json?.pointer ?? null, valid);
  const reject = async (
    id: CheckId,
    label: string,
    call: CallSpec,
    breaks?: string,
  ): Promise<void> => {
    const name = `rejects ${label} with 4xx, never 5xx`;
    await runner.check(spec.operationId, name, { id }, async () => {
      const answer = await runner.call(spec.operationId, label, call);
      if (breaks !== undefined && answer.status !== null) keywords.probed.add(breaks);
      expectStatus(spec, answer, ['4xx']);
    });
  };
  /**
   * The probes to send: one for each schema keyword (every keyword of the request is broken
   * once), then a few more of each kind up to `limit`. A rate-limited operation gets `limit` in
   * all; what it leaves out is noted for the coverage.
   */
  const chosen = <T extends Mutation>(all: T[], limit: number, rateLimited: boolean): T[] => {
    if (rateLimited) {
      const sent = roundRobin(all, limit);
      for (const mutation of all)
        if (mutation.breaks && !sent.includes(mutation))
          keywords.why.set(
            mutation.breaks,
            `an operation with a rate limit gets at most ${limit} invalid bodies`,
          );
      return sent;
    }
    const keys = new Set<string>();
    const each = all.filter((m) => {
      if (m.breaks === undefined || keys.has(m.breaks)) return false;
      keys.add(m.breaks);
      return true;
    });
    const more = roundRobin(
      all.filter((m) => !each.includes(m)),
      Math.max(0, limit - each.length),
    );
    return [...each, ...more];
  };

  for (const parameter of parameters) {
    const all = runner.samples.parameterMutations(parameter);
    for (const mutation of chosen(all, PARAMETER_MUTATIONS, false)) {
      const replace = (values: Record<string, unknown> | undefined): Record<string, unknown> => ({
        ...values,
        [parameter.name]: mutation.raw,
      });
      await reject(
        'invalid_parameter_rejected',
        mutation.label,
        {
          ...base.call,
          ...(parameter.in === 'path'
            ? { path: replace(base.call.path) }
            : { query: replace(base.call.query) }),
        },
        mutation.breaks,
      );
    }
  }

  if (!body) return;
  if (json?.pointer && valid !== undefined) {
    const rateLimited = spec.responses.some((r) => r.status === '429');
    const limit = rateLimited ? RATE_LIMITED_BODY_MUTATIONS : BODY_MUTATIONS;
    const all = runner.samples.bodyMutations(json.pointer, valid);
    for (const mutation of chosen(all, limit, rateLimited)) {
      const call: CallSpec =
        'text' in mutation.value
          ? { ...withoutBody, raw: { body: mutation.value.text, contentType: 'application/json' } }
          : { ...withoutBody, json: mutation.value.json };
      await reject('invalid_body_rejected', mutation.label, call, mutation.breaks);
    }
  }
  if (json) {
    for (const [label, text] of HOSTILE_JSON_BODIES) {
      const name = `rejects ${label} with a short 4xx (at most ${MAX_ERROR_ANSWER_BYTES} bytes)`;
      await runner.check(spec.operationId, name, { id: 'hostile_body_short_answer' }, async () => {
        const answer = await runner.call(spec.operationId, label, {
          ...withoutBody,
          raw: { body: text, contentType: 'application/json' },
        });
        expectStatus(spec, answer, ['4xx']);
        if (answer.byteLength > MAX_ERROR_ANSWER_BYTES) {
          fail(
            `the answer is ${answer.byteLength} bytes: an error answer must stay short whatever the request held (cap its field errors)`,
          );
        }
      });
    }
  }
  if (body.required) {
    await reject('invalid_body_rejected', 'a request without its required body', withoutBody);
  }
  if (!json) {
    // Uploads document 415 for a type they do not take.
    await reject('invalid_body_rejected', 'a body of an undocumented content type (text/plain)', {
      ...withoutBody,
      raw: { body: 'conformance', contentType: 'text/plain' },
    });
  }
}

const METHODS: readonly HttpMethod[] = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];

/** Whether a URL of template `path` is also one of `template` (its parameters take any segment). */
function routes(template: string, path: string): boolean {
  const want = template.split('/');
  const have = path.split('/');
  const isParameter = (segment: string): boolean => /^\{[^}]+\}$/.test(segment);
  return (
    want.length === have.length &&
    want.every(
      (segment, i) => isParameter(segment) || (segment === have[i] && !isParameter(segment)),
    )
  );
}

/**
 * A method the path does not declare answers 405 with an `Allow` header naming the methods it
 * does (RFC 9110 §15.5.6), checked once per path, on its first operation. A read-only run sends
 * only an undeclared GET.
 */
async function unsupportedMethodProbe(runner: Runner, spec: OperationSpec): Promise<void> {
  const onPath = runner.index.operations.filter((o) => o.path === spec.path);
  if (onPath[0] !== spec) return;
  // Another template can route the same URL (`/api/admin/patients/{id}` takes PUT for
  // `/api/admin/patients/marketing-export`): its methods are declared for this URL too.
  const declared = [
    ...new Set(
      runner.index.operations.filter((o) => routes(o.path, spec.path)).map((o) => o.method),
    ),
  ];
  const undeclared = METHODS.filter((method) => !declared.includes(method));
  if (undeclared.length === 0) return;
  const sent = runner.destructive ? undeclared : undeclared.filter((m) => m === 'GET');
  const name = `answers 405 with Allow (${declared.join(', ')}) to a method its path does not take`;
  const options = { id: 'unsupported_method' } as const;
  if (sent.length === 0) {
    runner.skipped(
      spec.operationId,
      name,
      `would send ${undeclared.join(', ')}, which are writes; skipped in a read-only run (--no-destructive)`,
      options,
    );
    return;
  }
  await runner.check(spec.operationId, name, options, async () => {
    const { call } = await validCall(runner, spec, runner.callerFor(spec));
    const { json: _json, raw: _raw, ...withoutBody } = call;
    // Writes aim at ids that do not exist: a server that wrongly takes one changes nothing.
    const path = { ...withoutBody.path };
    for (const parameter of spec.parameters) {
      if (parameter.in === 'path' && isInteger(runner, parameter))
        path[parameter.name] = MISSING_ID;
    }
    const wrong: string[] = [];
    for (const method of sent) {
      const answer = await runner.callWithMethod(
        spec.operationId,
        method,
        method,
        method === 'GET' ? withoutBody : { ...withoutBody, path },
      );
      if (answer.status === 404 && spec.tags.includes('dev')) {
        skip('the server answers 404 to dev controls: dev mode is off');
      }
      const allow = (answer.headers.allow ?? '')
        .split(',')
        .map((m) => m.trim().toUpperCase())
        .filter(Boolean);
      if (answer.status !== 405) wrong.push(`${method}: expected 405, got ${describe(answer)}`);
      else if (allow.length === 0) wrong.push(`${method}: 405 without an Allow header`);
      else {
        const missing = declared.filter((m) => !allow.includes(m));
        if (missing.length > 0 || allow.includes(method)) {
          wrong.push(
            `${method}: Allow says "${answer.headers.allow ?? ''}", which ${missing.length > 0 ? `leaves out ${missing.join(', ')}` : `names ${method} itself`}`,
          );
        }
      }
    }
    if (wrong.length > 0) fail(wrong.join('; '));
  });
}

/** A required header left out answers 4xx, never 2xx or 5xx (`X-Login-Secret` of a status poll). */
async function missingHeaderProbes(runner: Runner, spec: OperationSpec): Promise<void> {
  const headers = spec.parameters.filter((p) => p.in === 'header' && p.required);
  for (const header of headers) {
    const name = `rejects a request without the required header \`${header.name}\` with 4xx, never 5xx`;
    const user = spec.isPublic ? null : runner.callerFor(spec);
    const options = { id: 'missing_required_header' } as const;
    if (!spec.isPublic && !user) {
      runner.skipped(spec.operationId, name, needsToken(spec), options);
      continue;
    }
    await runner.check(spec.operationId, name, options, async () => {
      const { call } = await validCall(runner, spec, user);
      const answer = await runner.call(spec.operationId, `without ${header.name}`, {
        ...call,
        omitHeaders: [...(call.omitHeaders ?? []), header.name],
      });
      expectStatus(spec, answer, ['4xx']);
    });
  }
}

/** Every generic probe of one operation. */
export async function probes(runner: Runner, spec: OperationSpec): Promise<void> {
  await unsupportedMethodProbe(runner, spec);
  await missingHeaderProbes(runner, spec);
  await authProbes(runner, spec);
  await roleProbes(runner, spec);
  await termsProbe(runner, spec);
  await missingProbe(runner, spec);
  await invalidInputProbes(runner, spec);
  await generatedBodyProbe(runner, spec);
  await generatedQueryProbe(runner, spec);
}
