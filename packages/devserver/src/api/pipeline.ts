import { toHelsinkiIso } from '../core/clock.ts';
import type { ImageReencoder } from '../core/coupons/images.ts';
import { languageOf } from '../core/messages.ts';
import type { MessageKey } from '../core/messages.ts';
import { fail, ok, type DomainError, type FieldProblem, type Result } from '../core/result.ts';
import { snapshotVersion } from '../core/snapshot.ts';
import type { DevState } from '../core/state.ts';
import { hasAcceptedTerms } from '../core/users/terms.ts';
import { userOfToken } from '../core/users/sessions.ts';
import { maintenanceActive } from '../core/maintenance.ts';
import { actingPerson, recordActingFor, selfPerson, type Person } from '../core/persons/persons.ts';
import type { UserRow } from '../core/users/sessions.ts';
import type { ContractIndex, OperationId, OperationSpec } from '@portal/sdk/contract';
import { errorBody, statusOf } from './errors.ts';
import type { OperationContext, OperationHandlers, Reply } from './types.ts';
import { INVALID_JSON, OversizedJson } from './json-body.ts';
import { portalOrigin, serverOrigin, type OriginPolicy } from './origins.ts';
import { ContractValidator, controlCharacterProblems } from './validation.ts';
import { Sandboxes, type SandboxOptions } from './sandboxes.ts';
import { faultCode, faultsOf } from './faults.ts';
import { journalOf, journalUser, requestPath } from './journal.ts';
import type { Schemas } from '@portal/sdk';

type DevFault = Schemas['DevFault'];

/** A request as any transport hands it over. */
export interface ApiRequest {
  operation: OperationSpec;
  path: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  headers: Record<string, string | undefined>;
  /** Parsed JSON (`parseJsonBody`), raw bytes for other types. */
  body: unknown;
  contentType: string | null;
  /**
   * The client's address as the transport knows it (HTTP: the socket's, or the one a trusted
   * proxy forwarded); absent in the browser's mock mode.
   */
  client?: string | null;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
  /** The JSON body already serialised (cached catalog answers). */
  serialized?: string;
  contentType?: string;
  stream?: Reply['stream'];
  /** An injected fault: the transport closes the connection without answering. */
  drop?: boolean;
}

export interface Api {
  state: DevState;
  index: ContractIndex;
  validator: ContractValidator;
  handlers: OperationHandlers;
  /**
   * Field messages of the spec that replace the generic ones for a missing, blank or refused
   * value (e.g. feedback text → 'Feedback is required'), per operation and field.
   */
  fieldMessages?: FieldMessages;
  /** Called after every request that changed the state (persistence hooks in here). */
  onChange?: () => void;
  /**
   * Operations whose answers depend only on the stored data, the language and the query (branch,
   * employee and service catalogues; month availability also on the clock's minute and
   * maintenance): their serialised answers are reused until the next write. Off unless given
   * (tests change the store directly).
   */
  cacheable?: ReadonlySet<OperationId>;
  /** Which forwarded headers and page origins to believe (api/origins.ts). */
  origins?: OriginPolicy;
  /** Where unexpected failures are reported (never with personal data). */
  onUnexpected?: (error: unknown, operation: OperationSpec) => void;
  /**
   * Decodes an uploaded image and encodes it again without its metadata (the core stores only
   * that). The transport's platform gives it: sharp in Node, the canvas in a browser.
   */
  reencodeImage: ImageReencoder;
  /**
   * The sandboxes reachable through this API (`X-Dev-Sandbox`, dev mode only; api/sandboxes.ts).
   * A sandbox's own API shares them, so its dev controls can list and drop them.
   */
  sandboxes?: Sandboxes<Api>;
  /** The sandbox whose state this API holds; absent for the shared state. */
  sandbox?: string;
}

export type FieldMessages = Partial<Record<OperationId, Record<string, MessageKey>>>;

/** Generic messages that mean "missing, empty or not an allowed value" — the ones the spec words per field. */
const REPLACEABLE = new Set<MessageKey>([
  'validation.required',
  'validation.tooShort',
  'validation.format',
  'validation.choice',
]);

function withFieldMessages(
  problems: FieldProblem[],
  overrides: Record<string, MessageKey> | undefined,
): FieldProblem[] {
  if (!overrides) return problems;
  return problems.map((problem) => {
    const message = overrides[problem.field];
    return message && REPLACEABLE.has(problem.message)
      ? { field: problem.field, message }
      : problem;
  });
}

