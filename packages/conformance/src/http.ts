import type { HttpMethod, OperationSpec } from '@portal/sdk/contract';
import { atPointer, isObject, parentPointer } from './json.ts';

/** A method a request may have: the contract's, or a CORS preflight's `OPTIONS`. */
export type RequestMethod = HttpMethod | 'OPTIONS';

/** What one call of an operation sends. Values are serialised as the contract's parameters say. */
export interface CallSpec {
  /** Another method than the operation's (a method its path does not take, a preflight). */
  method?: RequestMethod;
  /** Path parameter values (any value; `String()`-ed and URL-encoded). */
  path?: Record<string, unknown>;
  /** Query parameter values; arrays follow the parameter's `style`/`explode`; undefined is left out. */
  query?: Record<string, unknown>;
  /** Bearer token; null or undefined sends none. */
  token?: string | null;
  /** Raw `Authorization` header (overrides `token`). */
  authorization?: string;
  /** A JSON body. */
  json?: unknown;
  /** A body sent as is. */
  raw?: { body: string | Uint8Array; contentType: string };
  headers?: Record<string, string>;
  /** Headers the checker sends by default but this call leaves out (e.g. `x-requested-with`). */
  omitHeaders?: string[];
}

export interface HttpAnswer {
  method: RequestMethod;
  url: string;
  /** The headers sent, names in lower case. */
  requestHeaders: Record<string, string>;
  /** The body sent as text; a binary body is `<N bytes>` (see `requestBinary`). */
  requestBody: string;
  /** The body sent was binary (an upload): it is not in `requestBody`. */
  requestBinary: boolean;
  /** The bytes of a binary body (for the reproducer). */
  requestBytes?: Uint8Array;
  /** Null when no answer came. */
  status: number | null;
  /** Response headers, names in lower case. */
  headers: Record<string, string>;
  /** The full `content-type` header, or null. */
  contentType: string | null;
  /** `content-type` without parameters, lower case. */
  mediaType: string | null;
  text: string;
  byteLength: number;
  /** The parsed body when it is JSON and parses. */
  json: unknown;
  isJson: boolean;
  /** Why a JSON body did not parse. */
  jsonError?: string;
  /** Network error or timeout. */
  error?: string;
  durationMs: number;
}

export interface HttpOptions {
  baseUrl: string;
  timeoutMs: number;
  language: string;
  fetch: typeof fetch;
  /** Sent with every request (`--header`), names in lower case; a call's own headers win. */
  headers?: Record<string, string>;
}

/** An event stream is read only until its first frame (or this long), then closed. */
const STREAM_READ_MS = 1500;

export function mediaTypeOf(contentType: string | null | undefined): string | null {
  const base = contentType?.split(';')[0]?.trim().toLowerCase();
  return base ? base : null;
}

interface ParameterStyle {
  style: string;
  explode: boolean;
}

function styleOf(document: unknown, pointer: string): ParameterStyle {
  const node = atPointer(document, parentPointer(pointer));
  const style = isObject(node) && typeof node.style === 'string' ? node.style : 'form';
  const explode =
    isObject(node) && typeof node.explode === 'boolean' ? node.explode : style === 'form';
  return { style, explode };
}

/** Builds the URL of a call: path parameters substituted, query serialised per the contract. */
export function buildUrl(
  document: unknown,
  operation: OperationSpec,
  baseUrl: string,
  call: CallSpec,
): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = call.path?.[name];
    return encodeURIComponent(value === undefined ? '' : String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query ?? {})) {
    if (value === undefined) continue;
    const spec = operation.parameters.find((p) => p.in === 'query' && p.name === name);
    if (Array.isArray(value)) {
      const { explode } = spec ? styleOf(document, spec.pointer) : { explode: true };
      if (explode) for (const item of value) search.append(name, String(item));
      else search.append(name, value.map(String).join(','));
    } else {
      search.append(name, String(value));
    }
  }
  const query = search.toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
}

