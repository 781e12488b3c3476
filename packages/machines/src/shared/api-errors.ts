import { ApiError, MaintenanceError } from '@portal/sdk';
import type { ErrorCode } from '@portal/sdk';
import type { Message } from './message.ts';

/** A 503 maintenance answer from any call. */
export function isMaintenanceError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.kind === 'maintenance';
}

/** An error answer of the given kind and, when given, machine-readable code. */
export function isApiErrorWith(
  error: unknown,
  kind: ApiError['kind'],
  code?: ErrorCode,
): error is ApiError {
  return (
    error instanceof ApiError && error.kind === kind && (code === undefined || error.code === code)
  );
}

/** When a maintenance break started, from a 503 answer that says; null otherwise. */
export function maintenanceStartsAt(error: unknown): string | null {
  return error instanceof MaintenanceError ? (error.startsAt ?? null) : null;
}

/** The field errors of a 400 answer as messages under their fields; empty for anything else. */
export function serverFieldMessages(error: unknown): Record<string, Message> {
  const messages: Record<string, Message> = {};
  if (isApiErrorWith(error, 'bad-request')) {
    for (const { field, errorMessage } of error.fieldErrors)
      messages[field] = { text: errorMessage };
  }
  return messages;
}
