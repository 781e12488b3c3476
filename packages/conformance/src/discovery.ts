import type { OperationId, OperationSpec, ParameterSpec } from '@portal/sdk/contract';
import type { CallSpec } from './http.ts';
import { idOf, listItems } from './expect.ts';
import { atPointer, deref, isObject, parentPointer } from './json.ts';
import type { Runner } from './runner.ts';
import { PNG_1X1 } from './samples.ts';
import type { TestUser } from './types.ts';

/** Where the ids that request fields and parameters refer to are listed. */
const REFERENCES: Readonly<Record<string, OperationId>> = {
  branchId: 'listBranches',
  branchIds: 'listBranches',
  reasonId: 'listReasons',
  employeeId: 'listEmployees',
  topicId: 'listChatTopics',
  bankId: 'listBanks',
};

/** An id larger than any a test server plausibly has, and still a valid `Id` (int32). */
export const MISSING_ID = 2_147_480_000;

export interface ValidCall {
  call: CallSpec;
  /** Parameters whose values were not discovered from the server (contract examples, id 1). */
  guessed: string[];
}

/** Whether a parameter is an integer id (`type: integer` or the contract's `Id`). */
export function isInteger(runner: Runner, parameter: ParameterSpec): boolean {
  const schema = atPointer(runner.document, parameter.pointer);
  if (isObject(schema) && schema.type === 'integer') return true;
  return isObject(schema) && schema.$ref === '#/components/schemas/Id';
}

/** The parameter object's `example`, if any. */
function parameterExample(runner: Runner, parameter: ParameterSpec): unknown[] {
  const node = atPointer(runner.document, parentPointer(parameter.pointer));
  return isObject(node) && 'example' in node ? [node.example] : [];
}

/** A valid value of a parameter from the contract alone. */
export function sampleParameter(runner: Runner, parameter: ParameterSpec): unknown {
  const sample = runner.samples.valid(parameter.pointer, parameterExample(runner, parameter));
  runner.noteExample(parameter.pointer, sample);
  return sample;
}

/** The GET operation listing the collection a path with parameters belongs to. */
function collectionOf(runner: Runner, spec: OperationSpec): OperationSpec | undefined {
  const at = spec.path.indexOf('/{');
  if (at < 0) return undefined;
  const prefix = spec.path.slice(0, at);
  return runner.index.operations.find((o) => o.method === 'GET' && o.path === prefix);
}

/** Calls a list operation once per run (as an allowed user) and returns its items. */
export function listOf(
  runner: Runner,
  id: OperationId,
  query: Record<string, unknown> = {},
): Promise<unknown[]> {
  return runner.once(`list:${id}:${JSON.stringify(query)}`, async () => {
    const spec = runner.op(id);
    const user = spec.isPublic ? null : runner.callerFor(spec);
    if (!spec.isPublic && !user) return [];
    const filled: Record<string, unknown> = {};
    for (const parameter of spec.parameters) {
      if (parameter.in !== 'query') continue;
      if (parameter.name in query) filled[parameter.name] = query[parameter.name];
      else if (parameter.required) filled[parameter.name] = sampleParameter(runner, parameter);
    }
    const answer = await runner.call(id, 'discovery: list the collection', {
      token: user ? runner.token(user) : null,
      query: filled,
    });
    return answer.status === 200 ? listItems(answer.json) : [];
  });
}

/** The ids a reference field (`branchId`, `reasonId`…) may take on this server. */
export async function referenceIds(runner: Runner, field: string): Promise<number[]> {
  const source = REFERENCES[field];
  if (!source || !runner.has(source)) return [];
  const items = await listOf(runner, source);
  return items.map(idOf).filter((id): id is number => id !== undefined);
}

/** The signed-in user's own `Id` (getMe). */
export function ownUserId(runner: Runner, user: TestUser): Promise<number | undefined> {
  return runner.once(`me:${user}`, async () => {
    const token = runner.token(user);
    if (!token || !runner.has('getMe')) return undefined;
    const answer = await runner.call('getMe', `discovery: who is ${user}`, { token });
    return answer.status === 200 ? idOf(answer.json) : undefined;
  });
}

/**
 * Starts a login (QR or mobile) once per run for the operations addressed by its id: the id and
 * the `loginSecret` that only the starter gets (sent as `X-Login-Secret`).
 */
function startedLogin(
  runner: Runner,
  kind: 'qr' | 'mobile',
): Promise<{ id: string; secret: string | undefined } | undefined> {
  return runner.once(`login:${kind}`, async () => {
    const id: OperationId = kind === 'qr' ? 'startQrLogin' : 'startMobileLogin';
    if (!runner.has(id)) return undefined;
    const spec = runner.op(id);
    const body = spec.requestBody ? await validBody(runner, spec) : undefined;
    const answer = await runner.call(
      id,
      'discovery: start a login',
      body === undefined ? {} : { json: body },
    );
    const field = kind === 'qr' ? 'qrId' : 'transactionId';
    const value = isObject(answer.json) ? answer.json[field] : undefined;
    const secret = isObject(answer.json) ? answer.json.loginSecret : undefined;
    return typeof value === 'string'
      ? { id: value, secret: typeof secret === 'string' ? secret : undefined }
      : undefined;
  });
}

