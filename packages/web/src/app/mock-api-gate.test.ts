import { describe, expect, test, vi } from 'vitest';
import { holdApiCalls } from './mock-api-gate.ts';

/** A page's window as the gate sees it, with a fetch that records what it was asked for. */
function page() {
  const sent: string[] = [];
  const inits: Array<RequestInit | undefined> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(input instanceof Request ? input.url : String(input));
    inits.push(init);
    return new Response('{}', { headers: { 'content-type': 'application/json' } });
  });
  const location = new URL('http://portal.test/en/reservation');
  return { sent, inits, fetch, scope: { fetch, location } };
}

/** A promise the test settles. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { ready, open, fail };
}

describe('in mock mode, the page’s API calls before the mock API answers', () => {
  test('an early API call waits for the mock API; other requests go at once', async () => {
    const { sent, inits, fetch, scope } = page();
    const { ready, open } = gate();
    holdApiCalls(ready, scope);
    const early = scope.fetch('/api/config', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    const asRequest = scope.fetch(new Request('http://portal.test/api/me'));
    void scope.fetch('/assets/index.js');
    void scope.fetch('https://cdn.example/api/other');
    await Promise.resolve();
    expect(sent).toEqual(['/assets/index.js', 'https://cdn.example/api/other']);

    open();
    const answer = await early;
    await asRequest;
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(sent).toEqual([
      '/assets/index.js',
      'https://cdn.example/api/other',
      '/api/config',
      'http://portal.test/api/me',
    ]);
    // With the init it was given, and on its own window.
    expect(inits[2]).toEqual({ headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    expect(fetch.mock.contexts[2]).toBe(scope);
    // Once the mock API answers, the page's fetch is its own again.
    expect(scope.fetch).toBe(fetch);
  });

  test('a mock API that failed to start lets the held calls through, to fail where it shows', async () => {
    const { sent, fetch, scope } = page();
    const { ready, fail } = gate();
    holdApiCalls(ready, scope);
    const early = scope.fetch('/api/config');
    fail(new Error('no service worker'));
    await early;
    expect(sent).toEqual(['/api/config']);
    expect(scope.fetch).toBe(fetch);
  });
});
