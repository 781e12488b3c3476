import { http, HttpResponse, type HttpHandler } from 'msw';
import { methodNotAllowed } from '../api/allowed-methods.ts';
import { toRoutePath, type OperationSpec } from '@portal/sdk/contract';
import {
  errorResponse,
  tooLargeError,
  handle,
  type Api,
  type ApiResponse,
} from '../api/pipeline.ts';
import { MAX_JSON_BYTES, MAX_UPLOAD_BYTES } from '@portal/site-rules/limits';
import { parseJsonBody } from '../api/json-body.ts';
import { languageOf } from '../core/messages.ts';

export interface MswHandlerOptions {
  /** Origin the handlers answer for; default any origin (`*`). */
  baseUrl?: string;
}

/** Static segments before parameters, so `/marketing-export` wins over `/{id}`. */
function specificity(operation: OperationSpec): string {
  return operation.path
    .split('/')
    .map((segment) => (segment.startsWith('{') ? '1' : '0'))
    .join('');
}

async function readBody(request: Request): Promise<{ body: unknown; tooLarge: boolean }> {
  if (request.method === 'GET' || request.method === 'HEAD')
    return { body: undefined, tooLarge: false };
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength === 0) return { body: undefined, tooLarge: false };
  const mediaType = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (mediaType === 'application/json') {
    if (bytes.byteLength > MAX_JSON_BYTES) return { body: undefined, tooLarge: true };
    return { body: parseJsonBody(new TextDecoder().decode(bytes)), tooLarge: false };
  }
  return { body: bytes, tooLarge: bytes.byteLength > MAX_UPLOAD_BYTES };
}

function eventStream(
  stream: NonNullable<ApiResponse['stream']>,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const controller = new AbortController();
  signal.addEventListener('abort', () => controller.abort(), { once: true });
  const iterator = stream(controller.signal)[Symbol.asyncIterator]();
  return new ReadableStream({
    async pull(stream) {
      const next = await iterator.next();
      if (next.done) stream.close();
      else stream.enqueue(encoder.encode(next.value));
    },
    cancel() {
      controller.abort();
    },
  });
}

function toHttpResponse(response: ApiResponse, signal: AbortSignal): Response {
  // An injected fault: the request fails as a lost connection does.
  if (response.drop) return HttpResponse.error();
  const headers = new Headers(response.headers);
  if (response.stream) {
    headers.set('content-type', 'text/event-stream; charset=utf-8');
    headers.set('cache-control', 'no-cache');
    return new HttpResponse(eventStream(response.stream, signal), {
      status: response.status,
      headers,
    });
  }
  if (response.body === undefined)
    return new HttpResponse(null, { status: response.status, headers });
  if (response.contentType === 'application/json') {
    headers.set('content-type', 'application/json; charset=utf-8');
    return new HttpResponse(JSON.stringify(response.body), { status: response.status, headers });
  }
  headers.set('content-type', response.contentType ?? 'application/octet-stream');
  const body = response.body as string | Uint8Array;
  return new HttpResponse(typeof body === 'string' ? body : new Blob([body as BlobPart]), {
    status: response.status,
    headers,
  });
}

/**
 * MSW handlers for every operation of the contract, calling the same pipeline and core as the
 * Fastify routes: the rules are written once.
 */
export function createMswHandlers(api: Api, options: MswHandlerOptions = {}): HttpHandler[] {
  const base = (options.baseUrl ?? '*').replace(/\/$/, '');
  const operations = [...api.index.operations].sort((a, b) =>
    specificity(a).localeCompare(specificity(b)),
  );
  const routes = operations.map((operation) => {
    const method = operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
    return http[method](
      `${base}${toRoutePath(operation.path)}`,
      async ({ request, params, cookies }) => {
        const url = new URL(request.url);
        const query: Record<string, string | string[]> = {};
        for (const key of new Set(url.searchParams.keys())) {
          const values = url.searchParams.getAll(key);
          query[key] = values.length === 1 ? (values[0] ?? '') : values;
        }
        const headers: Record<string, string> = {};
        request.headers.forEach((value, key) => {
          headers[key.toLowerCase()] = value;
        });
        // A browser's fetch hides the Host header: the request's URL says it, so links and logins
        // made here use the page's own origin.
        headers.host ??= url.host;
        if (url.protocol === 'https:') headers['x-forwarded-proto'] ??= 'https';
        // A browser's fetch hides the Cookie header from the worker; MSW reads the page's cookies
        // (the sandbox's among them) for us.
        headers.cookie ??= Object.entries(cookies)
          .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
          .join('; ');
        const { body, tooLarge } = await readBody(request);
        if (tooLarge) {
          return toHttpResponse(
            errorResponse(
              api,
              tooLargeError(headers['content-type']),
              languageOf(headers['accept-language']),
            ),
            request.signal,
          );
        }
        const response = await handle(api, {
          operation,
          path: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
          query,
          headers,
          body,
          contentType: headers['content-type'] ?? null,
        });
        return toHttpResponse(response, request.signal);
      },
    );
  });
  // After every route: a path of the contract with a method it does not take answers 405, as the
  // dev server does; anything else falls through (MSW's unhandled-request policy).
  const wrongMethod = http.all(`${base}/api/*`, ({ request }) => {
    const response = methodNotAllowed(api, {
      method: request.method,
      path: new URL(request.url).pathname,
      language: languageOf(request.headers.get('accept-language') ?? undefined),
    });
    return response ? toHttpResponse(response, request.signal) : undefined;
  });
  return [...routes, wrongMethod];
}
