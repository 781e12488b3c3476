import type { OperationHandlers } from '../types.ts';

/** Handlers of the users operations: request → core → reply. */
export const usersHandlers: OperationHandlers = {};
