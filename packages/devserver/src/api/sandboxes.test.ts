import { describe, expect, test } from 'vitest';
import { createHarness } from '../../test/harness.ts';
import { snapshotState } from '../core/snapshot.ts';
import {
  NEW_SANDBOXES_PER_MINUTE,
  requestedSandbox,
  SANDBOX_IDLE_MS,
  SANDBOXES_PER_CLIENT,
} from './sandboxes.ts';

/** A harness with sandboxes on a real-time source the test moves. */
function sandboxHarness(options: { max?: number; newPerMinute?: number; devMode?: boolean } = {}) {
  let real = Date.parse('2026-11-27T09:00:00+02:00');
  const h = createHarness({
    devMode: options.devMode,
    realNow: () => real,
    sandboxes: { max: options.max, newPerMinute: options.newPerMinute, realNow: () => real },
  });
  return {
    h,
    passRealTime: (ms: number) => {
      real += ms;
    },
  };
}

const sandbox = (name: string) => ({ headers: { 'X-Dev-Sandbox': name } });

describe('requestedSandbox', () => {
  test('the header, else the cookie, else none', () => {
    expect(requestedSandbox({ 'x-dev-sandbox': ' qa-1 ' })).toBe('qa-1');
    expect(requestedSandbox({ cookie: 'i18next=sv; X-Dev-Sandbox=qa%2D2; other=1' })).toBe('qa-2');
    expect(requestedSandbox({ 'x-dev-sandbox': 'h', cookie: 'X-Dev-Sandbox=c' })).toBe('h');
    expect(requestedSandbox({ cookie: 'x-dev-sandbox=lowercase-is-another-cookie' })).toBeNull();
    expect(requestedSandbox({ cookie: 'X-Dev-Sandbox=' })).toBeNull();
    expect(requestedSandbox({})).toBeNull();
  });
});

