import type { OperationHandlers } from '../types.ts';

/** Handlers of the content operations: request → core → reply. */
export const contentHandlers: OperationHandlers = {};
