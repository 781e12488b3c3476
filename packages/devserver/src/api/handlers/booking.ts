import type { OperationHandlers } from '../types.ts';

/** Handlers of the booking operations: request → core → reply. */
export const bookingHandlers: OperationHandlers = {};
