import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '@portal/devserver/http';
import { createDevClient, DevCallError } from '../src/index.ts';

let app: Awaited<ReturnType<typeof buildApp>>;
let baseURL: string;

beforeAll(async () => {
  app = await buildApp({ webRoot: null });
  baseURL = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
});

describe('the dev client', () => {
  test('works in its own sandbox: clock, sign-in, scenarios, faults, outbox, journal, drop', async () => {
    const mine = createDevClient({ baseURL, sandbox: 'qa-client-a' });
    const other = createDevClient({ baseURL, sandbox: 'qa-client-b' });
    const shared = createDevClient({ baseURL });

    expect(await mine.clock.freeze('2026-12-24T12:00:00+02:00')).toMatchObject({
      now: '2026-12-24T12:00:00+02:00',
      frozen: true,
      sandbox: 'qa-client-a',
    });
    expect((await mine.clock.advance(3600)).now).toBe('2026-12-24T13:00:00+02:00');
    expect((await other.clock.get()).frozen).toBe(false);
    expect((await shared.clock.get()).sandbox).toBeNull();

    const token = await mine.signIn('patient');
    const me = (client: string | null) =>
      fetch(`${baseURL}/api/me`, {
        headers: {
          Authorization: `Bearer ${token}`,
          ...(client ? { 'X-Dev-Sandbox': client } : {}),
        },
      });
    expect((await me('qa-client-a')).status).toBe(200);
    expect((await me('qa-client-b')).status).toBe(401);

    expect(await mine.scenario('chat-closed')).toMatchObject({
      name: 'chat-closed',
      enabled: true,
    });
    const fault = await mine.faults.add({ operationId: 'getConfig', status: 503, times: 1 });
    expect(await mine.faults.list()).toEqual([fault]);
    const refused = await fetch(`${baseURL}/api/config`, {
      headers: { 'X-Dev-Sandbox': 'qa-client-a' },
    });
    expect(refused.status).toBe(503);
    expect(await mine.faults.list()).toEqual([]);

    expect(await mine.outbox.list()).toEqual([]);
    expect(await mine.outbox.next({ kind: 'reminder', timeoutSeconds: 0 })).toBeNull();
    const journal = await mine.journal.list({ path: '/api/config' });
    expect(journal.items.map((entry) => entry.status)).toEqual([503]);
    await mine.journal.clear();

    await mine.drop();
    await mine.drop(); // gone already: nothing to do
    expect((await mine.clock.get()).frozen).toBe(false);
    await mine.reset(new Date('2026-12-01T06:00:00Z'));
    expect(await mine.clock.get()).toMatchObject({ frozen: true });
    expect(Date.parse((await mine.clock.get()).now)).toBe(Date.parse('2026-12-01T06:00:00Z'));
    await mine.reset();
    expect((await mine.clock.get()).frozen).toBe(false);
  });

  test('a refused call throws with the server’s answer', async () => {
    const dev = createDevClient({ baseURL, sandbox: 'qa-client-c' });
    const error = await dev.faults
      .add({ operationId: 'noSuchOperation', status: 500 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DevCallError);
    expect(error).toMatchObject({ call: 'addDevFault', status: 400 });
    const bad = createDevClient({ baseURL, sandbox: '-not a name' });
    await expect(bad.clock.get()).rejects.toMatchObject({ status: 400 });
  });
});
