import type { OperationHandlers } from '../types.ts';

/** Handlers of the auth operations: request → core → reply. */
export const authHandlers: OperationHandlers = {};
