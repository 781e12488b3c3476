import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { compile as compileTrust } from '@fastify/proxy-addr';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { indexContract, toRoutePath, type OperationSpec } from '@portal/sdk/contract';
import { methodNotAllowed } from '../api/allowed-methods.ts';
import { fieldMessages, handlers } from '../api/handlers/index.ts';
import {
  CACHED_OPERATIONS,
  createApi,
  errorResponse,
  tooLargeError,
  handle,
  selectApi,
  type Api,
  type ApiResponse,
} from '../api/pipeline.ts';
import { requestedSandbox, type SandboxOptions } from '../api/sandboxes.ts';
import { parseJsonBody } from '../api/json-body.ts';
import { ContractValidator } from '../api/validation.ts';
import { toHelsinkiIso } from '../core/clock.ts';
import { languageOf } from '../core/messages.ts';
import type { ErrorCode } from '../core/result.ts';
import { loadStateFile, saveStateFile } from '../core/persistence.ts';
import { createSeededState } from '../core/seed.ts';
import type { DevState } from '../core/state.ts';
import { sharpReencoder } from '../images/sharp.ts';
import { registerAvatars } from './avatars.ts';
import { registerBankBroker } from './bank-broker.ts';
import { registerCors } from './cors.ts';
import { loadPrerenderedPages, markDevMode } from './prerendered.ts';
import { readBody } from './body.ts';
import { redact } from './redact.ts';
import { MAX_JSON_BYTES, MAX_UPLOAD_BYTES } from '@portal/site-rules/limits';
import { STRICT_TRANSPORT_SECURITY, securityHeaders } from '@portal/site-rules/security-headers';

export interface AppOptions {
  /** An existing state (tests); otherwise a new one from `seed`. */
  state?: DevState;
  seed?: number;
  /** Dev mode: `x-dev-mode: true` and the QA controls. Default true. */
  devMode?: boolean;
  /** Persist the state to this file after every change, and restore it at start. */
  dataFile?: string;
  /** The built web app to serve with an SPA fallback; null for none. */
  webRoot?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** Login attempts allowed per client and minute on the login endpoints. */
  loginRateLimit?: number;
  /**
   * The proxies in front (addresses, CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`):
   * a request from one of them is believed about the client's address (`X-Forwarded-For`, as the
   * proxy sets it: rate limits, hold limits and logs are then per client) and this server's own
   * (`X-Forwarded-Host`, `-Proto`); from any other peer those headers are dropped. `true` (the
   * old form) believes host and proto from any peer and never the client's address. Default
   * false: a request can choose neither.
   */
  trustProxy?: boolean | readonly string[];
  /**
   * Origins of the web app when it is served elsewhere: logins may return there, and their pages
   * may call the API (CORS, `./cors.ts`).
   */
  webOrigins?: string[];
  /** Campaign-code and voucher checks per client and minute (guessing codes); default 30. */
  codeCheckRateLimit?: number;
  /** Slot holds per client and minute (`createSlotHold`); default 60. */
  holdRateLimit?: number;
  /** Sandboxes' idle time and number (`X-Dev-Sandbox`, dev mode; api/sandboxes.ts). */
  sandboxes?: SandboxOptions;
}

/** Files of the built web app served only in dev mode. */
const DEV_ONLY_ASSET = /\.map$|(^|\/)mockServiceWorker\.js$/;

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/** Logger options that keep tokens, codes and national ids out of every log line. */
export function loggerOptions(
  level = 'info',
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string }) => ({
        method: request.method,
        url: redact(request.url),
      }),
    },
  };
}

