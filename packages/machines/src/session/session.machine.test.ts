import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deferredActor, settle } from '../testing/deferred-actor.ts';
import { unauthorized, user } from '../testing/fixtures.ts';
import { refreshSession } from './refresh-session.ts';
import type { StorageKey, User } from './session.machine.ts';
import { STORAGE_KEYS, sessionMachine } from './session.machine.ts';

function startSession({
  storedToken = null as string | null,
  path = '/profile',
}: { storedToken?: string | null; path?: string } = {}) {
  const storage = new Map<StorageKey, string>();
  if (storedToken !== null) storage.set(STORAGE_KEYS.accessToken, storedToken);
  const loadUser = deferredActor<User>();
  const logout = deferredActor<unknown>();
  const navigate = vi.fn<(to: string) => void>();
  const logError = vi.fn<(message: string, error: unknown) => void>();
  const getPath = vi.fn(() => path);
  const machine = sessionMachine.provide({
    actors: {
      readStorage: fromPromise(async ({ input }: { input: { key: StorageKey } }) => {
        return storage.get(input.key) ?? null;
      }),
      loadUser: loadUser.logic,
      logout: logout.logic,
      getPath: fromPromise(async () => getPath()),
    },
    actions: {
      writeStorage: (_, params) => {
        storage.set(params.key, params.value);
      },
      removeStorage: (_, params) => {
        storage.delete(params.key);
      },
      navigate: (_, params) => navigate(params.to),
      logError: (_, params) => logError(params.message, params.error),
    },
  });
  const actor = createActor(machine).start();
  return { actor, storage, loadUser, logout, navigate, logError, getPath };
}

async function signedInSession(options: { path?: string } = {}) {
  const session = startSession({ storedToken: 'token-1', ...options });
  await settle();
  session.loadUser.last().resolve(user);
  await settle();
  expect(session.actor.getSnapshot().value).toBe('signedIn');
  return session;
}

describe('restoring the session', () => {
  test('A stored token loads the user before routes render', async () => {
    const { actor, loadUser } = startSession({ storedToken: 'token-1' });
    expect(actor.getSnapshot().matches('restoring')).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ restoring: 'loadingUser' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);

    loadUser.last().resolve(user);
    await settle();

    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.user).toEqual(user);
    expect(actor.getSnapshot().context.token).toBe('token-1');
  });

  test('Without a stored token the session is signed out and no user is loaded', async () => {
    const { actor, loadUser } = startSession();
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(loadUser.calls).toHaveLength(0);
  });

  test('An empty stored token counts as no token', async () => {
    const { actor, loadUser } = startSession({ storedToken: '' });
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(loadUser.calls).toHaveLength(0);
  });

  test('Failing to load the user clears the session', async () => {
    const { actor, loadUser } = startSession({ storedToken: 'token-1' });
    await settle();
    const error = new Error('offline');
    loadUser.last().reject(error);
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(actor.getSnapshot().context.error).toBe(error);
  });

  test('A failure to read the storage is logged and the session is signed out', async () => {
    const logError = vi.fn();
    const actor = createActor(
      sessionMachine.provide({
        actors: { readStorage: fromPromise(() => Promise.reject(new Error('denied'))) },
        actions: { logError: (_, params) => logError(params.error) },
      }),
    ).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(logError).toHaveBeenCalledWith(new Error('denied'));
  });
});

describe('logging in', () => {
  test('Logging in with a token stores it and loads the user', async () => {
    const { actor, storage, loadUser } = startSession();
    await settle();
    actor.send({ type: 'session.login', token: 'fresh' });
    expect(storage.get('access_token')).toBe('fresh');
    expect(actor.getSnapshot().value).toBe('signingIn');
    loadUser.last().resolve(user);
    await settle();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.user).toEqual(user);
  });

  test('A login whose user cannot be loaded ends signed out with the error', async () => {
    const { actor, loadUser } = startSession();
    await settle();
    actor.send({ type: 'session.login', token: 'fresh' });
    loadUser.last().reject(new Error('boom'));
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toEqual(new Error('boom'));
  });
});

