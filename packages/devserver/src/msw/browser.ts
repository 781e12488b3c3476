import { setupWorker, type SetupWorker } from 'msw/browser';
import type { Api } from '../api/pipeline.ts';
import { canvasReencoder } from '../images/canvas.ts';
import { createMockApiWith, type MockApiOptions } from './create-api.ts';
import { createMswHandlers, type MswHandlerOptions } from './handlers.ts';

/**
 * An MSW service worker (browser: demos and front-end work without a server). Uploaded images
 * are re-encoded by the browser's canvas: sharp is Node's and never enters this bundle.
 */
export function createMockWorker(options: MockApiOptions & MswHandlerOptions = {}): {
  worker: SetupWorker;
  api: Api;
} {
  const api = createMockApiWith(canvasReencoder, options);
  return { worker: setupWorker(...createMswHandlers(api, options)), api };
}
