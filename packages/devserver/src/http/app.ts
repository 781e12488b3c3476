import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { loadContract } from '@portal/sdk/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';

export interface AppOptions {
  /** Dev mode: `x-dev-mode: true` on every response and the QA controls on. Default true. */
  devMode?: boolean;
  logger?: FastifyServerOptions['logger'];
}

/** The dev server's HTTP app: the contract, its docs UI and (as they land) the operations. */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const devMode = options.devMode ?? true;
  const app = Fastify({ logger: options.logger ?? false });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-dev-mode', String(devMode));
    return payload;
  });

  await app.register(swagger, {
    mode: 'static',
    specification: { document: loadContract() as never },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });

  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/docs'));
  return app;
}