export function createApi(
  options: Omit<Api, 'validator' | 'sandboxes' | 'sandbox'> & {
    validator?: ContractValidator;
    /** Offer sandboxes (`X-Dev-Sandbox`) with these settings; none without. */
    sandboxes?: SandboxOptions;
  },
): Api {
  const { sandboxes, ...rest } = options;
  const api: Api = {
    ...rest,
    validator: options.validator ?? new ContractValidator(options.index),
  };
  if (sandboxes) api.sandboxes = new Sandboxes(api, sandboxes);
  return api;
}

/** Catalogue reads that only change when someone writes (see `Api.cacheable`). */
export const CATALOG_OPERATIONS: ReadonlySet<OperationId> = new Set<OperationId>([
  'listBranches',
  'listBranchGroups',
  'listEmployees',
  'listCustomerTypes',
  'listReasons',
  'listBanks',
]);

/**
 * Reads that also depend on the clock and on maintenance (month availability: past days and
 * times have no free slots; maintenance blocks it): cached per minute of the dev clock (slot
 * times are whole minutes) and per maintenance state, besides the writes.
 */
export const CLOCK_CACHED_OPERATIONS: ReadonlySet<OperationId> = new Set<OperationId>([
  'getMonthAvailability',
  'getFirstFreeTimes',
]);

/**
 * A signed-in user's own reads that every page makes (`GET /api/me`): cached per token, clock
 * minute (the privacy statement in force follows the date) and maintenance state, besides the
 * writes; served only while the token still opens a session (a logout or an expiry is seen at
 * once).
 */
export const USER_CACHED_OPERATIONS: ReadonlySet<OperationId> = new Set<OperationId>(['getMe']);

/** Every kind: what the dev server caches. */
export const CACHED_OPERATIONS: ReadonlySet<OperationId> = new Set([
  ...CATALOG_OPERATIONS,
  ...CLOCK_CACHED_OPERATIONS,
  ...USER_CACHED_OPERATIONS,
]);

/** At most this many answers are kept per write (a running clock adds keys every minute). */
const MAX_CACHED = 1_000;

/** Writes seen per API (any non-GET request), and the cached answers since the last. */
const writeCounts = new WeakMap<Api, number>();
const caches = new WeakMap<Api, { writes: number; entries: Map<string, ApiResponse> }>();

/** The key of a cacheable answer, or null when it must not come from the cache. */
function cacheKey(api: Api, request: ApiRequest): string | null {
  const { operationId } = request.operation;
  const base = `${operationId} ${languageOf(request.headers['accept-language'])} ${JSON.stringify(request.query)}`;
  if (CATALOG_OPERATIONS.has(operationId)) return base;
  const minute = Math.floor(api.state.clock.nowMs() / 60_000);
  const timed = `${base} ${minute} ${maintenanceActive(api.state)}`;
  if (!USER_CACHED_OPERATIONS.has(operationId)) return timed;
  const token = bearer(request.headers);
  return token !== null && userOfToken(api.state, token) !== null ? `${timed} ${token}` : null;
}

function bearer(headers: ApiRequest['headers']): string | null {
  const value = headers.authorization;
  const match = value ? /^Bearer\s+(\S+)$/i.exec(value) : null;
  return match?.[1] ?? null;
}

function baseMediaType(contentType: string | null): string | null {
  return contentType?.split(';')[0]?.trim().toLowerCase() ?? null;
}

/**
 * Content types a page of another site can send without asking first (a plain `<form>`, or
 * `fetch` in no-cors mode); no content type at all counts too.
 */
const FORM_TYPES = new Set([
  null,
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
]);

/**
 * A state-changing call that another site's page could have made: without the portal's
 * `X-Requested-With: XMLHttpRequest` and with no content type or a form's. Such a call is refused,
 * so a form on any site cannot reset the server, start logins or change data.
 */
function isPossiblyCrossSite(request: ApiRequest): boolean {
  if (request.operation.method === 'GET') return false;
  if (request.headers['x-requested-with'] === 'XMLHttpRequest') return false;
  return FORM_TYPES.has(baseMediaType(request.contentType));
}

/** An id as `X-Acting-For` carries it: a positive integer in decimal. */
const PERSON_ID = /^[1-9][0-9]{0,9}$/;