function send(reply: FastifyReply, response: ApiResponse): FastifyReply | undefined {
  if (response.drop) {
    // An injected fault: the connection closes without an answer.
    reply.hijack();
    reply.raw.destroy();
    return undefined;
  }
  reply.code(response.status).headers(response.headers);
  const { stream } = response;
  if (stream) {
    const controller = new AbortController();
    reply.raw.on('close', () => controller.abort());
    reply.hijack();
    // Hijacked, the answer carries only what is written here: the headers set on the reply so
    // far (security, CORS) as well as the stream's own.
    reply.raw.writeHead(response.status, {
      ...(reply.getHeaders() as Record<string, string>),
      ...response.headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
    });
    void (async () => {
      try {
        for await (const frame of stream(controller.signal)) reply.raw.write(frame);
      } catch (error) {
        if (!controller.signal.aborted) reply.log.error({ err: error }, 'event stream failed');
      } finally {
        reply.raw.end();
      }
    })();
    return undefined;
  }
  if (response.body === undefined) return reply.send();
  if (response.contentType === 'application/json') {
    return reply
      .type('application/json; charset=utf-8')
      .send(response.serialized ?? JSON.stringify(response.body));
  }
  const body = response.body instanceof Uint8Array ? Buffer.from(response.body) : response.body;
  return reply.type(response.contentType ?? 'application/octet-stream').send(body);
}

const fastifyErrorCodes: Record<number, ErrorCode> = {
  400: 'bad-request',
  404: 'not-found',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  429: 'too-many-requests',
};

