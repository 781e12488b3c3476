import type { OperationHandlers } from '../types.ts';

/** Handlers of the coupons operations: request → core → reply. */
export const couponsHandlers: OperationHandlers = {};