/**
 * For whom the call is made (`X-Acting-For`, see the contract): without the header, or naming
 * the user, the user themself. An operation that is never made for another person does not take
 * the header (it is not its parameter): the call is the user's own.
 */
function personOf(state: DevState, operation: OperationSpec, user: UserRow, header?: string) {
  if (header === undefined || !operation.actingFor) return ok(selfPerson(user));
  if (!PERSON_ID.test(header))
    return fail<Person>('validation-failed', {
      fieldErrors: [{ field: 'X-Acting-For', message: 'validation.type' }],
    });
  const id = Number(header);
  if (id === user.id) return ok(selfPerson(user));
  return actingPerson(state, user, id, operation.actingFor.right);
}

/** Auth, roles, terms, maintenance and validation: the same gate for every transport. */
function gate(
  api: Api,
  request: ApiRequest,
  ctx: Omit<OperationContext, 'path' | 'query' | 'body' | 'person'>,
): Result<{
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  rawBody: Uint8Array | null;
  person: Person | null;
}> {
  const { operation } = request;
  const { state } = api;
  if (operation.tags.includes('dev') && !state.settings.devMode) return fail('not-found');
  if (isPossiblyCrossSite(request)) return fail('bad-request', { message: 'request.crossSite' });
  let person: Person | null = null;
  if (!operation.isPublic) {
    if (!ctx.user) return fail('unauthorized');
    if (
      !operation.roles.includes('patient') &&
      !operation.roles.includes(ctx.user.webRole as never)
    ) {
      return fail('forbidden');
    }
    if (!operation.termsExempt && !hasAcceptedTerms(state, ctx.user))
      return fail('terms-not-accepted');
    const acting = personOf(state, operation, ctx.user, request.headers['x-acting-for']);
    if (!acting.ok) return acting;
    person = acting.value;
  }
  if (operation.blockedInMaintenance && maintenanceActive(state)) {
    return fail('maintenance', {
      details: {
        MaintenanceStartsAt:
          state.settings.maintenance.startsAt ?? toHelsinkiIso(state.clock.now()),
      },
    });
  }

  const { path, query, problems } = api.validator.checkParameters(operation, {
    path: request.path,
    query: request.query,
  });
  // A path segment outside its enum (an unknown scenario's name) names no resource: 404, as the
  // contract documents, not a 400 about the request's form.
  const pathNames = new Set(operation.parameters.filter((p) => p.in === 'path').map((p) => p.name));
  if (problems.some((p) => pathNames.has(p.field) && p.message === 'validation.choice'))
    return fail('not-found');
  let body: unknown;
  let rawBody: Uint8Array | null = null;
  const spec = operation.requestBody;
  if (spec) {
    const mediaType = baseMediaType(request.contentType);
    const hasBody = request.body !== undefined && request.body !== null;
    if (!hasBody) {
      if (spec.required) problems.push({ field: 'body', message: 'validation.required' });
    } else {
      const media = spec.content.find((m) => m.contentType === mediaType);
      if (!media) {
        return fail('unsupported-media-type', {
          message: 'request.mediaType',
          params: { types: spec.content.map((m) => m.contentType).join(', ') },
        });
      }
      if (mediaType === 'application/json') {
        if (request.body === INVALID_JSON) {
          return fail('bad-request', {
            fieldErrors: [{ field: 'body', message: 'validation.invalidJson' }],
          });
        }
        if (request.body instanceof OversizedJson) {
          const { reason, limit } = request.body;
          return fail('validation-failed', {
            fieldErrors: [
              {
                field: 'body',
                message: reason === 'depth' ? 'validation.tooDeep' : 'validation.tooManyValues',
                params: { limit },
              },
            ],
          });
        }
        body = request.body;
        // A control character breaks a text's pattern too; its own message says what is wrong.
        const control = controlCharacterProblems(body);
        const flagged = new Set(control.map((problem) => problem.field));
        if (media.pointer) {
          const schema = api.validator.check(media.pointer, body);
          problems.push(...schema.filter((problem) => !flagged.has(problem.field)));
        }
        problems.push(...control);
      } else {
        rawBody = request.body instanceof Uint8Array ? request.body : null;
      }
    }
  }
  if (problems.length > 0) {
    return fail('validation-failed', {
      fieldErrors: withFieldMessages(problems, api.fieldMessages?.[operation.operationId]),
    });
  }
  return ok({ path, query, body, rawBody, person });
}

