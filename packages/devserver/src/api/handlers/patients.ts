import type { OperationHandlers } from '../types.ts';

/** Handlers of the patients operations: request → core → reply. */
export const patientsHandlers: OperationHandlers = {};
