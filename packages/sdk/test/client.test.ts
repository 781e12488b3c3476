import { http, HttpResponse, delay, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  ApiError,
  BadRequestError,
  ConflictError,
  MaintenanceError,
  NetworkError,
  TimeoutError,
  TooManyRequestsError,
  UnauthorizedError,
  createPortalClient,
  type Language,
  type PortalClientOptions,
} from '../src/index.ts';

const BASE = 'http://portal.test';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const user = {
  Id: 1001,
  WebRole: 'patient',
  TermsAccepted: true,
  PrivacyPolicyAccepted: true,
  EmailMarketingEnabled: false,
  SmsMarketingEnabled: false,
  AreasOfInterests: [],
  OwnBranchId: null,
  OwnEmployeeId: null,
  ShouldShowProfilePage: false,
  Person: {
    FirstName: 'Maija',
    LastName: 'Meikäläinen',
    SSN: '131052-308T',
    PhoneNumber: null,
    EmailAddress: null,
  },
};

function client(options: Partial<PortalClientOptions> = {}) {
  return createPortalClient({ baseUrl: BASE, ...options });
}

function captureHeaders(): { headers: Headers[] } {
  const seen: { headers: Headers[] } = { headers: [] };
  server.use(
    http.get(`${BASE}/api/me`, ({ request }) => {
      seen.headers.push(request.headers);
      return HttpResponse.json(user);
    }),
  );
  return seen;
}

function answer(status: number, body: JsonBodyType, headers: Record<string, string> = {}) {
  server.use(http.get(`${BASE}/api/me`, () => HttpResponse.json(body, { status, headers })));
}

