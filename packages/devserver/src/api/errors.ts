import type { Language } from '@portal/sdk';
import { translate } from '../core/messages.ts';
import type { DomainError, ErrorCode } from '../core/result.ts';

const statusByCode: Record<ErrorCode, number> = {
  'validation-failed': 400,
  'bad-request': 400,
  'invalid-campaign-code': 400,
  'invalid-voucher': 400,
  'invalid-grant': 400,
  unauthorized: 401,
  forbidden: 403,
  'not-allowed-for-person': 403,
  'terms-not-accepted': 403,
  'not-found': 404,
  'slot-taken': 409,
  'slot-unavailable': 409,
  'holds-full': 409,
  'inside-cancel-window': 409,
  'not-confirmable': 409,
  'not-modifiable': 409,
  'already-redeemed': 409,
  'coupon-not-valid': 409,
  'chat-closed': 409,
  'conversation-closed': 409,
  'anamnesis-disabled': 409,
  'event-passed': 409,
  'outdated-version': 409,
  'login-rejected': 409,
  'login-expired': 409,
  'duplicate-reservation': 409,
  'overlapping-reservation': 409,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'too-many-requests': 429,
  'server-error': 500,
  maintenance: 503,
  'sandboxes-full': 429,
};

export function statusOf(code: ErrorCode): number {
  return statusByCode[code];
}

/** Most field errors one answer lists (the contract's `Error.Errors` maxItems). */
export const MAX_FIELD_ERRORS = 20;
/** Longest field path an answer names (the contract's `FieldError.field` maxLength). */
export const MAX_FIELD_LENGTH = 100;

/** A field path cut to MAX_FIELD_LENGTH characters, its end marked with an ellipsis. */
function fieldName(field: string): string {
  return field.length <= MAX_FIELD_LENGTH ? field : `${field.slice(0, MAX_FIELD_LENGTH - 1)}…`;
}

/**
 * The contract's `Error` body of a domain error, in the request's language: at most
 * MAX_FIELD_ERRORS field errors, so that an answer stays a few kilobytes whatever was sent.
 */
export function errorBody(error: DomainError, language: Language): Record<string, unknown> {
  const body: Record<string, unknown> = {
    UserMessage: translate(error.message ?? error.code, language, error.params),
    Code: error.code,
  };
  if (error.fieldErrors?.length) {
    body.Errors = error.fieldErrors.slice(0, MAX_FIELD_ERRORS).map((problem) => ({
      field: fieldName(problem.field),
      errorMessage: translate(problem.message, language, problem.params),
    }));
  } else if (error.code === 'validation-failed') {
    body.Errors = [];
  }
  return { ...body, ...error.details };
}
