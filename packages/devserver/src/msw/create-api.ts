import { indexContract } from '@portal/sdk/contract';
import { fieldMessages, handlers } from '../api/handlers/index.ts';
import { createApi, type Api } from '../api/pipeline.ts';
import type { ImageReencoder } from '../core/coupons/images.ts';
import { createSeededState } from '../core/seed.ts';
import type { DevState, StateOptions } from '../core/state.ts';

export interface MockApiOptions extends StateOptions {
  /** An existing state; otherwise a new one from the seed. */
  state?: DevState;
  /** How uploaded images are re-encoded; by default the platform's (sharp in Node, a canvas in a browser). */
  reencodeImage?: ImageReencoder;
}

/**
 * The same API the Fastify server runs, for the MSW transports. The entry points (`node.ts`,
 * `browser.ts`) give their platform's image re-encoder, so no codec of one platform reaches the
 * other's bundle.
 */
export function createMockApiWith(platformReencoder: ImageReencoder, options: MockApiOptions): Api {
  const state = options.state ?? createSeededState(options);
  return createApi({
    state,
    index: indexContract(),
    handlers,
    fieldMessages,
    reencodeImage: options.reencodeImage ?? platformReencoder,
    // The request's URL is the only address there is (the handlers set Host and, on HTTPS,
    // X-Forwarded-Proto from it): believe them.
    origins: { trustProxy: true },
    onUnexpected: (error, operation) =>
      console.error(`[mock api] ${operation.operationId} failed`, error),
    // `X-Dev-Sandbox` (or its cookie) as on the Fastify server.
    sandboxes: { realNow: options.realNow },
  });
}
