/** What the gate needs of a window: its `fetch` and where the page is. */
type FetchScope = { fetch: typeof fetch; location: Pick<Location, 'href' | 'origin'> };

/**
 * Holds the page's calls to its own `/api/` until `ready` settles (mock mode, main.tsx). MSW's
 * service worker answers a page's requests only once that page has started it; a call made
 * before (a test's `fetch` right after a reload, as the page loads) would go past it to the
 * static server and get the app's HTML. Other requests go at once; once `ready` has settled,
 * the page's `fetch` is the browser's own again (a mock API that failed to start lets the held
 * calls through, to fail where they can be seen).
 */
export function holdApiCalls(ready: Promise<unknown>, scope: FetchScope = window): void {
  const own = scope.fetch;
  const send: typeof fetch = (input, init) => own.call(scope, input, init);
  const held: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), scope.location.href);
    const api = url.origin === scope.location.origin && url.pathname.startsWith('/api/');
    if (!api) return send(input, init);
    return ready.then(
      () => send(input, init),
      () => send(input, init),
    );
  };
  scope.fetch = held;
  const restore = () => {
    if (scope.fetch === held) scope.fetch = own;
  };
  ready.then(restore, restore);
}