describe('refreshing', () => {
  test('Refreshing with a given user sets it without calling the server', async () => {
    const { actor, loadUser } = await signedInSession();
    const changed = { ...user, SmsMarketingEnabled: true };
    actor.send({ type: 'session.refresh', user: changed });
    expect(actor.getSnapshot().context.user).toEqual(changed);
    expect(loadUser.calls).toHaveLength(1);
  });

  test('Refreshing without a user loads it from the server', async () => {
    const { actor, loadUser } = await signedInSession();
    actor.send({ type: 'session.refresh' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    const changed = { ...user, OwnBranchId: 9 };
    loadUser.last().resolve(changed);
    await settle();
    expect(actor.getSnapshot().context.user).toEqual(changed);
  });

  test('A failed refresh clears the user and rejects the caller', async () => {
    const { actor, loadUser } = await signedInSession();
    const pending = refreshSession(actor);
    const error = new Error('me failed');
    loadUser.last().reject(error);
    await expect(pending).rejects.toBe(error);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  test('refreshSession resolves with the loaded user', async () => {
    const { actor, loadUser } = await signedInSession();
    const pending = refreshSession(actor);
    loadUser.last().resolve(user);
    await expect(pending).resolves.toEqual(user);
  });

  test('refreshSession with a user resolves with that user at once', async () => {
    const { actor } = await signedInSession();
    const changed = { ...user, WebRole: 'admin' };
    await expect(refreshSession(actor, changed)).resolves.toEqual(changed);
  });

  test('A refresh sent while a logout runs is rejected', async () => {
    const { actor, logout } = await signedInSession();
    actor.send({ type: 'session.logout' });
    const pending = refreshSession(actor);
    logout.last().resolve(undefined);
    await expect(pending).rejects.toThrow('not accepted');
  });

  test('A new refresh forgets the error of the previous one', async () => {
    const { actor, loadUser } = await signedInSession();
    actor.send({ type: 'session.refresh' });
    loadUser.last().reject(new Error('first'));
    await settle();
    actor.send({ type: 'session.refresh' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('logging out', () => {
  test('Logout with a token calls the server, removes the token, clears the user and goes to /login', async () => {
    const { actor, logout, storage, navigate } = await signedInSession();
    actor.send({ type: 'session.logout' });
    expect(logout.calls).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
    logout.last().resolve(undefined);
    await settle();
    expect(storage.has('access_token')).toBe(false);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  test('A failed logout call is only logged and the logout continues', async () => {
    const { actor, logout, storage, navigate, logError } = await signedInSession();
    actor.send({ type: 'session.logout' });
    logout.last().reject(new Error('503'));
    await settle();
    expect(logError).toHaveBeenCalledWith('The logout call failed', new Error('503'));
    expect(storage.has('access_token')).toBe(false);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  test('Logout without a token makes no server call but still goes to /login', async () => {
    const { actor, logout, navigate } = startSession();
    await settle();
    actor.send({ type: 'session.logout' });
    expect(logout.calls).toHaveLength(0);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  test('A second logout while one runs does not call the server again', async () => {
    const { actor, logout } = await signedInSession();
    actor.send({ type: 'session.logout' });
    actor.send({ type: 'session.logout' });
    actor.send({ type: 'api.unauthorized' });
    expect(logout.calls).toHaveLength(1);
  });
});

describe('401 answers', () => {
  test('A 401 on a private page logs out and goes to /login', async () => {
    const { actor, logout, navigate, storage } = await signedInSession({ path: '/reservations' });
    actor.send({ type: 'api.unauthorized' });
    logout.last().reject(unauthorized());
    await settle();
    expect(storage.has('access_token')).toBe(false);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  test.each([
    '/',
    '/reservation',
    '/login',
    '/maintenance',
    '/fi',
    '/fi/reservation',
    '/sv/login',
    '/en/maintenance',
    '/reservation/',
  ])('A 401 on %s logs out but stays on the page', async (path) => {
    const { actor, logout, navigate, storage } = await signedInSession({ path });
    actor.send({ type: 'api.unauthorized' });
    logout.last().resolve(undefined);
    await settle();
    expect(storage.has('access_token')).toBe(false);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(navigate).not.toHaveBeenCalled();
  });

  test('A 401 without a token skips the server call and still checks the path', async () => {
    const { actor, logout, navigate } = startSession({ path: '/chat' });
    await settle();
    actor.send({ type: 'api.unauthorized' });
    await settle();
    expect(logout.calls).toHaveLength(0);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  test('When the path cannot be read a 401 goes to /login and the failure is logged', async () => {
    const navigate = vi.fn();
    const logError = vi.fn();
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          readStorage: fromPromise<string | null, { key: StorageKey }>(async () => null),
          getPath: fromPromise(() => Promise.reject(new Error('no location'))),
        },
        actions: {
          navigate: (_, params) => navigate(params.to),
          logError: (_, params) => logError(params.message),
          removeStorage: () => undefined,
        },
      }),
    ).start();
    await settle();
    actor.send({ type: 'api.unauthorized' });
    await settle();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(logError).toHaveBeenCalledWith('Reading the current path failed');
  });

  test('A plain logout after a 401 logout goes to /login again', async () => {
    const { actor, logout, navigate } = await signedInSession({ path: '/' });
    actor.send({ type: 'api.unauthorized' });
    logout.last().resolve(undefined);
    await settle();
    expect(navigate).not.toHaveBeenCalled();
    actor.send({ type: 'session.logout' });
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});

describe('dev mode', () => {
  test.each([
    [true, 'true'],
    [false, 'false'],
  ])('An x-dev-mode of %s is stored as the string %s', async (devMode, stored) => {
    const { actor, storage } = startSession();
    await settle();
    actor.send({ type: 'api.devMode', devMode });
    expect(storage.get('devMode')).toBe(stored);
    expect(actor.getSnapshot().context.devMode).toBe(devMode);
  });
});
