import { createPortalClient } from '@portal/sdk';
import { describe, expect, test, vi } from 'vitest';
import { withCallsInTasksOfTheirOwn, yieldToMain } from './yield.ts';

describe('calls in tasks of their own', () => {
  test('yieldToMain resolves after the task running now, with timers faked too', async () => {
    vi.useFakeTimers();
    try {
      const order: string[] = [];
      const yielded = yieldToMain().then(() => order.push('after the yield'));
      await Promise.resolve();
      order.push('rest of the task');
      await yielded;
      expect(order).toEqual(['rest of the task', 'after the yield']);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a call is sent in a later task, and answers as the client does', async () => {
    const fetch = vi.fn(async () => Response.json({ features: {} }));
    const client = withCallsInTasksOfTheirOwn(
      createPortalClient({ baseUrl: 'http://127.0.0.1', fetch }),
    );
    const answer = client.GET('/api/config');
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    const { data } = await answer;
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(data).toEqual({ features: {} });
    // The rest of the client is the client's own.
    expect(typeof client.use).toBe('function');
  });
});