describe('request headers', () => {
  test('every request says X-Requested-With: XMLHttpRequest', async () => {
    const seen = captureHeaders();
    await client().GET('/api/me');
    expect(seen.headers[0]?.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  test('Accept-Language follows the current UI language at the time of each call', async () => {
    const seen = captureHeaders();
    let language: Language = 'sv';
    const api = client({ getLanguage: () => language });
    await api.GET('/api/me');
    language = 'en';
    await api.GET('/api/me');
    expect(seen.headers.map((h) => h.get('Accept-Language'))).toEqual(['sv', 'en']);
  });

  test('X-Acting-For names the person acted for on the calls the contract marks, and on no other', async () => {
    const seen: string[] = [];
    const record = ({ request }: { request: Request }) => {
      seen.push(
        `${request.method} ${new URL(request.url).pathname} ${request.headers.get('X-Acting-For')}`,
      );
      return HttpResponse.json([]);
    };
    server.use(
      http.get(`${BASE}/api/reservations`, record),
      http.post(`${BASE}/api/reservations/:id/cancel`, record),
      http.get(`${BASE}/api/me`, record),
    );
    let person: number | null = 312;
    const api = client({ getActingFor: () => person });
    await api.GET('/api/reservations', { params: { query: { group: 'future' } } });
    await api.POST('/api/reservations/{id}/cancel', { params: { path: { id: 5 } } });
    await api.GET('/api/me');
    person = null;
    await api.GET('/api/reservations', { params: { query: { group: 'future' } } });
    expect(seen).toEqual([
      'GET /api/reservations 312',
      'POST /api/reservations/5/cancel 312',
      'GET /api/me null',
      'GET /api/reservations null',
    ]);
  });

  test('Accept-Language is fi when no language is known', async () => {
    const seen = captureHeaders();
    await client().GET('/api/me');
    expect(seen.headers[0]?.get('Accept-Language')).toBe('fi');
  });

  test('Authorization carries the stored token, and is absent without one', async () => {
    const seen = captureHeaders();
    let token: string | null = 'abc123';
    const api = client({ getToken: () => token });
    await api.GET('/api/me');
    token = null;
    await api.GET('/api/me');
    expect(seen.headers[0]?.get('Authorization')).toBe('Bearer abc123');
    expect(seen.headers[1]?.has('Authorization')).toBe(false);
  });
});

describe('x-dev-now', () => {
  test('the dev clock of a response is handed to onDevNow, error answers included', async () => {
    const onDevNow = vi.fn();
    answer(200, user, { 'x-dev-mode': 'true', 'x-dev-now': '2027-01-04T09:00:00+02:00' });
    await client({ onDevNow }).GET('/api/me');
    answer(
      401,
      { UserMessage: 'Log in', Code: 'unauthorized' },
      { 'x-dev-mode': 'true', 'x-dev-now': '2027-01-04T09:00:05+02:00' },
    );
    await expect(client({ onDevNow }).GET('/api/me')).rejects.toBeInstanceOf(UnauthorizedError);
    expect(onDevNow.mock.calls).toEqual([
      ['2027-01-04T09:00:00+02:00'],
      ['2027-01-04T09:00:05+02:00'],
    ]);
  });

  test('outside dev mode there is no header and no call', async () => {
    const onDevNow = vi.fn();
    answer(200, user, { 'x-dev-mode': 'false' });
    await client({ onDevNow }).GET('/api/me');
    expect(onDevNow).not.toHaveBeenCalled();
  });
});

describe('x-dev-mode', () => {
  test('the header of every response is handed to onDevMode', async () => {
    const onDevMode = vi.fn();
    answer(200, user, { 'x-dev-mode': 'true' });
    await client({ onDevMode }).GET('/api/me');
    answer(401, { UserMessage: 'Log in', Code: 'unauthorized' }, { 'x-dev-mode': 'false' });
    await expect(client({ onDevMode }).GET('/api/me')).rejects.toBeInstanceOf(UnauthorizedError);
    expect(onDevMode.mock.calls).toEqual([[true], [false]]);
  });

  test('a response without the header leaves the flag alone', async () => {
    const onDevMode = vi.fn();
    answer(200, user);
    await client({ onDevMode }).GET('/api/me');
    expect(onDevMode).not.toHaveBeenCalled();
  });
});

describe('typed errors', () => {
  test('a success resolves with the typed body', async () => {
    answer(200, user);
    const { data } = await client().GET('/api/me');
    expect(data?.Person.FirstName).toBe('Maija');
  });

  test('400 rejects with BadRequestError carrying UserMessage and field errors', async () => {
    const onError = vi.fn();
    answer(400, {
      UserMessage: 'Check the fields',
      Code: 'validation-failed',
      Errors: [
        { field: 'phone', errorMessage: 'Invalid phone' },
        { field: 'email', errorMessage: 'Invalid email' },
      ],
    });
    const error = await client({ onError })
      .GET('/api/me')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    const bad = error as BadRequestError;
    expect(bad.kind).toBe('bad-request');
    expect(bad.userMessage).toBe('Check the fields');
    expect(bad.message).toBe('Check the fields');
    expect(bad.code).toBe('validation-failed');
    expect(bad.fieldError('phone')).toBe('Invalid phone');
    expect(bad.fieldError('email')).toBe('Invalid email');
    expect(bad.fieldError('street')).toBeUndefined();
    expect(onError).toHaveBeenCalledWith(error);
  });

  test('400 invalid-campaign-code carries the problem and its date', async () => {
    answer(400, {
      UserMessage: 'The campaign code is not valid.',
      Code: 'invalid-campaign-code',
      Problem: 'expired',
      ProblemDate: '2025-12-31',
      Errors: [{ field: 'code', errorMessage: 'Valid until 31.12.2025.' }],
    });
    const error = await client()
      .GET('/api/me')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).problem).toBe('expired');
    expect((error as BadRequestError).problemDate).toBe('2025-12-31');
  });

  test('400 without a known problem has none', async () => {
    answer(400, {
      UserMessage: 'Not valid',
      Code: 'invalid-voucher',
      Problem: 'lost-in-the-mail',
      ProblemDate: 'yesterday',
    });
    const error = await client()
      .GET('/api/me')
      .catch((e: unknown) => e);
    expect((error as BadRequestError).problem).toBeUndefined();
    expect((error as BadRequestError).problemDate).toBeUndefined();
  });

  test('401 rejects with UnauthorizedError', async () => {
    answer(401, { UserMessage: 'Please log in again.', Code: 'unauthorized' });
    const error = await client()
      .GET('/api/me')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as ApiError).status).toBe(401);
  });

  test('503 rejects with MaintenanceError carrying the start time', async () => {
    answer(503, {
      UserMessage: 'Maintenance',
      Code: 'maintenance',
      MaintenanceStartsAt: '2026-11-22T20:00:00+02:00',
    });
    const error = await client()
      .GET('/api/me')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MaintenanceError);
    expect((error as MaintenanceError).startsAt).toBe('2026-11-22T20:00:00+02:00');
  });

  test('409 already-redeemed carries the date of use', async () => {
    answer(409, {
      UserMessage: 'Already used',
      Code: 'already-redeemed',
      RedeemedAt: '2026-11-01T10:00:00+02:00',
    });
    const error = await client()
      .GET('/api/me')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe('already-redeemed');
    expect((error as ConflictError).redeemedAt).toBe('2026-11-01T10:00:00+02:00');
  });

  test('409 duplicate-reservation carries the reservation it would duplicate; a malformed one is left out', async () => {
    const existing = { id: 1024, status: 'confirmed', startTime: '2026-12-01T09:00:00+02:00' };
    answer(409, {
      UserMessage: 'You already have a time booked for the same service',
      Code: 'duplicate-reservation',
      ExistingReservation: existing,
    });
    const error = await client()
      .GET('/api/me')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe('duplicate-reservation');
    expect((error as ConflictError).existingReservation).toEqual(existing);
    answer(409, { UserMessage: 'x', Code: 'duplicate-reservation', ExistingReservation: 'x' });
    const malformed = await client()
      .GET('/api/me')
      .catch((e: unknown) => e);
    expect((malformed as ConflictError).existingReservation).toBeUndefined();
  });

  test('409 of a family booking names the member it is about; anything but a whole index is left out', async () => {
    answer(409, { UserMessage: 'Taken', Code: 'slot-taken', ProblemIndex: 2 });
    const error = await client()
      .GET('/api/me')
      .catch((e: unknown) => e);
    expect((error as ConflictError).problemIndex).toBe(2);
    for (const ProblemIndex of [-1, 1.5, '1']) {
      answer(409, { UserMessage: 'Taken', Code: 'slot-taken', ProblemIndex });
      const malformed = await client()
        .GET('/api/me')
        .catch((e: unknown) => e);
      expect((malformed as ConflictError).problemIndex).toBeUndefined();
    }
  });

  test('429 carries Retry-After in seconds', async () => {
    answer(429, { UserMessage: 'Slow down', Code: 'too-many-requests' }, { 'Retry-After': '42' });
    const error = await client()
      .GET('/api/me')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect((error as TooManyRequestsError).retryAfterSeconds).toBe(42);
  });

  test.each([
    [403, 'forbidden'],
    [404, 'not-found'],
    [413, 'payload-too-large'],
    [415, 'unsupported-media-type'],
    [422, 'client-error'],
    [500, 'server-error'],
    [502, 'server-error'],
  ] as const)('%i rejects with kind %s', async (status, kind) => {
    answer(status, { UserMessage: 'No', Code: 'forbidden' });
    const error = await client()
      .GET('/api/me')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe(kind);
    expect((error as ApiError).status).toBe(status);
  });

  test('an error without a JSON body still rejects with a useful message', async () => {
    server.use(http.get(`${BASE}/api/me`, () => new HttpResponse('Bad gateway', { status: 502 })));
    const error = (await client()
      .GET('/api/me')
      .catch((e: unknown) => e)) as ApiError;
    expect(error.userMessage).toBeUndefined();
    expect(error.body).toBe('Bad gateway');
    expect(error.message).toContain('server-error');
    expect(error.fieldErrors).toEqual([]);
  });

  test('a network failure rejects with NetworkError and reaches onError', async () => {
    const onError = vi.fn();
    server.use(http.get(`${BASE}/api/me`, () => HttpResponse.error()));
    const error = await client({ onError })
      .GET('/api/me')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(onError).toHaveBeenCalledWith(error);
  });
});