function toResponse(
  api: Api,
  result: Result<Reply>,
  language: OperationContext['language'],
): ApiResponse {
  const devHeader = devHeaders(api);
  if (result.ok) {
    const reply = result.value;
    return {
      status: reply.status,
      headers: { ...devHeader, ...reply.headers },
      body: reply.body,
      contentType: reply.contentType ?? (reply.body === undefined ? undefined : 'application/json'),
      stream: reply.stream,
    };
  }
  return errorResponse(api, result.error, language);
}

/**
 * `x-dev-mode` on every answer; in dev mode also `x-dev-now`, the dev clock's now, which the
 * portal's own now follows (the contract's XDevNow).
 */
function devHeaders(api: Pick<Api, 'state' | 'sandbox'>): Record<string, string> {
  const { settings, clock } = api.state;
  if (!settings.devMode) return { 'x-dev-mode': 'false' };
  const headers = { 'x-dev-mode': 'true', 'x-dev-now': toHelsinkiIso(clock.now()) };
  return api.sandbox ? { ...headers, 'x-dev-sandbox': api.sandbox } : headers;
}

export function errorResponse(
  api: Pick<Api, 'state' | 'sandbox'>,
  error: DomainError,
  language: OperationContext['language'],
): ApiResponse {
  return {
    status: statusOf(error.code),
    headers: { ...devHeaders(api), ...error.headers },
    body: errorBody(error, language),
    contentType: 'application/json',
  };
}

/**
 * A body over the transport's limit: a JSON body states its own limit (1 MiB), an upload keeps
 * the file limit's message. Both transports answer with it.
 */
export function tooLargeError(contentType: string | null | undefined): DomainError {
  return baseMediaType(contentType ?? null)?.includes('json')
    ? { code: 'payload-too-large', message: 'request.tooLarge' }
    : { code: 'payload-too-large' };
}

/**
 * The API a request reaches: the sandbox it names (made on first use), or the one given. An
 * unusable sandbox name is an error answer.
 */
export function selectApi(
  api: Api,
  headers: ApiRequest['headers'],
  client: string | null = null,
): Result<Api> {
  return api.sandboxes?.select(headers, client) ?? ok(api);
}

/** Runs one request through the gate and its operation's handler (in its sandbox, if it names one). */
export async function handle(shared: Api, request: ApiRequest): Promise<ApiResponse> {
  const selected = selectApi(shared, request.headers, request.client ?? null);
  if (!selected.ok) {
    return errorResponse(shared, selected.error, languageOf(request.headers['accept-language']));
  }
  const api = selected.value;
  if (!api.state.settings.devMode) return respond(api, request);
  // Dev mode: injected faults strike (never the dev controls), and the journal keeps the request.
  const { operation } = request;
  const atMs = Date.now();
  const started = performance.now();
  const devNowMs = api.state.clock.nowMs();
  const user = journalUser(userOfToken(api.state, bearer(request.headers)));
  const faults = faultsOf(api.state);
  const fault =
    faults.size === 0 || operation.tags.includes('dev')
      ? null
      : faults.take({
          operationId: operation.operationId,
          method: operation.method,
          path: requestPath(request),
        });
  const response =
    (fault && (await faultResponse(api, request, fault))) ?? (await respond(api, request));
  if (operation.operationId !== 'listDevJournal') {
    journalOf(api.state).record(
      {
        atMs,
        devNowMs,
        operation,
        path: request.path,
        query: request.query,
        status: response.drop ? 0 : response.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        user,
        requestBody: request.body,
        responseBody: response.stream ? undefined : response.body,
      },
      Number(request.headers['content-length']) || undefined,
    );
  }
  return response;
}

