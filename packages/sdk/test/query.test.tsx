// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { BadRequestError, createPortalClient } from '../src/index.ts';
import { createPortalQueryHooks } from '../src/query.ts';

const BASE = 'http://portal.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function setup() {
  const $api = createPortalQueryHooks(createPortalClient({ baseUrl: BASE }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { $api, wrapper };
}

const branch = {
  Id: 3,
  Name: 'Helsinki Kamppi',
  Enabled: true,
  Address: { Street: 'Urho Kekkosen katu 1', PostalCode: '00100', City: 'Helsinki' },
  Latitude: 60.1687,
  Longitude: 24.9316,
};

test('useQuery returns the typed body of a contract operation', async () => {
  server.use(http.get(`${BASE}/api/branches`, () => HttpResponse.json([branch])));
  const { $api, wrapper } = setup();
  const { result } = renderHook(() => $api.useQuery('get', '/api/branches'), { wrapper });
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  expect(result.current.data?.[0]?.Address.City).toBe('Helsinki');
});

test('a failed query exposes the typed ApiError', async () => {
  server.use(
    http.get(`${BASE}/api/branches`, () =>
      HttpResponse.json({ UserMessage: 'Nope', Code: 'bad-request' }, { status: 400 }),
    ),
  );
  const { $api, wrapper } = setup();
  const { result } = renderHook(() => $api.useQuery('get', '/api/branches'), { wrapper });
  await waitFor(() => expect(result.current.isError).toBe(true));
  expect(result.current.error).toBeInstanceOf(BadRequestError);
  expect((result.current.error as unknown as BadRequestError).userMessage).toBe('Nope');
});
