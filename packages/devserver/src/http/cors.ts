import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { ContractIndex } from '@portal/sdk/contract';

/**
 * How long a browser may keep a preflight's answer: Chromium's ceiling (2 h), so that a page on
 * another origin asks once, not before every call.
 */
export const PREFLIGHT_MAX_AGE_SECONDS = 7_200;

export interface CorsPolicy {
  methods: string[];
  /** What a page may send: the headers every call carries and the contract's header parameters. */
  allowedHeaders: string[];
  /** What a page may read: every response header the contract names. */
  exposedHeaders: string[];
}

/** The cross-origin policy of the contract's calls (spec §7's headers; the contract's own). */
export function corsPolicy(index: ContractIndex): CorsPolicy {
  const methods = new Set<string>();
  const allowed = new Set(['Authorization', 'Content-Type', 'Accept-Language']);
  const exposed = new Set<string>();
  for (const operation of index.operations) {
    methods.add(operation.method);
    for (const parameter of operation.parameters) {
      if (parameter.in === 'header') allowed.add(parameter.name);
    }
    for (const response of operation.responses) {
      for (const name of Object.keys(response.headers)) exposed.add(name);
    }
  }
  return {
    methods: [...methods].sort(),
    allowedHeaders: [...allowed].sort(),
    exposedHeaders: [...exposed].sort(),
  };
}

/**
 * CORS for the web app served from another origin (`WEB_ORIGINS`, docs/decisions/026): exactly
 * those origins, for the contract's methods and headers, preflights cached for 2 h, no cookies
 * (the token travels in `Authorization`). Any other origin gets no CORS header, so its page cannot
 * read an answer. Images the API hands out (`/images/…`, `/api/images/…`) are marked
 * `Cross-Origin-Resource-Policy: cross-origin` so that those pages can show them.
 */
export async function registerCors(
  app: FastifyInstance,
  webOrigins: readonly string[],
  index: ContractIndex,
): Promise<void> {
  if (webOrigins.length === 0) return;
  const policy = corsPolicy(index);
  await app.register(cors, {
    origin: [...webOrigins],
    methods: policy.methods,
    allowedHeaders: policy.allowedHeaders,
    exposedHeaders: policy.exposedHeaders,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    credentials: false,
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('image/')) {
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
    done(null, payload);
  });
}
