import type { OperationSpec } from '@portal/sdk/contract';
import { isInteger, MISSING_ID, patchReferences, validCall } from './discovery.ts';
import { errorCode, idOf } from './expect.ts';
import { generateValue, Random, type Shape } from './generate.ts';
import { deref, isObject } from './json.ts';
import { describe, fail, skip, type Runner } from './runner.ts';

/** Bodies generated per operation unless `--max-examples` says otherwise. */
export const DEFAULT_MAX_EXAMPLES = 5;

export const GENERATED_CHECK =
  'takes bodies generated from its schema: never 400 validation-failed, never 5xx';

/** A 32-bit seed per operation and example: the same `--seed` repeats each operation's bodies. */
function seedOf(seed: number, operationId: string, example: number): number {
  let hash = (seed ^ 0x9e3779b9) >>> 0;
  for (const char of `${operationId}#${example}`) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  }
  return hash;
}

const shapeOf = (example: number): Shape =>
  example === 0 ? 'min' : example === 1 ? 'max' : 'random';

/**
 * Up to `count` distinct bodies valid by the operation's schema (confirmed by its validator), the
 * ids it refers to replaced by the server's own.
 */
export async function generatedBodies(
  runner: Runner,
  spec: OperationSpec,
  pointer: string,
  count: number,
  seed: number,
): Promise<Array<{ shape: Shape; body: unknown }>> {
  const bodies: Array<{ shape: Shape; body: unknown }> = [];
  const seen = new Set<string>();
  for (let example = 0; bodies.length < count && example < count * 4; example += 1) {
    const random = new Random(seedOf(seed, spec.operationId, example));
    const shape = shapeOf(example);
    const value = await patchReferences(
      runner,
      generateValue(runner.document, { $ref: `#${pointer}` }, random, shape),
    );
    const key = JSON.stringify(value);
    if (seen.has(key) || !runner.samples.isValid(pointer, value)) continue;
    seen.add(key);
    bodies.push({ shape, body: value });
  }
  return bodies;
}

/**
 * The fields on which the body's schema documents rules across fields (`x-field-rules`): a body
 * valid by the schema may be refused on them, and only on them.
 */
export function fieldRuleFields(document: unknown, pointer: string): Set<string> {
  const fields = new Set<string>();
  const visit = (schema: unknown, prefix: string, depth: number): void => {
    const { node } = deref(document, schema, '');
    if (depth > 8) return;
    for (const rule of Array.isArray(node['x-field-rules']) ? node['x-field-rules'] : []) {
      if (!isObject(rule) || !Array.isArray(rule.fields)) continue;
      for (const field of rule.fields) fields.add(`${prefix}${String(field)}`);
    }
    if (isObject(node.properties)) {
      for (const [name, property] of Object.entries(node.properties))
        visit(property, `${prefix}${name}.`, depth + 1);
    }
  };
  visit({ $ref: `#${pointer}` }, '', 0);
  return fields;
}

/** The fields of a `validation-failed` answer's errors. */
function erroneousFields(json: unknown): string[] {
  const errors = isObject(json) && Array.isArray(json.Errors) ? json.Errors : [];
  return errors.map((error) => (isObject(error) ? String(error.field) : ''));
}

/** How an operation can take generated bodies without harm, or why it cannot. */
function plan(
  runner: Runner,
  spec: OperationSpec,
): { kind: 'missing-id' } | { kind: 'create'; remove: OperationSpec } | { skip: string } {
  if (spec.tags.includes('dev'))
    return { skip: 'a dev control: generated values would change the server for everyone' };
  if (spec.responses.some((r) => r.status === '429'))
    return { skip: 'rate-limited: generated bodies would use up its budget' };
  if (spec.parameters.some((p) => p.in === 'path')) return { kind: 'missing-id' };
  const depth = spec.path.split('/').length + 1;
  const remove = runner.index.operations.find(
    (o) =>
      o.method === 'DELETE' &&
      o.path.startsWith(`${spec.path}/{`) &&
      o.path.split('/').length === depth,
  );
  if (spec.method === 'POST' && remove) return { kind: 'create', remove };
  return {
    skip:
      spec.method === 'POST'
        ? 'creates data the contract gives no way to delete (its flows check its valid bodies)'
        : "changes the caller's own data, which generated values would overwrite",
  };
}

