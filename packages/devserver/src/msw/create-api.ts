import { indexContract } from '@portal/sdk/contract';
import { fieldMessages, handlers } from '../api/handlers/index.ts';
import { createApi, type Api } from '../api/pipeline.ts';
import { createSeededState } from '../core/seed.ts';
import type { DevState, StateOptions } from '../core/state.ts';

export interface MockApiOptions extends StateOptions {
  /** An existing state; otherwise a new one from the seed. */
  state?: DevState;
}

/** The same API the Fastify server runs, for the MSW transports. */
export function createMockApi(options: MockApiOptions = {}): Api {
  const state = options.state ?? createSeededState(options);
  return createApi({
    state,
    index: indexContract(),
    handlers,
    fieldMessages,
    onUnexpected: (error, operation) =>
      console.error(`[mock api] ${operation.operationId} failed`, error),
  });
}