async function readBody(
  response: Response,
  isStream: boolean,
  signal: AbortSignal,
): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let streamTimer: ReturnType<typeof setTimeout> | undefined;
  const streamDone = new Promise<'timeout'>((resolve) => {
    if (isStream) streamTimer = setTimeout(() => resolve('timeout'), STREAM_READ_MS);
  });
  try {
    for (;;) {
      if (signal.aborted) break;
      const next = await (isStream ? Promise.race([reader.read(), streamDone]) : reader.read());
      if (next === 'timeout' || next.done) break;
      chunks.push(next.value);
      if (isStream) break;
    }
  } finally {
    if (streamTimer) clearTimeout(streamTimer);
    await reader.cancel().catch(() => undefined);
  }
  const total = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A request without an answer (yet): `error` says why none came. */
export function unanswered(method: RequestMethod, url: string, error?: string): HttpAnswer {
  return {
    method,
    url,
    requestHeaders: {},
    requestBody: '',
    requestBinary: false,
    status: null,
    headers: {},
    contentType: null,
    mediaType: null,
    text: '',
    byteLength: 0,
    json: undefined,
    isJson: false,
    ...(error === undefined ? {} : { error }),
    durationMs: 0,
  };
}

/** Sends one call of an operation and reads the whole answer (never throws). */
export async function send(
  options: HttpOptions,
  document: unknown,
  operation: OperationSpec,
  call: CallSpec,
): Promise<HttpAnswer> {
  const url = buildUrl(document, operation, options.baseUrl, call);
  const method = call.method ?? operation.method;
  const headers: Record<string, string> = {
    accept: 'application/json, */*;q=0.8',
    'accept-language': options.language,
    'x-requested-with': 'XMLHttpRequest',
    ...options.headers,
  };
  if (call.authorization !== undefined) headers.authorization = call.authorization;
  else if (call.token) headers.authorization = `Bearer ${call.token}`;
  let body: string | Uint8Array | undefined;
  let requestBody = '';
  if (call.raw) {
    body = call.raw.body;
    headers['content-type'] = call.raw.contentType;
    requestBody =
      typeof call.raw.body === 'string' ? call.raw.body : `<${call.raw.body.byteLength} bytes>`;
  } else if (call.json !== undefined) {
    body = JSON.stringify(call.json);
    headers['content-type'] = 'application/json';
    requestBody = body;
  }
  for (const [name, value] of Object.entries(call.headers ?? {})) {
    headers[name.toLowerCase()] = value;
  }

  const omitted = new Set((call.omitHeaders ?? []).map((name) => name.toLowerCase()));
  const sent = Object.fromEntries(Object.entries(headers).filter(([name]) => !omitted.has(name)));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const started = performance.now();
  const answer: HttpAnswer = {
    ...unanswered(method, url),
    requestHeaders: sent,
    requestBody,
    requestBinary: body instanceof Uint8Array,
    ...(body instanceof Uint8Array ? { requestBytes: body } : {}),
  };

  try {
    const response = await options.fetch(url, {
      method,
      headers: sent,
      body: body === undefined ? undefined : typeof body === 'string' ? body : Buffer.from(body),
      signal: controller.signal,
      redirect: 'manual',
    });
    answer.status = response.status;
    response.headers.forEach((value, name) => {
      answer.headers[name.toLowerCase()] = value;
    });
    answer.contentType = response.headers.get('content-type');
    answer.mediaType = mediaTypeOf(answer.contentType);
    const bytes = await readBody(
      response,
      answer.mediaType === 'text/event-stream',
      controller.signal,
    );
    answer.byteLength = bytes.byteLength;
    answer.text = new TextDecoder().decode(bytes);
    if (answer.mediaType === 'application/json' || answer.mediaType?.endsWith('+json')) {
      try {
        answer.json = answer.text === '' ? undefined : (JSON.parse(answer.text) as unknown);
        answer.isJson = answer.text !== '';
        if (!answer.isJson) answer.jsonError = 'empty body';
      } catch (error) {
        answer.jsonError = error instanceof Error ? error.message : String(error);
      }
    }
  } catch (error) {
    answer.error = controller.signal.aborted
      ? `no answer within ${options.timeoutMs} ms`
      : `request failed: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`;
  } finally {
    clearTimeout(timer);
    answer.durationMs = Math.round(performance.now() - started);
  }
  return answer;
}