/** The dev server's HTTP app: every contract operation, its docs, and the built web app. */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const state =
    options.state ?? createSeededState({ seed: options.seed, devMode: options.devMode ?? true });
  if (options.devMode !== undefined) state.settings.devMode = options.devMode;
  const { dataFile } = options;
  if (dataFile) {
    if (!loadStateFile(state, dataFile)) saveStateFile(state, dataFile);
  }

  const proxies = Array.isArray(options.trustProxy) ? [...options.trustProxy] : null;
  const trustedPeer = proxies && proxies.length > 0 ? compileTrust(proxies) : null;
  const trustsForwarded = options.trustProxy === true || trustedPeer !== null;

  // Path ids (login transactions) may be 128 characters long; Fastify's default limit is 100.
  const app = Fastify({
    logger: options.logger ?? false,
    // `request.ip`: the client's address, from X-Forwarded-For when a named proxy sent it.
    ...(trustedPeer ? { trustProxy: trustedPeer } : {}),
    bodyLimit: MAX_JSON_BYTES,
    routerOptions: { maxParamLength: 256 },
    // Addresses the router cannot take answer in the contract's error body, translated: a bad
    // percent-encoding is a 400; a path segment longer than any id (256) names nothing, a 404.
    frameworkErrors: (error, request, reply) => {
      const language = languageOf(request.headers['accept-language']);
      const tooLong = (error as { code?: string }).code === 'FST_ERR_MAX_PARAM_LENGTH';
      return send(
        reply,
        errorResponse(
          { state },
          tooLong
            ? { code: 'not-found', message: 'request.pathTooLong' }
            : { code: 'bad-request', message: 'request.badUrl' },
          language,
        ),
      );
    },
  });
  const index = indexContract();
  const api = createApi({
    state,
    index,
    validator: new ContractValidator(index),
    handlers,
    fieldMessages,
    cacheable: CACHED_OPERATIONS,
    origins: { trustProxy: trustsForwarded, webOrigins: options.webOrigins },
    reencodeImage: sharpReencoder,
    onChange: dataFile ? () => saveStateFile(state, dataFile) : undefined,
    onUnexpected: (error, operation) =>
      app.log.error({ err: error, operationId: operation.operationId }, 'operation failed'),
    sandboxes: options.sandboxes ?? {},
  });
  /** The state a page of the server (not an API call) reads: the sandbox it names, if usable. */
  const apiOf = (request: FastifyRequest): Api => {
    const selected = selectApi(
      api,
      request.headers as Record<string, string | undefined>,
      request.ip,
    );
    return selected.ok ? selected.value : api;
  };

  // Set once as the request arrives (one call, no per-header checks on the way out): a page that
  // needs a stricter header sets its own later and wins (the broker page does), and the API's
  // answers set x-dev-mode again as they leave, so a request that changes dev mode reports it.
  const staticHeaders = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    // Forwarded headers count only from a named proxy: from anyone else they are the client's
    // own words about itself, and go.
    if (trustedPeer && !trustedPeer(request.socket.remoteAddress ?? '', 0)) {
      delete request.headers['x-forwarded-for'];
      delete request.headers['x-forwarded-host'];
      delete request.headers['x-forwarded-proto'];
    }
    reply.headers(staticHeaders);
    reply.header('x-dev-mode', String(state.settings.devMode));
    // HTTPS itself, or a trusted TLS proxy in front that says so.
    const forwarded = trustsForwarded ? request.headers['x-forwarded-proto'] : undefined;
    if (
      request.protocol === 'https' ||
      (forwarded !== undefined && String(forwarded).split(',')[0]?.trim() === 'https')
    ) {
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    }
    done();
  });

  // Bodies are read by `readBody`: one over its limit is read to its end before the 413, so
  // that a proxy streaming it gets the answer instead of a reset.
  const announced = (request: FastifyRequest): number | undefined => {
    const length = Number(request.headers['content-length']);
    return Number.isFinite(length) && length >= 0 ? length : undefined;
  };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', (request, payload, done) => {
    readBody(payload, MAX_JSON_BYTES, announced(request)).then(
      (body) => done(null, parseJsonBody(body.toString('utf8'))),
      (error: Error) => done(error, undefined),
    );
  });
  app.addContentTypeParser('*', (request, payload, done) => {
    readBody(payload, MAX_UPLOAD_BYTES, announced(request)).then(
      (body) => done(null, new Uint8Array(body)),
      (error: Error) => done(error, undefined),
    );
  });

  app.setErrorHandler(
    (error: { statusCode?: number; retryAfterSeconds?: number }, request, reply) => {
      const status = error.statusCode ?? 500;
      const language = languageOf(request.headers['accept-language']);
      const code = fastifyErrorCodes[status] ?? (status >= 500 ? 'server-error' : 'bad-request');
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      if (status === 413)
        return send(
          reply,
          errorResponse(api, tooLargeError(request.headers['content-type']), language),
        );
      const headers: Record<string, string> = {};
      if (status === 429 && error.retryAfterSeconds !== undefined)
        headers['Retry-After'] = String(error.retryAfterSeconds);
      return send(reply, errorResponse(api, { code, headers }, language));
    },
  );

  await registerCors(app, options.webOrigins ?? [], index);

  // gzip/brotli for clients that ask (browsers); API benchmarks without Accept-Encoding skip it.
  await app.register(compress, { global: true, threshold: 1024 });

  await app.register(rateLimit, {
    global: false,
    // Per client and, in dev mode, per sandbox: testers and test workers on one machine share an
    // address but not their limits.
    keyGenerator: (request) => {
      const sandbox = state.settings.devMode
        ? requestedSandbox(request.headers as Record<string, string | undefined>)
        : null;
      return sandbox === null ? request.ip : `${request.ip} ${sandbox}`;
    },
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error('Too many requests'), {
        statusCode: 429,
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
  });

  await app.register(swagger, {
    mode: 'static',
    specification: {
      document: (state.settings.devMode
        ? index.document
        : withoutDevOperations(index.document)) as never,
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });

  const loginLimit = { max: options.loginRateLimit ?? 30, timeWindow: '1 minute' };
  const isLoginAttempt = (operation: OperationSpec): boolean =>
    operation.tags.includes('auth') && operation.method === 'POST';
  const codeCheckLimit = { max: options.codeCheckRateLimit ?? 30, timeWindow: '1 minute' };
  const isCodeCheck = (operation: OperationSpec): boolean =>
    operation.operationId === 'checkCampaignCode' || operation.operationId === 'checkVoucher';
  // A hold hides a time from everyone for 10 minutes: one client cannot hold a whole calendar.
  const holdLimit = { max: options.holdRateLimit ?? 60, timeWindow: '1 minute' };
  const limitOf = (operation: OperationSpec): { rateLimit?: typeof loginLimit } => {
    if (isLoginAttempt(operation)) return { rateLimit: loginLimit };
    if (isCodeCheck(operation)) return { rateLimit: codeCheckLimit };
    if (operation.operationId === 'createSlotHold') return { rateLimit: holdLimit };
    return {};
  };

  for (const operation of index.operations) {
    app.route({
      method: operation.method,
      url: toRoutePath(operation.path),
      schema: { hide: true },
      config: limitOf(operation),
      handler: async (request, reply) =>
        send(
          reply,
          await handle(api, {
            operation,
            path: request.params as Record<string, string>,
            query: request.query as Record<string, string | string[]>,
            headers: request.headers as Record<string, string | undefined>,
            body: request.body,
            contentType: request.headers['content-type'] ?? null,
            client: request.ip,
          }),
        ),
    });
  }

  registerAvatars(app, (request) => apiOf(request).state);
  registerBankBroker(app, apiOf);

  const webRoot = options.webRoot === undefined ? DEFAULT_WEB_ROOT : options.webRoot;
  const serveWeb = webRoot !== null && existsSync(`${webRoot}/index.html`);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // Without dev mode, what only developers and the mock mode use is not served: source maps
      // (the app's source) and MSW's service worker.
      allowedPath: (path) => state.settings.devMode || !DEV_ONLY_ASSET.test(path),
      // Vite's hashed assets never change under the same name; index.html must always be fresh.
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The build names no source map in its scripts (a phone would download the comment for
        // nothing); in dev mode the header links each script to its map for the browser's tools.
        if (state.settings.devMode && path.endsWith('.js') && existsSync(`${path}.map`)) {
          res.header('sourcemap', `${basename(path)}.map`);
        }
      },
    });
  }

  const prerendered = serveWeb ? loadPrerenderedPages(webRoot) : null;
  const prerenderedHeaders = prerendered
    ? {
        ...securityHeaders({ scriptHashes: prerendered.scriptHashes }),
        vary: 'Cookie, Accept-Language',
      }
    : {};

  const notFound = async (request: FastifyRequest, reply: FastifyReply) => {
    const language = languageOf(request.headers['accept-language']);
    const [url = '/', query = ''] = request.url.split('?');
    if (url.startsWith('/api/') || url === '/api') {
      // A path of the contract asked with a method it does not take: 405 and what it takes.
      const wrongMethod = methodNotAllowed(api, { method: request.method, path: url, language });
      if (wrongMethod) return send(reply, wrongMethod);
      return send(reply, errorResponse(api, { code: 'not-found' }, language));
    }
    if (
      serveWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/\.[a-z0-9]+$/i.test(url)
    ) {
      const page = prerendered?.pick({
        path: url,
        query,
        cookie: request.headers.cookie,
        acceptLanguage: request.headers['accept-language'],
      });
      if (prerendered && page) {
        return reply
          .headers(prerenderedHeaders)
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(
            await prerendered.html(page, {
              devMode: state.settings.devMode,
              devNow: toHelsinkiIso(apiOf(request).state.clock.now()),
            }),
          );
      }
      if (state.settings.devMode) {
        // The app's shell, marked like a prerendered page: its first render reads the dev clock.
        const shell = await readFile(join(webRoot, 'index.html'), 'utf8');
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(markDevMode(shell, toHelsinkiIso(apiOf(request).state.clock.now())));
      }
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    if (!serveWeb && url === '/') return reply.redirect('/docs');
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  };
  // The app's pages as a route, so that they are compressed like every other answer.
  if (serveWeb) app.get('/*', notFound);
  app.setNotFoundHandler(notFound);

  return app;
}

/** For tools that drive a server in-process (Lighthouse bench): its state and a session in it. */
export { createSeededState } from '../core/seed.ts';
export type { DevState } from '../core/state.ts';
export { devSession } from '../core/dev/dev.ts';

/**
 * The contract as a server without dev mode publishes it: no operation tagged `dev` (they answer
 * 404 there), no path left without operations, and no `dev` tag.
 */
export function withoutDevOperations(document: unknown): unknown {
  const doc = document as {
    paths?: Record<string, Record<string, unknown>>;
    tags?: { name: string }[];
  };
  const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
  const isDev = (operation: unknown) =>
    ((operation as { tags?: string[] } | null)?.tags ?? []).includes('dev');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const kept = Object.fromEntries(
      Object.entries(item).filter(([key, value]) => !methods.includes(key) || !isDev(value)),
    );
    if (Object.keys(kept).some((key) => methods.includes(key))) paths[path] = kept;
  }
  return {
    ...doc,
    paths,
    ...(doc.tags ? { tags: doc.tags.filter((tag) => tag.name !== 'dev') } : {}),
  };
}
