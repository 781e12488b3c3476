import type { Schemas } from '@portal/sdk';
import { indexContract, type ContractIndex, type OperationId } from '@portal/sdk/contract';
import { fieldMessages, handlers } from '../src/api/handlers/index.ts';
import { createApi, handle, type Api, type ApiResponse } from '../src/api/pipeline.ts';
import type { OriginPolicy } from '../src/api/origins.ts';
import type { SandboxOptions } from '../src/api/sandboxes.ts';
import { ContractValidator } from '../src/api/validation.ts';
import type { ImageReencoder } from '../src/core/coupons/images.ts';
import { createSeededState } from '../src/core/seed.ts';
import { restoreState, snapshotState, type StateSnapshot } from '../src/core/snapshot.ts';
import { createState, type DevState, type StateOptions } from '../src/core/state.ts';
import { sharpReencoder } from '../src/images/sharp.ts';
import { createSession } from '../src/core/users/sessions.ts';

let shared: { index: ContractIndex; validator: ContractValidator } | undefined;

/** The contract index and validator, built once per test file (Ajv compiling is slow). */
export function contractTools(): { index: ContractIndex; validator: ContractValidator } {
  shared ??= (() => {
    const index = indexContract();
    return { index, validator: new ContractValidator(index) };
  })();
  return shared;
}

/** Monday 23 November 2026, 10:00 in Helsinki: a working day inside chat hours. */
export const TEST_NOW = new Date('2026-11-23T10:00:00+02:00');

export type DevUserKey = Schemas['DevUserKey'];

/** The test patient's contact details as the booking form sends them. */
export const MAIJA = {
  firstName: 'Maija',
  lastName: 'Meikäläinen',
  email: 'maija@example.fi',
  phone: '040 123 4567',
  ssn: null,
  street: 'Kauppakatu 1',
  postalCode: '00100',
  city: 'Helsinki',
};

export interface CallOptions {
  path?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | (string | number)[] | undefined>;
  body?: unknown;
  /** Sign in as this test user (a new session), or pass a token. */
  as?: DevUserKey;
  token?: string;
  headers?: Record<string, string>;
  contentType?: string;
  /** The client's address, as the HTTP transport passes it (default: none, as in mock mode). */
  client?: string;
  /** Skip the check that the answer matches the contract (for deliberately odd requests). */
  unchecked?: boolean;
}

export interface Harness {
  state: DevState;
  api: Api;
  call(operationId: OperationId, options?: CallOptions): Promise<ApiResponse & { json: any }>;
  tokenFor(user: DevUserKey): string;
  userId(user: DevUserKey): number;
}

/** Fails with a readable message when a response is not what the contract documents. */
export function assertMatchesContract(operationId: OperationId, response: ApiResponse): void {
  const { index, validator } = contractTools();
  const operation = index.byId.get(operationId)!;
  const documented = operation.responses.find((r) => r.status === String(response.status));
  if (!documented) {
    throw new Error(
      `${operationId} answered ${response.status}, which the contract does not document: ${JSON.stringify(response.body)}`,
    );
  }
  if (documented.content.length === 0) {
    if (response.body !== undefined)
      throw new Error(`${operationId} ${response.status} must have no body`);
    return;
  }
  const mediaType = response.contentType?.split(';')[0];
  const media = documented.content.find((m) => m.contentType.split(';')[0]?.trim() === mediaType);
  if (!media) {
    throw new Error(
      `${operationId} ${response.status} answered ${String(mediaType)}, documented: ${documented.content.map((m) => m.contentType).join(', ')}`,
    );
  }
  if (media.pointer && mediaType === 'application/json') {
    const problems = validator.check(media.pointer, response.body);
    if (problems.length > 0) {
      throw new Error(
        `${operationId} ${response.status} body does not match the contract: ${JSON.stringify(problems)}\n${JSON.stringify(response.body).slice(0, 2000)}`,
      );
    }
  }
}

/** Seeds laid with the clock frozen, by their options: the same options lay the same state. */
const laidSeeds = new Map<string, StateSnapshot>();