describe('sandboxes', () => {
  test('each has its own clock, scenarios and data; the shared state is untouched', async () => {
    const { h } = sandboxHarness();
    const sharedNow = (await h.call('getDevClock')).json.now;
    const set = await h.call('setDevClock', {
      body: { now: '2026-12-24T12:00:00+02:00', frozen: true },
      ...sandbox('a'),
    });
    expect(set.json).toMatchObject({ now: '2026-12-24T12:00:00+02:00', sandbox: 'a' });
    expect(set.headers['x-dev-sandbox']).toBe('a');
    await h.call('setDevScenario', {
      path: { name: 'no-free-slots' },
      body: { enabled: true },
      ...sandbox('b'),
    });

    const clockB = await h.call('getDevClock', sandbox('b'));
    expect(clockB.json).toMatchObject({ sandbox: 'b', frozen: false });
    const shared = await h.call('getDevClock');
    expect(shared.json).toMatchObject({ now: sharedNow, sandbox: null });
    expect(shared.headers['x-dev-sandbox']).toBeUndefined();
    const enabled = async (name?: string) =>
      (await h.call('listDevScenarios', name ? sandbox(name) : {})).json
        .filter((s: { enabled: boolean }) => s.enabled)
        .map((s: { name: string }) => s.name);
    expect(await enabled('b')).toEqual(['no-free-slots']);
    expect(await enabled('a')).toEqual([]);
    expect(await enabled()).toEqual([]);

    // A session of the shared state opens nothing in a sandbox, and the other way round.
    const sharedToken = h.tokenFor('patient');
    expect((await h.call('getMe', { token: sharedToken, ...sandbox('a') })).status).toBe(401);
    const signIn = await h.call('createDevSession', { body: { user: 'patient' }, ...sandbox('a') });
    const token = signIn.json.access_token as string;
    expect((await h.call('getMe', { token, ...sandbox('a') })).status).toBe(200);
    expect((await h.call('getMe', { token })).status).toBe(401);
    expect((await h.call('getMe', { token, ...sandbox('b') })).status).toBe(401);

    // A reset in a sandbox resets that sandbox only.
    await h.call('resetDevState', sandbox('b'));
    expect(await enabled('b')).toEqual([]);
    expect((await h.call('getDevClock', sandbox('a'))).json.now).toBe('2026-12-24T12:00:00+02:00');
  });

  test('the cookie selects a sandbox as the header does', async () => {
    const { h } = sandboxHarness();
    await h.call('setDevClock', {
      body: { now: '2026-12-24T12:00:00+02:00', frozen: true },
      headers: { cookie: 'i18next=fi; X-Dev-Sandbox=browser' },
    });
    const clock = await h.call('getDevClock', sandbox('browser'));
    expect(clock.json).toMatchObject({ now: '2026-12-24T12:00:00+02:00', sandbox: 'browser' });
  });

  test('a name that is not one is refused in the caller’s language', async () => {
    const { h } = sandboxHarness();
    for (const name of ['-x', 'a b', 'ä', 'x'.repeat(65), '../etc']) {
      const answer = await h.call('getDevClock', {
        headers: { 'X-Dev-Sandbox': name, 'Accept-Language': 'fi' },
      });
      expect(answer.status, name).toBe(400);
      expect(answer.json).toMatchObject({
        Code: 'bad-request',
        UserMessage: expect.stringContaining('Hiekkalaatikon nimi (X-Dev-Sandbox) ei kelpaa'),
      });
    }
    expect((await h.call('listDevSandboxes')).json.items).toEqual([]);
  });

  test('an idle sandbox is dropped and starts again from the seed', async () => {
    const { h, passRealTime } = sandboxHarness();
    await h.call('setDevScenario', {
      path: { name: 'chat-closed' },
      body: { enabled: true },
      ...sandbox('a'),
    });
    passRealTime(SANDBOX_IDLE_MS - 1);
    await h.call('getDevClock', sandbox('b'));
    expect(
      (await h.call('listDevSandboxes')).json.items.map((s: { name: string }) => s.name),
    ).toEqual(['a', 'b']);
    passRealTime(1);
    const list = (await h.call('listDevSandboxes')).json;
    expect(list).toMatchObject({ current: null, idleMinutes: 60, max: 100 });
    expect(list.items.map((s: { name: string }) => s.name)).toEqual(['b']);
    const scenarios = (await h.call('listDevScenarios', sandbox('a'))).json;
    expect(scenarios.find((s: { name: string }) => s.name === 'chat-closed').enabled).toBe(false);
  });

  test('beyond the limit, a new name is refused with 429 sandboxes-full and when to try again; no sandbox in use is dropped for it', async () => {
    const { h, passRealTime } = sandboxHarness({ max: 2 });
    await h.call('getDevClock', sandbox('first'));
    passRealTime(1000);
    await h.call('getDevClock', sandbox('second'));
    passRealTime(1000);
    await h.call('getDevClock', sandbox('first'));
    passRealTime(1000);
    // The refusal is the API description's, for any operation (not one operation's own answer).
    const refused = await h.call('listDevSandboxes', { ...sandbox('third'), unchecked: true });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      UserMessage:
        'All 2 sandboxes are in use, and none in use is dropped for a new one. Try again once one has been idle for an hour, or use an existing name.',
      Code: 'sandboxes-full',
    });
    // 'second' was used 2 s ago: idle in an hour less 2 s.
    expect(refused.headers['Retry-After']).toBe(String(SANDBOX_IDLE_MS / 1000 - 2));
    const list = await h.call('listDevSandboxes');
    expect(list.json.items.map((s: { name: string }) => s.name)).toEqual(['first', 'second']);
    expect(list.json.items[0]).toMatchObject({
      createdAt: '2026-11-27T09:00:00+02:00',
      lastUsedAt: '2026-11-27T09:00:02+02:00',
    });
    // Both named ones still answer; once 'second' is idle, the new name is taken.
    expect((await h.call('getDevClock', sandbox('second'))).status).toBe(200);
    passRealTime(SANDBOX_IDLE_MS);
    await h.call('getDevClock', sandbox('first'));
    expect((await h.call('listDevSandboxes', sandbox('third'))).json.current).toBe('third');
  });

  test(`one client address keeps at most ${SANDBOXES_PER_CLIENT} sandboxes and starts at most ${NEW_SANDBOXES_PER_MINUTE} new names a minute: beyond, 429 and why; its own names and other clients go on`, async () => {
    const { h, passRealTime } = sandboxHarness();
    // A refusal is the API description's, for any operation (not one operation's own answer).
    const from = (client: string, name: string) =>
      h.call('getDevClock', { ...sandbox(name), client, unchecked: true });
    for (let i = 0; i < SANDBOXES_PER_CLIENT; i++)
      expect((await from('203.0.113.1', `churn-${i}`)).status).toBe(200);
    const many = await from('203.0.113.1', 'one-more');
    expect(many.status).toBe(429);
    expect(many.json).toEqual({
      UserMessage:
        'This address already has 25 sandboxes in use. Drop the ones you no longer need (DELETE /api/dev/sandboxes/…) or use them again.',
      Code: 'sandboxes-full',
    });
    expect((await from('203.0.113.1', 'churn-0')).status).toBe(200);
    expect((await from('203.0.113.2', 'another-tester')).status).toBe(200);

    // Dropping some makes room, but not beyond 30 new names in the minute.
    for (let i = 0; i < 10; i++)
      await h.call('dropDevSandbox', { path: { name: `churn-${i}` }, client: '203.0.113.1' });
    passRealTime(10_000);
    for (let i = 0; i < NEW_SANDBOXES_PER_MINUTE - SANDBOXES_PER_CLIENT; i++)
      expect((await from('203.0.113.1', `again-${i}`)).status).toBe(200);
    const fast = await from('203.0.113.1', 'one-more');
    expect(fast.status).toBe(429);
    expect(fast.json.UserMessage).toBe(
      'Too many new sandboxes from this address in a minute. Wait a moment, or use the same name again.',
    );
    // The first of the minute's names was made 10 s ago.
    expect(fast.headers['Retry-After']).toBe('50');
    passRealTime(50_000);
    expect((await from('203.0.113.1', 'one-more')).status).toBe(200);
  });

  test('a server started for a test suite may allow more new names a minute (--sandboxes-per-minute): a sandbox per test, dropped after it', async () => {
    const { h } = sandboxHarness({ newPerMinute: 200 });
    const from = (client: string, name: string) =>
      h.call('getDevClock', { ...sandbox(name), client, unchecked: true });
    // Three times the default within one minute, each dropped after use as the e2e's tests do.
    for (let i = 0; i < NEW_SANDBOXES_PER_MINUTE * 3; i++) {
      expect((await from('127.0.0.1', `e2e-test-${i}`)).status).toBe(200);
      await h.call('dropDevSandbox', { path: { name: `e2e-test-${i}` }, client: '127.0.0.1' });
    }
    // The live limit per client stays.
    for (let i = 0; i < SANDBOXES_PER_CLIENT; i++)
      expect((await from('127.0.0.1', `kept-${i}`)).status).toBe(200);
    expect((await from('127.0.0.1', 'one-more')).status).toBe(429);
  });

  test('a new sandbox is a copy of the seed laid within the last minute: the data a new seed would have, and rows of its own', async () => {
    const { h, passRealTime } = sandboxHarness();
    await h.call('getDevClock', sandbox('laid'));
    passRealTime(30_000);
    await h.call('getDevClock', sandbox('copied'));
    const tables = (name: string) => {
      const { tables: all } = snapshotState(h.api.sandboxes!.stateOf(name)!);
      return all;
    };
    // The seed at the first one's moment, as a state file keeps it (plain JSON).
    expect(JSON.parse(JSON.stringify(tables('copied')))).toEqual(
      JSON.parse(JSON.stringify(tables('laid'))),
    );
    const copied = h.api.sandboxes!.stateOf('copied')!;
    const laid = h.api.sandboxes!.stateOf('laid')!;
    expect(copied.db.user.getAll()[0]).not.toBe(laid.db.user.getAll()[0]);
    const employee = copied.db.employee.getAll()[0]!;
    expect(employee.branchIds).not.toBe(laid.db.employee.getAll()[0]!.branchIds);
    // A booking in one is not in the other.
    const token = (
      await h.call('createDevSession', { body: { user: 'patient' }, ...sandbox('copied') })
    ).json.access_token as string;
    await h.call('cancelReservation', { token, path: { id: 1002 }, ...sandbox('copied') });
    expect(copied.db.reservation.getAll().find((r) => r.id === 1002)?.status).toBe('cancelled');
    expect(laid.db.reservation.getAll().find((r) => r.id === 1002)?.status).not.toBe('cancelled');
  });

  test('a dropped sandbox is forgotten; dropping it again answers 404', async () => {
    const { h } = sandboxHarness();
    await h.call('setDevClock', {
      body: { now: '2026-12-24T12:00:00+02:00', frozen: true },
      ...sandbox('a'),
    });
    expect((await h.call('dropDevSandbox', { path: { name: 'a' } })).status).toBe(204);
    const again = await h.call('dropDevSandbox', { path: { name: 'a' } });
    expect(again.status).toBe(404);
    expect(again.json.Code).toBe('not-found');
    expect((await h.call('getDevClock', sandbox('a'))).json.frozen).toBe(false);
  });

  test('without dev mode the header is ignored, as a real server would', async () => {
    const { h } = sandboxHarness({ devMode: false });
    const answer = await h.call('getMe', { as: 'patient', ...sandbox('a') });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-dev-sandbox']).toBeUndefined();
    expect(h.api.sandboxes?.list()).toEqual([]);
  });

  test('a sandbox’s writes never reach the persistence hook', async () => {
    const { h } = sandboxHarness();
    let changes = 0;
    h.api.onChange = () => {
      changes += 1;
    };
    await h.call('resetDevState', sandbox('a'));
    await h.call('createDevSession', { body: { user: 'patient' }, ...sandbox('a') });
    expect(changes).toBe(0);
    await h.call('resetDevState');
    expect(changes).toBe(1);
  });
});
