import { createMockServer } from '@portal/devserver/msw/node';
import type { Schemas } from '@portal/sdk';
import { cleanup, render, type RenderResult } from '@testing-library/react';
// Installs the jsdom stand-ins (ResizeObserver, matchMedia…) that Radix needs.
import '../../ui/test-utils.tsx';
import { App } from '../app.tsx';
import { createAppServices, type AppServices } from '../services.ts';

export type TestUser = Schemas['DevSessionRequest']['user'];

export interface TestApp extends RenderResult {
  services: AppServices;
  mock: ReturnType<typeof createMockServer>;
  origin: string;
}

let running: { stop: () => void; close: () => void } | null = null;

/** Stops the app and the mock server of the last `renderApp` (call in afterEach). */
export function stopApp(): void {
  cleanup();
  running?.stop();
  running?.close();
  running = null;
}

/** A dev-session token for a test user, from the mock server. */
export async function devToken(origin: string, user: TestUser): Promise<string> {
  const response = await fetch(`${origin}/api/dev/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ user }),
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

/**
 * Renders the whole app at `path` against the dev server's MSW handlers (`onUnhandledRequest:
 * 'error'`), optionally signed in as a test user.
 */
export async function renderApp(
  path: string,
  options: {
    user?: TestUser;
    mock?: Parameters<typeof createMockServer>[0];
    /** sessionStorage entries to start with. */
    sessionStorage?: Record<string, string>;
  } = {},
): Promise<TestApp> {
  stopApp();
  const origin = window.location.origin;
  const mock = createMockServer({ baseUrl: origin, ...options.mock });
  mock.server.listen({ onUnhandledRequest: 'error' });
  localStorage.clear();
  sessionStorage.clear();
  for (const [key, value] of Object.entries(options.sessionStorage ?? {})) {
    sessionStorage.setItem(key, value);
  }
  if (options.user) localStorage.setItem('access_token', await devToken(origin, options.user));
  localStorage.setItem('devMode', 'false');
  window.history.replaceState(null, '', path);
  const services = createAppServices({ baseUrl: origin });
  const stop = services.start();
  running = { stop, close: () => mock.server.close() };
  const utils = render(<App services={services} />);
  return { ...utils, services, mock, origin };
}
