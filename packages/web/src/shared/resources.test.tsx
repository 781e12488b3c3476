import { createPortalClient } from '@portal/sdk';
import { createPortalQueryHooks } from '@portal/sdk/query';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ApiContext } from './api.tsx';
import { useActiveMaintenance } from './resources.ts';

/** A configuration as GET /api/config answers it, with the maintenance state given. */
function config(maintenance: { active: boolean; startsAt: string | null }) {
  return { features: {}, languages: ['fi', 'sv', 'en'], maintenance };
}

/** Renders a reader of useActiveMaintenance; the configuration is answered when the test says. */
function renderReader() {
  let answer: (body: unknown) => void = () => undefined;
  const answered = new Promise<unknown>((resolve) => {
    answer = resolve;
  });
  const client = createPortalClient({
    baseUrl: 'http://127.0.0.1',
    fetch: async () => Response.json(await answered),
  });
  const api = { client, $api: createPortalQueryHooks(client) };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const seen: unknown[] = [];
  function Reader() {
    seen.push(useActiveMaintenance());
    return null;
  }
  render(
    <ApiContext value={api}>
      <QueryClientProvider client={queryClient}>
        <Reader />
      </QueryClientProvider>
    </ApiContext>,
  );
  return {
    seen,
    answer: async (body: unknown) => {
      await act(async () => answer(body));
      // The configuration is in the cache, and what it renders has rendered.
      await waitFor(() => {
        const query = queryClient.getQueryCache().getAll()[0];
        expect(query?.state.status).toBe('success');
      });
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    },
  };
}

describe('useActiveMaintenance', () => {
  test('a configuration without a break renders its reader no more than once', async () => {
    const reader = renderReader();
    await reader.answer(config({ active: false, startsAt: null }));
    expect(reader.seen).toEqual([undefined]);
  });

  test('a break that is on comes with its start', async () => {
    const reader = renderReader();
    await reader.answer(config({ active: true, startsAt: '2026-12-05T18:30:00+02:00' }));
    expect(reader.seen).toEqual([
      undefined,
      { active: true, startsAt: '2026-12-05T18:30:00+02:00' },
    ]);
  });
});
