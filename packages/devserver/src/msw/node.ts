import { setupServer, type SetupServer } from 'msw/node';
import type { Api } from '../api/pipeline.ts';
import { sharpReencoder } from '../images/sharp.ts';
import { createMockApiWith, type MockApiOptions } from './create-api.ts';
import { createMswHandlers, type MswHandlerOptions } from './handlers.ts';

export { createMswHandlers } from './handlers.ts';

/** The same API the Fastify server runs, in process; uploaded images are re-encoded with sharp. */
export function createMockApi(options: MockApiOptions = {}): Api {
  return createMockApiWith(sharpReencoder, options);
}

/** An MSW server (Node: tests, scripts) answering every operation from an in-process dev state. */
export function createMockServer(options: MockApiOptions & MswHandlerOptions = {}): {
  server: SetupServer;
  api: Api;
} {
  const api = createMockApi(options);
  return { server: setupServer(...createMswHandlers(api, options)), api };
}
