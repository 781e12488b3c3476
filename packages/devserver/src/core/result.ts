import type { Schemas } from '@portal/sdk';
import type { MessageKey } from './messages.ts';

export type ErrorCode = Schemas['ErrorCode'];

/** A field error before translation: the body path (`customer.email`) and a message key. */
export interface FieldProblem {
  field: string;
  message: MessageKey;
  params?: Record<string, string | number>;
}

/**
 * A broken rule, as the core reports it. Transports turn it into the contract's status and
 * `{UserMessage, Code, Errors}` body (see api/errors.ts); the core never speaks HTTP.
 */
export interface DomainError {
  code: ErrorCode;
  /** Overrides the code's default message. */
  message?: MessageKey;
  params?: Record<string, string | number>;
  fieldErrors?: FieldProblem[];
  /** Extra body fields the contract defines for this error (e.g. `RedeemedAt`). */
  details?: Record<string, unknown>;
  /** Extra response headers (e.g. `Retry-After`). */
  headers?: Record<string, string>;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: DomainError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: ErrorCode, extra: Omit<DomainError, 'code'> = {}): Result<T> {
  return { ok: false, error: { code, ...extra } };
}

/** A 400 with field errors. */
export function invalid<T = never>(...fieldErrors: FieldProblem[]): Result<T> {
  return fail('validation-failed', { fieldErrors });
}