/**
 * A body the contract calls valid is not refused as invalid: each generated body answers
 * anything but `400 validation-failed` and 5xx (a 404 for an id that does not exist, a 409 of a
 * business rule are fine; so is a field error on a field of the schema's `x-field-rules`). Writes aim at ids that do not exist; a create deletes what it made.
 * This is the check that finds a server stricter than its contract (a text it refuses that the
 * contract's pattern lets through).
 */
export async function generatedBodyProbe(runner: Runner, spec: OperationSpec): Promise<void> {
  const media = spec.requestBody?.content.find((m) => m.contentType === 'application/json');
  const count = runner.options.maxExamples ?? DEFAULT_MAX_EXAMPLES;
  if (!media?.pointer || count === 0) return;
  const how = plan(runner, spec);
  const options = { id: 'generated_bodies_accepted', destructive: true } as const;
  if ('skip' in how) {
    runner.skipped(spec.operationId, GENERATED_CHECK, how.skip, options);
    return;
  }
  const user = spec.isPublic ? null : runner.callerFor(spec);
  if (!spec.isPublic && !user) {
    runner.skipped(
      spec.operationId,
      GENERATED_CHECK,
      'needs a signed-in user who may call it',
      options,
    );
    return;
  }
  const { pointer } = media;
  await runner.check(spec.operationId, GENERATED_CHECK, options, async () => {
    const bodies = await generatedBodies(runner, spec, pointer, count, runner.seed);
    if (bodies.length === 0) skip('no body generated from its schema passed its own validation');
    const { call } = await validCall(runner, spec, user);
    const path = { ...call.path };
    if (how.kind === 'missing-id') {
      for (const parameter of spec.parameters) {
        if (parameter.in === 'path' && isInteger(runner, parameter))
          path[parameter.name] = MISSING_ID;
      }
    }
    const ruled = fieldRuleFields(runner.document, pointer);
    const refused: string[] = [];
    for (const [i, { shape, body }] of bodies.entries()) {
      const answer = await runner.call(spec.operationId, `generated body ${i + 1} (${shape})`, {
        ...call,
        path,
        json: body,
      });
      const invalid = answer.status === 400 && errorCode(answer) === 'validation-failed';
      const documented =
        invalid && erroneousFields(answer.json).every((field) => field !== '' && ruled.has(field));
      if (answer.status === null || answer.status >= 500 || (invalid && !documented)) {
        refused.push(`body ${i + 1} (${shape}): ${describe(answer)}`);
      }
      const id =
        how.kind === 'create' && answer.status !== null && answer.status < 300
          ? idOf(answer.json)
          : undefined;
      if (how.kind === 'create' && id !== undefined) {
        const param = how.remove.parameters.find((p) => p.in === 'path')?.name ?? 'id';
        await runner.call(how.remove.operationId, `delete what generated body ${i + 1} made`, {
          token: call.token,
          path: { [param]: id },
        });
      }
    }
    if (refused.length > 0) {
      fail(
        `${refused.length} of ${bodies.length} bodies valid by the contract were refused (seed ${runner.seed}): ${refused.join('; ')}`,
      );
    }
  });
}

export const GENERATED_QUERY_CHECK =
  'takes query parameters generated from their schemas: never 400 validation-failed, never 5xx';

/**
 * Up to `count` distinct query strings valid by the parameters' schemas: the first with the
 * required parameters only, at their lower bounds; the second with every parameter, at its upper
 * bounds; the rest with some of the optional ones, anywhere between. Ids are the server's own.
 */