/** The login an operation addresses by its path (`qrId`, `transactionId`), if any. */
function loginKindOf(spec: OperationSpec): 'qr' | 'mobile' | null {
  if (spec.parameters.some((p) => p.in === 'path' && p.name === 'qrId')) return 'qr';
  if (spec.parameters.some((p) => p.in === 'path' && p.name === 'transactionId')) return 'mobile';
  return null;
}

/** The name of an uploaded image (from a coupon's `imageUrl`). */
function imageName(runner: Runner): Promise<string | undefined> {
  return runner.once('image-name', async () => {
    for (const id of ['listCoupons', 'adminListCoupons'] as const) {
      if (!runner.has(id)) continue;
      for (const item of await listOf(runner, id)) {
        const url = isObject(item) ? item.imageUrl : undefined;
        if (typeof url === 'string') return url.split('/').pop();
      }
    }
    return undefined;
  });
}

/** A value for a path parameter: discovered from the server when possible. */
async function pathValue(
  runner: Runner,
  spec: OperationSpec,
  parameter: ParameterSpec,
  user: TestUser | null,
): Promise<{ value: unknown; discovered: boolean }> {
  let value: unknown;
  if (spec.operationId === 'updateProfile' && parameter.name === 'id' && user) {
    value = await ownUserId(runner, user);
  } else if (parameter.name === 'qrId') {
    value = (await startedLogin(runner, 'qr'))?.id;
  } else if (parameter.name === 'transactionId') {
    value = (await startedLogin(runner, 'mobile'))?.id;
  } else if (spec.operationId === 'getImage' && parameter.name === 'name') {
    value = await imageName(runner);
  } else if (parameter.name === 'id') {
    const collection = collectionOf(runner, spec);
    if (collection)
      value = (await listOf(runner, collection.operationId))
        .map(idOf)
        .find((id) => id !== undefined);
  }
  if (value !== undefined) return { value, discovered: true };
  // An enum value from the contract names something that exists; anything else is a guess.
  const { node } = deref(runner.document, { $ref: `#${parameter.pointer}` }, parameter.pointer);
  if (Array.isArray(node.enum))
    return { value: sampleParameter(runner, parameter), discovered: true };
  return {
    value: parameter.name === 'id' ? 1 : sampleParameter(runner, parameter),
    discovered: false,
  };
}

/** Replaces reference fields of a sample body (`branchIds`, `topicId`…) by ids of this server. */
export async function patchReferences(runner: Runner, value: unknown): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((item) => patchReferences(runner, item)));
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const ids = key in REFERENCES ? await referenceIds(runner, key) : [];
    if (ids.length > 0 && typeof item === 'number') out[key] = ids[0];
    else if (ids.length > 0 && Array.isArray(item) && item.every((i) => typeof i === 'number'))
      out[key] = ids.slice(0, Math.max(1, Math.min(item.length, ids.length)));
    else out[key] = await patchReferences(runner, item);
  }
  return out;
}

/** A valid JSON body for an operation: the contract's example, references patched. */
export async function validBody(runner: Runner, spec: OperationSpec): Promise<unknown> {
  const media = spec.requestBody?.content.find((m) => m.contentType === 'application/json');
  if (!media?.pointer) return undefined;
  const mediaNode = atPointer(runner.document, parentPointer(media.pointer));
  const example = isObject(mediaNode) && 'example' in mediaNode ? [mediaNode.example] : [];
  const sample = runner.samples.valid(media.pointer, example);
  runner.noteExample(media.pointer, sample);
  const patched = await patchReferences(runner, sample);
  return runner.samples.isValid(media.pointer, patched) ? patched : sample;
}

/**
 * A valid call of an operation as `user`: path and reference parameters discovered from the
 * server, other required parameters and the body from the contract's examples.
 */
export async function validCall(
  runner: Runner,
  spec: OperationSpec,
  user: TestUser | null,
): Promise<ValidCall> {
  const guessed: string[] = [];
  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const call: CallSpec = { token: user ? runner.token(user) : null, path, query };
  for (const parameter of spec.parameters) {
    if (parameter.in === 'path') {
      const { value, discovered } = await pathValue(runner, spec, parameter, user);
      path[parameter.name] = value;
      if (!discovered) guessed.push(parameter.name);
    } else if (parameter.in === 'header' && parameter.name === 'X-Login-Secret') {
      // The starter's secret of the login the path names: a status poll as that browser.
      const kind = loginKindOf(spec);
      const secret = kind === null ? undefined : (await startedLogin(runner, kind))?.secret;
      if (secret === undefined) guessed.push(parameter.name);
      else call.headers = { ...call.headers, 'X-Login-Secret': secret };
    } else if (parameter.in === 'query' && parameter.required) {
      const ids = await referenceIds(runner, parameter.name);
      if (ids.length > 0) {
        const sample = sampleParameter(runner, parameter);
        query[parameter.name] = Array.isArray(sample) ? [ids[0]] : ids[0];
      } else {
        query[parameter.name] = sampleParameter(runner, parameter);
        if (parameter.name in REFERENCES) guessed.push(parameter.name);
      }
    }
  }
  const body = await validBody(runner, spec);
  if (body !== undefined) call.json = body;
  const image = spec.requestBody?.content.find((m) => m.contentType === 'image/png');
  if (body === undefined && image) call.raw = { body: PNG_1X1, contentType: 'image/png' };
  return { call, guessed };
}
