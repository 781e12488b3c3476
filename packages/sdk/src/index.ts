export { createPortalClient, DEFAULT_TIMEOUT_MS } from './client.ts';
export { ACTING_FOR_CALLS } from './generated/acting-for.ts';
export type { Language, PortalClient, PortalClientOptions } from './client.ts';
export {
  ApiError,
  BadRequestError,
  CODE_PROBLEMS,
  ConflictError,
  MaintenanceError,
  NetworkError,
  TimeoutError,
  TooManyRequestsError,
  UnauthorizedError,
  errorFromResponse,
  isApiError,
} from './errors.ts';
export type { ApiErrorKind, CodeProblem, ErrorBody, ErrorCode, FieldError } from './errors.ts';
export { AREAS_OF_INTEREST } from './areas.ts';
export { icsProperty } from './ics.ts';
export { SSN_PATTERN, birthDateOf, isValidSsn, ssnControl } from './identity-code.ts';
export { InvalidSlotKeyError, parseSlotKey, serializeSlotKey } from './slot-key.ts';
export type { SlotKeyParts } from './slot-key.ts';
export type { components, operations, paths } from './generated/portal.ts';
export type { Schemas } from './schemas.ts';
