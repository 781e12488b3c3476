import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { buildApp, type AppOptions } from '../../src/http/app.ts';

/** What a test file of the Fastify app starts its servers with. */
interface AppPerTest {
  /** Builds the app (no built web app unless `webRoot` is given); it is closed after the test. */
  start: (options?: AppOptions) => Promise<FastifyInstance>;
  /** Closes the app started last, for a test that starts a second one. */
  close: () => Promise<void>;
}

/**
 * A fresh Fastify app per test, closed after it. Each test file calls this once at its top: the
 * files of a worker share one module registry (`isolate: false`), so a hook registered when this
 * module is first loaded would belong to whichever file loaded it first.
 */
export function appPerTest(): AppPerTest {
  let app: FastifyInstance | undefined;
  const close = async (): Promise<void> => {
    await app?.close();
    app = undefined;
  };
  afterEach(close);
  return {
    start: async (options = {}) => {
      app = await buildApp({ webRoot: null, ...options });
      return app;
    },
    close,
  };
}
