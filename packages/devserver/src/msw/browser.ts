import { setupWorker, type SetupWorker } from 'msw/browser';
import type { Api } from '../api/pipeline.ts';
import { createMockApi, type MockApiOptions } from './create-api.ts';
import { createMswHandlers, type MswHandlerOptions } from './handlers.ts';

/** An MSW service worker (browser: demos and front-end work without a server). */
export function createMockWorker(options: MockApiOptions & MswHandlerOptions = {}): {
  worker: SetupWorker;
  api: Api;
} {
  const api = createMockApi(options);
  return { worker: setupWorker(...createMswHandlers(api, options)), api };
}
