import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../../src/http/app.ts';
import { createMockServer } from '../../src/msw/node.ts';
import { createSeededState } from '../../src/core/seed.ts';
import { TEST_NOW } from '../harness.ts';
import { runScenario, type Scenario } from './scenario.ts';

/** Where the MSW server answers (Fastify listens on a free local port). */
export const MOCK_ORIGIN = 'http://mock.portal.test';

/** The two transports a parity test file compares, started for the file. */
export interface ParityServers {
  readonly httpOrigin: string;
  readonly mock: ReturnType<typeof createMockServer>;
}

/**
 * Fastify and the MSW server, each on its own seeded state at the frozen test clock, started
 * before a file's first test and closed after its last: a file's scenarios run in order on the
 * same two states, as a tester's steps would. Each test file calls this once at its top: the
 * files of a worker share one module registry (`isolate: false`), so hooks registered when this
 * module is first loaded would belong to whichever file loaded it first.
 */
export function parityServers(): ParityServers {
  let app: FastifyInstance | undefined;
  let httpOrigin = '';
  let mock: ReturnType<typeof createMockServer> | undefined;
  beforeAll(async () => {
    app = await buildApp({ state: createSeededState({ now: TEST_NOW }), webRoot: null });
    httpOrigin = await app.listen({ port: 0, host: '127.0.0.1' });
    mock = createMockServer({ now: TEST_NOW, baseUrl: MOCK_ORIGIN });
    mock.server.listen({ onUnhandledRequest: 'bypass' });
  });
  afterAll(async () => {
    mock?.server.close();
    await app?.close();
  });
  return {
    get httpOrigin() {
      return httpOrigin;
    },
    get mock() {
      if (!mock) throw new Error('the parity servers start before the first test');
      return mock;
    },
  };
}

/** A dev session's token for a test user, from either transport. */
export async function devLogin(origin: string, user: string): Promise<string> {
  const response = await fetch(`${origin}/api/dev/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * One test per scenario, named by it: the scenario runs over HTTP and over MSW, answers the
 * statuses it names (so it cannot pass by failing alike), and MSW answers as Fastify did.
 */
export function testScenarios(servers: ParityServers, scenarios: readonly Scenario[]): void {
  test.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
    const { httpOrigin } = servers;
    const overHttp = await runScenario(scenario, httpOrigin, (user) => devLogin(httpOrigin, user));
    const overMsw = await runScenario(scenario, MOCK_ORIGIN, (user) => devLogin(MOCK_ORIGIN, user));
    expect(overHttp.map((o) => `${o.step}: ${o.status}`)).toEqual(
      scenario.steps.map((step, i) => `${step.name}: ${scenario.statuses[i]}`),
    );
    expect(overMsw).toEqual(overHttp);
  });
}
