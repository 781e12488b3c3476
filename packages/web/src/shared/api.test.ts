import { createPortalClient } from '@portal/sdk';
import { createPortalQueryHooks } from '@portal/sdk/query';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { queryKeyOf } from './api.tsx';

describe('query keys', () => {
  const $api = createPortalQueryHooks(createPortalClient({ baseUrl: 'http://127.0.0.1' }));

  test('a path’s key is the prefix of every query of that path, whatever its parameters', () => {
    const queryClient = new QueryClient();
    const first = $api.queryOptions('get', '/api/admin/patients', {
      params: { query: { page: 1 } },
    });
    const second = $api.queryOptions('get', '/api/admin/patients', {
      params: { query: { page: 2, search: 'Virtanen' } },
    });
    const other = $api.queryOptions('get', '/api/admin/coupons');
    for (const options of [first, second, other]) queryClient.setQueryData(options.queryKey, {});
    const matched = queryClient
      .getQueryCache()
      .findAll({ queryKey: queryKeyOf('/api/admin/patients') })
      .map((query) => query.queryKey);
    expect(matched).toEqual([first.queryKey, second.queryKey]);
  });

  test('only a GET path of the contract has a key', () => {
    expect(queryKeyOf('/api/anamnesis')).toEqual(['get', '/api/anamnesis']);
    // @ts-expect-error: the contract has no such path
    queryKeyOf('/api/anamnesiz');
    // @ts-expect-error: cancelling is a POST, never cached
    queryKeyOf('/api/reservations/{id}/cancel');
  });
});
