import { setupServer, type SetupServer } from 'msw/node';
import type { Api } from '../api/pipeline.ts';
import { createMockApi, type MockApiOptions } from './create-api.ts';
import { createMswHandlers, type MswHandlerOptions } from './handlers.ts';

export { createMswHandlers } from './handlers.ts';
export { createMockApi } from './create-api.ts';

/** An MSW server (Node: tests, scripts) answering every operation from an in-process dev state. */
export function createMockServer(options: MockApiOptions & MswHandlerOptions = {}): {
  server: SetupServer;
  api: Api;
} {
  const api = createMockApi(options);
  return { server: setupServer(...createMswHandlers(api, options)), api };
}