/**
 * A seeded state for a test: laid once per worker for each set of options with a frozen clock,
 * then restored from its snapshot (as the dev server's sandboxes do: a few milliseconds instead
 * of the seed's tens to hundreds). A running clock (no `now`) is seeded afresh every time.
 */
export function seededState(options: StateOptions): DevState {
  if (options.now === undefined) return createSeededState(options);
  const key = JSON.stringify([options.seed, options.scale, options.devMode, options.now]);
  const laid = laidSeeds.get(key);
  if (laid === undefined) {
    const state = createSeededState(options);
    laidSeeds.set(key, structuredClone(snapshotState(state)));
    return state;
  }
  const state = createState(options);
  restoreState(state, structuredClone(laid));
  return state;
}

/** `reencodeImage`: the image re-encoder (default sharp's, as the Fastify server runs). */
export function createHarness(
  options: StateOptions & {
    reencodeImage?: ImageReencoder;
    origins?: OriginPolicy;
    /** Offer sandboxes (`X-Dev-Sandbox`) with these settings. */
    sandboxes?: SandboxOptions;
  } = {},
): Harness {
  const { reencodeImage = sharpReencoder, origins, sandboxes, ...stateOptions } = options;
  const state = seededState({ now: TEST_NOW, ...stateOptions });
  const { index, validator } = contractTools();
  const api = createApi({
    state,
    index,
    validator,
    handlers,
    fieldMessages,
    reencodeImage,
    origins,
    sandboxes,
    // A bug in a handler fails the test with its own error instead of a bare 500.
    onUnexpected: (error) => {
      throw error;
    },
  });
  const userId = (key: DevUserKey): number => {
    const user = state.db.user.findFirst({ where: { devKey: { equals: key } } });
    if (!user) throw new Error(`no test user ${key}`);
    return user.id;
  };
  const tokenFor = (key: DevUserKey): string => createSession(state, userId(key)).token;
  return {
    state,
    api,
    tokenFor,
    userId,
    async call(operationId, call = {}) {
      const operation = index.byId.get(operationId);
      if (!operation) throw new Error(`unknown operation ${operationId}`);
      const token = call.token ?? (call.as ? tokenFor(call.as) : undefined);
      const query: Record<string, string> = {};
      for (const [name, value] of Object.entries(call.query ?? {})) {
        if (value !== undefined)
          query[name] = Array.isArray(value) ? value.join(',') : String(value);
      }
      const path: Record<string, string> = {};
      for (const [name, value] of Object.entries(call.path ?? {})) path[name] = String(value);
      const body =
        call.body === undefined || call.body instanceof Uint8Array
          ? call.body
          : (JSON.parse(JSON.stringify(call.body)) as unknown);
      const response = await handle(api, {
        operation,
        path,
        query,
        headers: {
          'accept-language': 'en',
          // As the portal's client sends it (a call without it may be a cross-site form).
          'x-requested-with': 'XMLHttpRequest',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...Object.fromEntries(
            Object.entries(call.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
          ),
        },
        body,
        contentType: call.contentType ?? (call.body === undefined ? null : 'application/json'),
        client: call.client ?? null,
      });
      if (!call.unchecked) assertMatchesContract(operationId, response);
      return { ...response, json: response.body as any };
    },
  };
}

/** A whole profile update (`updateProfile`'s body), every consent off, with `overrides`. */
export function profileBody(
  overrides: Partial<Schemas['ProfileUpdate']> = {},
): Schemas['ProfileUpdate'] {
  return {
    email: null,
    phone: null,
    smsMarketingEnabled: false,
    emailMarketingEnabled: false,
    privacyPolicyAccepted: true,
    termsAccepted: true,
    branchId: null,
    employeeId: null,
    orthodontics: false,
    membraneOrthodontics: false,
    implantCare: false,
    dentalHygienistServices: false,
    estheticDentalCare: false,
    dentalWhitening: false,
    genericDentalHealth: false,
    ...overrides,
  };
}
