import type { OperationHandlers } from '../types.ts';

/** Handlers of the config operations: request → core → reply. */
export const configHandlers: OperationHandlers = {};