/** What an injected fault makes of a request: null when it only delays it. */
async function faultResponse(
  api: Api,
  request: ApiRequest,
  fault: DevFault,
): Promise<ApiResponse | null> {
  if (fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
  if (fault.drop) return { status: 0, headers: {}, drop: true };
  if (fault.status === null) return null;
  const code = faultCode(fault);
  const details =
    code === 'maintenance'
      ? { MaintenanceStartsAt: toHelsinkiIso(api.state.clock.now()) }
      : undefined;
  const language = languageOf(request.headers['accept-language']);
  return { ...errorResponse(api, { code, details }, language), status: fault.status };
}

/** The answer to a request: from the cache when it may be, else through the gate and handler. */
async function respond(api: Api, request: ApiRequest): Promise<ApiResponse> {
  if (!api.cacheable?.has(request.operation.operationId)) return run(api, request);
  const writes = writeCounts.get(api) ?? 0;
  let cache = caches.get(api);
  if (!cache || cache.writes !== writes || cache.entries.size >= MAX_CACHED) {
    caches.set(api, (cache = { writes, entries: new Map() }));
  }
  const key = cacheKey(api, request);
  if (key === null) return run(api, request);
  const hit = cache.entries.get(key);
  if (hit) return hit;
  const response = await run(api, request);
  if (response.status === 200 && response.contentType === 'application/json') {
    const ready = { ...response, serialized: JSON.stringify(response.body) };
    cache.entries.set(key, ready);
    return ready;
  }
  return response;
}

/**
 * A signed-in user's answer (any operation that needs a token) and every write's answer (a login
 * hands out a token) is never kept by a browser or a proxy: `Cache-Control: no-store` unless the
 * handler chose otherwise.
 */
function withCachePolicy(operation: ApiRequest['operation'], response: ApiResponse): ApiResponse {
  if (operation.isPublic && operation.method === 'GET') return response;
  const set = Object.keys(response.headers).some((name) => name.toLowerCase() === 'cache-control');
  return set
    ? response
    : { ...response, headers: { ...response.headers, 'Cache-Control': 'no-store' } };
}

async function run(api: Api, request: ApiRequest): Promise<ApiResponse> {
  return withCachePolicy(request.operation, await answer(api, request));
}

async function answer(api: Api, request: ApiRequest): Promise<ApiResponse> {
  const language = languageOf(request.headers['accept-language']);
  const { operation } = request;
  const token = bearer(request.headers);
  const user = userOfToken(api.state, token);
  const base = {
    state: api.state,
    operation,
    user,
    token: user ? token : null,
    language,
    contentType: request.contentType,
    headers: request.headers,
    client: request.client ?? null,
    origin: serverOrigin(request.headers, api.origins),
    portalOrigin: portalOrigin(request.headers, api.origins),
    rawBody: null,
    reencodeImage: api.reencodeImage,
    sandbox: api.sandbox ?? null,
    sandboxes: api.sandboxes ?? null,
  };
  // Persistence saves the state after a request that changed it: not after a refused or
  // no-op write (a flood of them rewrote and fsynced the whole file each time; issue 52).
  const version = operation.method !== 'GET' && api.onChange ? snapshotVersion(api.state) : null;
  try {
    const gated = gate(api, request, base);
    if (!gated.ok) return toResponse(api, gated, language);
    const handler = api.handlers[operation.operationId] as
      | ((ctx: OperationContext) => Result<Reply> | Promise<Result<Reply>>)
      | undefined;
    if (!handler) throw new Error(`no handler for ${operation.operationId}`);
    const result = await handler({
      ...base,
      path: gated.value.path as never,
      query: gated.value.query as never,
      body: gated.value.body as never,
      rawBody: gated.value.rawBody,
      person: gated.value.person as never,
    });
    const { person } = gated.value;
    if (result.ok && user && person && operation.actingFor)
      recordActingFor(api.state, user, person, {
        operation: operation.operationId,
        method: operation.method,
        data: operation.actingFor.data,
      });
    return toResponse(api, result, language);
  } catch (error) {
    api.onUnexpected?.(error, operation);
    return errorResponse(api, { code: 'server-error' }, language);
  } finally {
    if (operation.method !== 'GET') {
      writeCounts.set(api, (writeCounts.get(api) ?? 0) + 1);
      if (version !== null && snapshotVersion(api.state) !== version) api.onChange?.();
    }
  }
}

/** Reply helpers for handlers. */
export const reply = {
  json: (status: number, body: unknown, headers?: Record<string, string>): Result<Reply> =>
    ok({ status, body, headers }),
  noContent: (): Result<Reply> => ok({ status: 204 }),
  raw: (
    status: number,
    body: string | Uint8Array,
    contentType: string,
    headers?: Record<string, string>,
  ): Result<Reply> => ok({ status, body, contentType, headers }),
};
