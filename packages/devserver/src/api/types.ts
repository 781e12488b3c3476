import type { Language, operations } from '@portal/sdk';
import type { ImageReencoder } from '../core/coupons/images.ts';
import type { Result } from '../core/result.ts';
import type { DevState } from '../core/state.ts';
import type { Person } from '../core/persons/persons.ts';
import type { UserRow } from '../core/users/sessions.ts';
import type { OperationId, OperationSpec } from '@portal/sdk/contract';
import type { PublicOperationId } from './public-operations.ts';
import type { Sandboxes } from './sandboxes.ts';

type Op<K extends OperationId> = operations[K];

export type JsonBodyOf<K extends OperationId> =
  Op<K> extends {
    requestBody: { content: { 'application/json': infer B } };
  }
    ? B
    : Op<K> extends { requestBody?: { content: { 'application/json': infer B } } }
      ? B | undefined
      : unknown;

export type PathOf<K extends OperationId> = Op<K>['parameters'] extends { path: infer P }
  ? P extends Record<string, unknown>
    ? P
    : Record<string, never>
  : Record<string, never>;

export type QueryOf<K extends OperationId> = Op<K>['parameters'] extends { query?: infer Q }
  ? NonNullable<Q>
  : Record<string, never>;

export interface OperationContext<K extends OperationId = OperationId> {
  state: DevState;
  operation: OperationSpec;
  /**
   * The signed-in user. Only a public operation may run without one (null); for every other the
   * pipeline has already refused a request without a live token.
   */
  user: K extends PublicOperationId ? UserRow | null : UserRow;
  /**
   * For whom the call is made: the user themself, or the person `X-Acting-For` names, whom the
   * pipeline has already checked the user may act for (see core/persons). Null without a user.
   */
  person: K extends PublicOperationId ? Person | null : Person;
  token: string | null;
  language: Language;
  path: PathOf<K>;
  query: QueryOf<K>;
  body: JsonBodyOf<K>;
  /** Raw body of non-JSON requests (image uploads). */
  rawBody: Uint8Array | null;
  contentType: string | null;
  headers: Record<string, string | undefined>;
  /** The client's address (see `ApiRequest.client`), null when the transport has none. */
  client: string | null;
  /** This server's origin as the browser sees it (see api/origins.ts). */
  origin: string;
  /** The calling page's origin when logins may return there, else null (api/origins.ts). */
  portalOrigin: string | null;
  /** The transport's image re-encoder (see `Api.reencodeImage`). */
  reencodeImage: ImageReencoder;
  /** The sandbox this request reached (`X-Dev-Sandbox`), null for the shared state. */
  sandbox: string | null;
  /** Every sandbox of the server (dev controls list and drop them); null when it has none. */
  sandboxes: Sandboxes | null;
}

/** A server-sent event stream: yields frames until the client goes away (signal aborts). */
export type EventStream = (signal: AbortSignal) => AsyncIterable<string>;

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Defaults to application/json for bodies. */
  contentType?: string;
  stream?: EventStream;
}

export type OperationOutcome = Result<Reply> | Promise<Result<Reply>>;

export type OperationHandlers = {
  [K in OperationId]?: (ctx: OperationContext<K>) => OperationOutcome;
};
