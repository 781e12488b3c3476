import type { OperationHandlers } from '../types.ts';

/** Handlers of the dev operations: request → core → reply. */
export const devHandlers: OperationHandlers = {};
