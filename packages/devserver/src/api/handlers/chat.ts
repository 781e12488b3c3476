import type { OperationHandlers } from '../types.ts';

/** Handlers of the chat operations: request → core → reply. */
export const chatHandlers: OperationHandlers = {};