describe('timeout', () => {
  function hangingFetch(): typeof fetch {
    return (input, init) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = input instanceof Request ? input.signal : init?.signal;
        if (signal?.aborted) reject(signal.reason as Error);
        signal?.addEventListener('abort', () => reject(signal.reason as Error));
      });
  }

  test('a call with no answer rejects with TimeoutError after exactly 30 000 ms', async () => {
    vi.useFakeTimers();
    try {
      const onError = vi.fn();
      const settled = vi.fn();
      const call = client({ fetch: hangingFetch(), onError }).GET('/api/me');
      const outcome = call.catch((e: unknown) => e).finally(settled);
      await vi.advanceTimersByTimeAsync(29_999);
      expect(settled).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      const error = await outcome;
      expect(error).toBeInstanceOf(TimeoutError);
      expect((error as TimeoutError).timeoutMs).toBe(30_000);
      expect(onError).toHaveBeenCalledWith(error);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a call that answers in time leaves no timer behind', async () => {
    vi.useFakeTimers();
    try {
      const fetchNow: typeof fetch = () => Promise.resolve(Response.json(user));
      const { data } = await client({ fetch: fetchNow }).GET('/api/me');
      expect(data?.Id).toBe(1001);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a slow but in-time answer over the network is not cut', async () => {
    server.use(
      http.get(`${BASE}/api/me`, async () => {
        await delay(50);
        return HttpResponse.json(user);
      }),
    );
    const { data } = await client({ timeoutMs: 1000 }).GET('/api/me');
    expect(data?.Id).toBe(1001);
  });

  test("a caller's own abort is not reported as a timeout", async () => {
    const controller = new AbortController();
    const call = client({ fetch: hangingFetch() }).GET('/api/me', { signal: controller.signal });
    controller.abort(new Error('navigated away'));
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(TimeoutError);
  });

  test('the 30 s are the time to the answer: a long body (an event stream) is read past them', async () => {
    vi.useFakeTimers();
    try {
      let seen: AbortSignal | undefined;
      const streaming: typeof fetch = (input) => {
        seen = (input as Request).signal;
        return Promise.resolve(
          new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } }),
        );
      };
      const controller = new AbortController();
      const { data } = await client({ fetch: streaming }).GET(
        '/api/chat/conversations/{id}/events',
        { params: { path: { id: 3 } }, parseAs: 'stream', signal: controller.signal },
      );
      expect(data).toBeInstanceOf(ReadableStream);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(seen?.aborted).toBe(false);
      // The caller's abort still reaches the request whose body is being read.
      controller.abort(new Error('left the conversation'));
      expect(seen?.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