export async function generatedQueries(
  runner: Runner,
  spec: OperationSpec,
  count: number,
  seed: number,
): Promise<Array<{ shape: Shape; query: Record<string, unknown> }>> {
  const parameters = spec.parameters.filter((p) => p.in === 'query');
  const queries: Array<{ shape: Shape; query: Record<string, unknown> }> = [];
  const seen = new Set<string>();
  for (let example = 0; queries.length < count && example < count * 4; example += 1) {
    const random = new Random(seedOf(seed, `${spec.operationId}?`, example));
    const shape = shapeOf(example);
    const query: Record<string, unknown> = {};
    for (const parameter of parameters) {
      const wanted =
        parameter.required || shape === 'max' || (shape === 'random' && random.next() < 0.5);
      if (!wanted) continue;
      query[parameter.name] = generateValue(
        runner.document,
        { $ref: `#${parameter.pointer}` },
        random,
        shape,
      );
    }
    const patched = (await patchReferences(runner, query)) as Record<string, unknown>;
    const valid = parameters.every(
      (p) =>
        (patched[p.name] === undefined && !p.required) ||
        (patched[p.name] !== undefined && runner.samples.isValid(p.pointer, patched[p.name])),
    );
    const key = JSON.stringify(patched);
    if (!valid || seen.has(key)) continue;
    seen.add(key);
    queries.push({ shape, query: patched });
  }
  return queries;
}

/**
 * Query parameters the contract calls valid are not refused as invalid: each generated query
 * string of a read (GET) answers anything but `400 validation-failed` and 5xx (an id that does not
 * exist may answer 404, a business rule its own 4xx). Finds a server stricter than its contract
 * on a parameter, as the generated bodies do on a body.
 */
export async function generatedQueryProbe(runner: Runner, spec: OperationSpec): Promise<void> {
  const count = runner.options.maxExamples ?? DEFAULT_MAX_EXAMPLES;
  if (spec.method !== 'GET' || count === 0 || !spec.parameters.some((p) => p.in === 'query'))
    return;
  const waits = spec.parameters.find((p) => p.in === 'query' && /timeout/i.test(p.name));
  const options = { id: 'generated_queries_accepted' } as const;
  if (waits) {
    runner.skipped(
      spec.operationId,
      GENERATED_QUERY_CHECK,
      `waits for as long as its ${waits.name} asks: its own checks cover it`,
      options,
    );
    return;
  }
  if (spec.responses.some((r) => r.status === '429')) {
    runner.skipped(
      spec.operationId,
      GENERATED_QUERY_CHECK,
      'rate-limited: generated queries would use up its budget',
      options,
    );
    return;
  }
  const user = spec.isPublic ? null : runner.callerFor(spec);
  if (!spec.isPublic && !user) {
    runner.skipped(
      spec.operationId,
      GENERATED_QUERY_CHECK,
      'needs a signed-in user who may call it',
      options,
    );
    return;
  }
  await runner.check(spec.operationId, GENERATED_QUERY_CHECK, options, async () => {
    const queries = await generatedQueries(runner, spec, count, runner.seed);
    if (queries.length === 0) skip('no query generated from the schemas passed their validation');
    const { call } = await validCall(runner, spec, user);
    const refused: string[] = [];
    for (const [i, { shape, query }] of queries.entries()) {
      const answer = await runner.call(spec.operationId, `generated query ${i + 1} (${shape})`, {
        ...call,
        query,
      });
      const invalid = answer.status === 400 && errorCode(answer) === 'validation-failed';
      if (answer.status === null || answer.status >= 500 || invalid)
        refused.push(`query ${i + 1} (${shape}) ${JSON.stringify(query)}: ${describe(answer)}`);
    }
    if (refused.length > 0) {
      fail(
        `${refused.length} of ${queries.length} query strings valid by the contract were refused (seed ${runner.seed}): ${refused.join('; ')}`,
      );
    }
  });
}
