import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { ApiError } from './errors.ts';
import { NetworkError, TimeoutError, errorFromResponse, isApiError } from './errors.ts';
import { ACTING_FOR_CALLS } from './generated/acting-for.ts';
import type { paths } from './generated/portal.ts';

export type Language = 'fi' | 'sv' | 'en';

/** Spec §7: every call times out after 30 000 ms. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface PortalClientOptions {
  /** The API origin; '' for same-origin calls from the browser. */
  baseUrl: string;
  /** The stored bearer token (`access_token`), if any. */
  getToken?: () => string | null | undefined;
  /** The current UI language, sent as Accept-Language. Defaults to `fi`. */
  getLanguage?: () => Language;
  /**
   * The person the user acts for now (an `id` from `listPersons`), or null for the user
   * themself: sent as `X-Acting-For` on the calls the contract marks `x-acting-for`, and only
   * there (a profile save or a logout is always the user's own).
   */
  getActingFor?: () => number | null;
  /** Called with the `x-dev-mode` header of every response that has one. */
  onDevMode?: (devMode: boolean) => void;
  /** Called with the `x-dev-now` header (the dev clock's now, in dev mode) of every response that has one. */
  onDevNow?: (now: string) => void;
  /** Called with every failure before the call rejects with it (400 → toast, 401 → logout, 503 → maintenance). */
  onError?: (error: ApiError) => void;
  /** The fetch to use; tests pass their own so that no mock state is shared. */
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

export type PortalClient = Client<paths>;

function withTimeout(
  fetchImpl: typeof globalThis.fetch,
  timeoutMs: number,
): typeof globalThis.fetch {
  return async (input, init) => {
    // openapi-fetch hands over a Request of its own: no copy of it is needed to read it.
    const request =
      input instanceof Request && init === undefined ? input : new Request(input, init);
    request.signal.throwIfAborted();
    const controller = new AbortController();
    // Made when the time is up, not for every call (an error records its stack as it is made).
    let timeout: TimeoutError | undefined;
    const timer = setTimeout(() => {
      timeout = new TimeoutError({ method: request.method, url: request.url, timeoutMs });
      controller.abort(timeout);
    }, timeoutMs);
    // The caller's signal keeps its hold after the answer has arrived: aborting it also stops the
    // reading of a body still on its way (an event stream), as with a plain fetch.
    const abortFromCaller = (): void => controller.abort(request.signal.reason);
    request.signal.addEventListener('abort', abortFromCaller, { once: true });
    try {
      return await fetchImpl(new Request(request, { signal: controller.signal }));
    } catch (error) {
      request.signal.removeEventListener('abort', abortFromCaller);
      if (timeout !== undefined && controller.signal.reason === timeout) throw timeout;
      throw error;
    } finally {
      // The 30 s are the time to the answer (spec §7), not a limit on reading a long body.
      clearTimeout(timer);
    }
  };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.clone().text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The portal's API client: openapi-fetch typed by the contract, with the headers of spec §7,
 * the 30 s timeout, `x-dev-mode` capture, and every failure turned into a typed ApiError
 * (the call rejects with it, so a resolved call always holds data).
 */
export function createPortalClient(options: PortalClientOptions): PortalClient {
  const { getToken, getLanguage, getActingFor, onDevMode, onDevNow, onError } = options;
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: withTimeout(
      options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ),
  });

  const report = (error: ApiError): ApiError => {
    onError?.(error);
    return error;
  };

  const middleware: Middleware = {
    onRequest({ request, schemaPath }) {
      request.headers.set('X-Requested-With', 'XMLHttpRequest');
      request.headers.set('Accept-Language', getLanguage?.() ?? 'fi');
      const token = getToken?.();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      const person = getActingFor?.() ?? null;
      if (person !== null && ACTING_FOR_CALLS.has(`${request.method} ${schemaPath}`))
        request.headers.set('X-Acting-For', String(person));
      return request;
    },
    async onResponse({ request, response }) {
      const devMode = response.headers.get('x-dev-mode');
      if (devMode !== null) onDevMode?.(devMode === 'true');
      const devNow = response.headers.get('x-dev-now');
      if (devNow !== null) onDevNow?.(devNow);
      if (!response.ok) {
        throw report(errorFromResponse(response, await readBody(response), request));
      }
      return undefined;
    },
    onError({ request, error }) {
      if (isApiError(error)) return report(error);
      return report(new NetworkError({ method: request.method, url: request.url, cause: error }));
    },
  };
  client.use(middleware);
  return client;
}
