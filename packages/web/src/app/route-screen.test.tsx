import { screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { loadRoute, routeOf, type AppRoute } from './routes.tsx';
import { renderApp, stopApp } from './testing/render-app.tsx';

/**
 * In the `web-isolated` project (a module registry of its own): no route's code is loaded before
 * this file renders one.
 */
afterEach(() => {
  vi.useRealTimers();
  stopApp();
});

/** Lets the promises, the React work they schedule (not timers) and its effects run. */
async function settleWithoutTimers(): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

test('a page whose code comes after the first render shows as soon as it is in, no timer between', async () => {
  const about = routeOf('/about') as AppRoute;
  await renderApp('/en/about');
  expect(
    await screen.findByRole('status', { name: 'Loading the page…' }, { timeout: 15_000 }),
  ).toBeInTheDocument();
  // From here no timer fires: React holds back what replaces a Suspense fallback with one (for
  // 300 ms, however soon the code came), which the page must not wait for.
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean })
    .IS_REACT_ACT_ENVIRONMENT;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await loadRoute(about);
    await settleWithoutTimers();
  } finally {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT =
      actEnvironment;
  }
  expect(screen.getByRole('heading', { level: 1, name: 'About the service' })).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Loading the page…' })).toBeNull();
});
