import { describe, expect, test } from 'vitest';
import { MAIJA } from '../harness.ts';
import type { Scenario, Step } from './scenario.ts';
import { MOCK_ORIGIN, parityServers, testScenarios } from './servers.ts';
import { booking } from './steps.ts';

/** QA's controls over both transports: sandboxes, faults, the journal and the outbox. */

/** The header that sends a call to a sandbox. */
const inSandbox = (name: string) => ({ 'X-Dev-Sandbox': name });
const SANDBOX_NOW = { now: '2026-12-01T10:00:00+02:00', frozen: true };

/** The live sandboxes' names and which one answered (their times are real time: left out). */
function sandboxNames(from: string | null): Step['run'] {
  return async ({ client }) => {
    const answer = await client(null).GET('/api/dev/sandboxes', {
      headers: from ? inSandbox(from) : {},
    });
    const data = answer.data && {
      current: answer.data.current,
      names: answer.data.items.map((item) => `${item.name} ${item.now} ${item.frozen}`),
      sandboxHeader: answer.response.headers.get('x-dev-sandbox'),
    };
    return { ...answer, data };
  };
}

const scenarios: Scenario[] = [
  {
    name: 'sandboxes: isolated from each other and from the shared state',
    statuses: [200, 200, 200, 200, 200, 200, 200, 401, 200, 201, 201, 409, 400, 200, 204, 200, 204],
    steps: [
      {
        name: 'a: freeze the clock',
        run: ({ client }) =>
          client(null).PUT('/api/dev/clock', { body: SANDBOX_NOW, headers: inSandbox('a') }),
      },
      {
        name: 'b: freeze the clock',
        run: ({ client }) =>
          client(null).PUT('/api/dev/clock', { body: SANDBOX_NOW, headers: inSandbox('b') }),
      },
      {
        name: 'b: close the chat',
        run: ({ client }) =>
          client(null).PUT('/api/dev/scenarios/{name}', {
            params: { path: { name: 'chat-closed' } },
            body: { enabled: true },
            headers: inSandbox('b'),
          }),
      },
      {
        name: 'a: its scenarios (all off)',
        run: ({ client }) => client(null).GET('/api/dev/scenarios', { headers: inSandbox('a') }),
      },
      {
        name: 'the shared clock (not moved)',
        run: ({ client }) => client(null).GET('/api/dev/clock'),
      },
      {
        name: 'a: sign in',
        run: ({ client }) =>
          client(null).POST('/api/dev/session', {
            body: { user: 'patient' },
            headers: inSandbox('a'),
          }),
        remember: (data, memory) => {
          memory.tokenA = data.access_token;
        },
      },
      {
        name: 'b: sign in',
        run: ({ client }) =>
          client(null).POST('/api/dev/session', {
            body: { user: 'patient' },
            headers: inSandbox('b'),
          }),
        remember: (data, memory) => {
          memory.tokenB = data.access_token;
        },
      },
      {
        name: "a: the shared state's token opens nothing",
        run: ({ client }) => client('patient').GET('/api/me', { headers: inSandbox('a') }),
      },
      {
        name: 'a: day slots',
        run: ({ client }) =>
          client(null).GET('/api/availability/day', {
            params: {
              query: { branchIds: [2], reasonId: 1, customerType: 'private', date: '2026-12-03' },
            },
            headers: inSandbox('a'),
          }),
        remember: (data, memory) => {
          memory.sandboxKey = data.slots[0].key;
        },
      },
      {
        name: 'a: book the first',
        run: ({ client, memory }) =>
          client(String(memory.tokenA)).POST('/api/reservations', {
            body: booking(String(memory.sandboxKey), MAIJA, true),
            headers: inSandbox('a'),
          }),
      },
      {
        name: 'b: book the same time',
        run: ({ client, memory }) =>
          client(String(memory.tokenB)).POST('/api/reservations', {
            body: booking(String(memory.sandboxKey), MAIJA, true),
            headers: inSandbox('b'),
          }),
      },
      {
        name: 'a: the same time again',
        run: ({ client, memory }) =>
          client(String(memory.tokenA)).POST('/api/reservations', {
            body: booking(String(memory.sandboxKey), MAIJA, true),
            headers: inSandbox('a'),
          }),
      },
      {
        name: 'a name that is not one',
        run: ({ client }) => client(null).GET('/api/dev/clock', { headers: inSandbox('-a') }),
      },
      {
        name: 'the sandboxes',
        run: sandboxNames('a'),
      },
      {
        name: 'drop b',
        run: ({ client }) =>
          client(null).DELETE('/api/dev/sandboxes/{name}', { params: { path: { name: 'b' } } }),
      },
      {
        name: 'the sandboxes without b',
        run: sandboxNames(null),
      },
      {
        name: 'drop a',
        run: ({ client }) =>
          client(null).DELETE('/api/dev/sandboxes/{name}', { params: { path: { name: 'a' } } }),
      },
    ],
  },
  {
    name: 'faults, the journal and the outbox wait',
    statuses: [204, 201, 503, 200, 200, 200, 204, 200, 204],
    steps: [
      {
        name: 'empty the journal',
        run: ({ client }) => client(null).DELETE('/api/dev/journal'),
      },
      {
        name: 'a 503 for the next branch list',
        run: ({ client }) =>
          client(null).POST('/api/dev/faults', {
            body: { operationId: 'listBranches', status: 503, times: 1 },
          }),
      },
      {
        name: 'the branch list fails',
        run: ({ client }) => client(null).GET('/api/branches'),
      },
      {
        name: 'and then answers',
        run: async ({ client }) => {
          const answer = await client(null).GET('/api/branches');
          return { ...answer, data: answer.data?.length };
        },
      },
      {
        name: 'the fault is used up',
        run: ({ client }) => client(null).GET('/api/dev/faults'),
      },
      {
        name: 'the journal',
        run: async ({ client }) => {
          const answer = await client(null).GET('/api/dev/journal', {
            params: { query: { path: '/api/*' } },
          });
          const data = answer.data && {
            total: answer.data.total,
            items: answer.data.items.map((e) => `${e.method} ${e.url} ${e.status} ${e.user}`),
          };
          return { ...answer, data };
        },
      },
      {
        name: 'empty the outbox',
        run: ({ client }) => client(null).DELETE('/api/dev/outbox'),
      },
      {
        name: 'no reminder comes',
        run: async ({ client }) => {
          const answer = await client(null).GET('/api/dev/outbox/next', {
            params: { query: { kind: 'reminder', timeoutSeconds: 0 } },
          });
          return { ...answer, data: answer.data?.message };
        },
      },
      {
        name: 'remove every fault',
        run: ({ client }) => client(null).DELETE('/api/dev/faults'),
      },
    ],
  },
];

const servers = parityServers();

describe('Fastify and MSW answer alike', () => {
  testScenarios(servers, scenarios);

  test('both drop the connection of a request a fault strikes', async () => {
    for (const origin of [servers.httpOrigin, MOCK_ORIGIN]) {
      const added = await fetch(`${origin}/api/dev/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ operationId: 'getConfig', drop: true, times: 1 }),
      });
      expect(added.status, origin).toBe(201);
      await expect(fetch(`${origin}/api/config`), origin).rejects.toThrow();
      expect((await fetch(`${origin}/api/config`)).status, origin).toBe(200);
    }
  });
});
