import { setupServer } from 'msw/node';
import { afterEach, describe, expect, test } from 'vitest';
import { createMockApi, createMswHandlers } from '../src/msw/node.ts';
import { keepStateIn, type MockStateStorage } from '../src/msw/storage.ts';
import { TEST_NOW } from './harness.ts';

const ORIGIN = 'http://127.0.0.1:4320';
const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

let server: ReturnType<typeof setupServer> | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

/** A page load of the mock mode: a fresh API from the seed that keeps its state in `storage`. */
function pageLoad(storage: MockStateStorage) {
  server?.close();
  const api = createMockApi({ now: TEST_NOW });
  keepStateIn(api, storage);
  server = setupServer(...createMswHandlers(api, { baseUrl: ORIGIN }));
  server.listen({ onUnhandledRequest: 'error' });
  return api;
}

function memory(): MockStateStorage & { text: string | null } {
  const store = {
    text: null as string | null,
    load: () => store.text,
    save: (text: string) => {
      store.text = text;
    },
  };
  return store;
}

describe('the mock mode keeps its state between page loads', () => {
  test('a login and a clock set survive a reload; a reset goes back to the seed', async () => {
    const storage = memory();
    pageLoad(storage);
    const session = await fetch(`${ORIGIN}/api/dev/session`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ user: 'patient' }),
    });
    const { access_token: token } = (await session.json()) as { access_token: string };
    await fetch(`${ORIGIN}/api/dev/clock`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ now: '2026-12-24T12:00:00+02:00', frozen: true }),
    });
    expect(storage.text).not.toBeNull();

    pageLoad(storage);
    const me = await fetch(`${ORIGIN}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    const clock = (await (await fetch(`${ORIGIN}/api/dev/clock`)).json()) as { now: string };
    expect(clock.now).toBe('2026-12-24T12:00:00+02:00');

    await fetch(`${ORIGIN}/api/dev/reset`, { method: 'POST', headers });
    pageLoad(storage);
    const after = await fetch(`${ORIGIN}/api/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
  });

  test('a stored state it cannot read is left for the seed', async () => {
    const storage = memory();
    storage.text = '{"format":"something else"}';
    const api = pageLoad(storage);
    expect(api.state.db.user.count()).toBeGreaterThan(0);
  });

  test('links and logins use the page’s own origin', async () => {
    pageLoad(memory());
    const bank = await fetch(`${ORIGIN}/api/auth/bank`, {
      method: 'POST',
      headers: { ...headers, origin: ORIGIN },
      body: JSON.stringify({ bankId: 2, returnPath: '/fi' }),
    });
    const { redirectUrl } = (await bank.json()) as { redirectUrl: string };
    expect(redirectUrl.startsWith(`${ORIGIN}/dev/bank-broker?`)).toBe(true);
  });
});
