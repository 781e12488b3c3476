import type { components } from './generated/portal.ts';

export type ErrorBody = components['schemas']['Error'];
export type ErrorCode = components['schemas']['ErrorCode'];
export type FieldError = components['schemas']['FieldError'];
export type CodeProblem = components['schemas']['CodeProblem'];
type Reservation = components['schemas']['Reservation'];

/**
 * Why a campaign code or a voucher identifier was refused (`Problem` of `invalid-campaign-code` and
 * `invalid-voucher`), in the contract's order; a test keeps it equal to the contract's enum.
 */
export const CODE_PROBLEMS = [
  'unknown',
  'expired',
  'not-yet-valid',
  'not-for-reason',
  'other-customer-type',
  'used-up',
  'ends-before-visit',
] as const satisfies readonly CodeProblem[];

function isCodeProblem(value: unknown): value is CodeProblem {
  return (CODE_PROBLEMS as readonly unknown[]).includes(value);
}

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What went wrong, for the UI to map: 400 → toast, 401 → logout, 503 → maintenance… */
export type ApiErrorKind =
  | 'bad-request'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'payload-too-large'
  | 'unsupported-media-type'
  | 'too-many-requests'
  | 'client-error'
  | 'maintenance'
  | 'server-error'
  | 'network'
  | 'timeout';

interface ApiErrorInit {
  status: number;
  body?: unknown;
  method: string;
  url: string;
  cause?: unknown;
}

function isErrorBody(body: unknown): body is Partial<ErrorBody> & Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body);
}

/** Every failed call of the portal client rejects with an ApiError. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  /** The server's translated message, when it sent one. */
  readonly userMessage: string | undefined;
  /** The server's machine-readable reason, when it sent one. */
  readonly code: ErrorCode | undefined;
  /** Field errors of a 400 answer (`[{field, errorMessage}]`), empty otherwise. */
  readonly fieldErrors: readonly FieldError[];
  readonly body: unknown;
  readonly method: string;
  readonly url: string;

  constructor(kind: ApiErrorKind, init: ApiErrorInit) {
    const body = isErrorBody(init.body) ? init.body : undefined;
    const userMessage = typeof body?.UserMessage === 'string' ? body.UserMessage : undefined;
    super(userMessage ?? `${init.method} ${init.url} failed: ${kind} (${init.status})`, {
      cause: init.cause,
    });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = init.status;
    this.userMessage = userMessage;
    this.code = typeof body?.Code === 'string' ? (body.Code as ErrorCode) : undefined;
    this.fieldErrors = Array.isArray(body?.Errors) ? body.Errors.filter(isFieldError) : [];
    this.body = init.body;
    this.method = init.method;
    this.url = init.url;
  }

  /** The message under a field, if the server sent one for it. */
  fieldError(field: string): string | undefined {
    return this.fieldErrors.find((error) => error.field === field)?.errorMessage;
  }
}

function isFieldError(value: unknown): value is FieldError {
  return (
    isErrorBody(value) && typeof value.field === 'string' && typeof value.errorMessage === 'string'
  );
}

export class BadRequestError extends ApiError {
  /**
   * With `invalid-campaign-code` and `invalid-voucher`: why the code or identifier was refused
   * (`Problem`); undefined when the server did not say or sent a case this client does not know.
   */
  readonly problem: CodeProblem | undefined;
  /** The date of `problem` (`ProblemDate`, `YYYY-MM-DD`), when it has one. */
  readonly problemDate: string | undefined;
  constructor(init: ApiErrorInit) {
    super('bad-request', init);
    this.name = 'BadRequestError';
    const body = isErrorBody(init.body) ? init.body : undefined;
    this.problem = isCodeProblem(body?.Problem) ? body.Problem : undefined;
    this.problemDate =
      typeof body?.ProblemDate === 'string' && LOCAL_DATE.test(body.ProblemDate)
        ? body.ProblemDate
        : undefined;
  }
}

export class UnauthorizedError extends ApiError {
  constructor(init: ApiErrorInit) {
    super('unauthorized', init);
    this.name = 'UnauthorizedError';
  }
}

export class ConflictError extends ApiError {
  /** With `already-redeemed`: when the coupon was used. */
  readonly redeemedAt: string | undefined;
  /**
   * With `duplicate-reservation` (createReservation): the caller's reservation of the same
   * service within 14 days that the booking would duplicate (`ExistingReservation`).
   */
  readonly existingReservation: Reservation | undefined;
  /** With createFamilyBooking: the member (`members[problemIndex]`) the conflict is about. */
  readonly problemIndex: number | undefined;
  constructor(init: ApiErrorInit) {
    super('conflict', init);
    this.name = 'ConflictError';
    const body = isErrorBody(init.body) ? init.body : undefined;
    this.redeemedAt = typeof body?.RedeemedAt === 'string' ? body.RedeemedAt : undefined;
    const existing = body?.ExistingReservation;
    this.existingReservation =
      isErrorBody(existing) && typeof existing.id === 'number'
        ? (existing as unknown as Reservation)
        : undefined;
    const index = body?.ProblemIndex;
    this.problemIndex =
      typeof index === 'number' && Number.isInteger(index) && index >= 0 ? index : undefined;
  }
}

export class TooManyRequestsError extends ApiError {
  /** Seconds to wait, from `Retry-After`. */
  readonly retryAfterSeconds: number | undefined;
  constructor(init: ApiErrorInit & { retryAfter: string | null }) {
    super('too-many-requests', init);
    this.name = 'TooManyRequestsError';
    const seconds = Number(init.retryAfter);
    this.retryAfterSeconds =
      init.retryAfter !== null && Number.isFinite(seconds) ? seconds : undefined;
  }
}

export class MaintenanceError extends ApiError {
  /** When the maintenance break started, shown on /maintenance. */
  readonly startsAt: string | undefined;
  constructor(init: ApiErrorInit) {
    super('maintenance', init);
    this.name = 'MaintenanceError';
    const body = isErrorBody(init.body) ? init.body : undefined;
    this.startsAt =
      typeof body?.MaintenanceStartsAt === 'string' ? body.MaintenanceStartsAt : undefined;
  }
}

export class NetworkError extends ApiError {
  constructor(init: Omit<ApiErrorInit, 'status'>) {
    super('network', { ...init, status: 0 });
    this.name = 'NetworkError';
  }
}

export class TimeoutError extends ApiError {
  readonly timeoutMs: number;
  constructor(init: Omit<ApiErrorInit, 'status'> & { timeoutMs: number }) {
    super('timeout', { ...init, status: 0 });
    this.name = 'TimeoutError';
    this.timeoutMs = init.timeoutMs;
  }
}

const kindByStatus: Record<number, ApiErrorKind> = {
  403: 'forbidden',
  404: 'not-found',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
};

/** Turns a non-2xx response into the matching ApiError. */
export function errorFromResponse(
  response: Response,
  body: unknown,
  request: { method: string; url: string },
): ApiError {
  const init: ApiErrorInit = {
    status: response.status,
    body,
    method: request.method,
    url: request.url,
  };
  switch (response.status) {
    case 400:
      return new BadRequestError(init);
    case 401:
      return new UnauthorizedError(init);
    case 409:
      return new ConflictError(init);
    case 429:
      return new TooManyRequestsError({ ...init, retryAfter: response.headers.get('Retry-After') });
    case 503:
      return new MaintenanceError(init);
    default:
      return new ApiError(
        kindByStatus[response.status] ?? (response.status >= 500 ? 'server-error' : 'client-error'),
        init,
      );
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
