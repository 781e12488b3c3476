import { indexContract } from '@portal/sdk/contract';
import { describe, expect, test } from 'vitest';
import { createMockApi, createMswHandlers } from '../../src/msw/node.ts';
import { TEST_NOW } from '../harness.ts';
import { parityServers } from './servers.ts';

/** MSW serves the whole contract, as Fastify does (test/app/contract.test.ts). */

const servers = parityServers();

describe('Fastify and MSW answer alike', () => {
  test('every operation of the contract has an MSW handler', async () => {
    // A server of its own: walking every operation also calls reset and the clock controls.
    const origin = 'http://walk.portal.test';
    servers.mock.server.use(
      ...createMswHandlers(createMockApi({ now: TEST_NOW }), { baseUrl: origin }),
    );
    const missing: string[] = [];
    for (const operation of indexContract().operations) {
      // A wait (the outbox's next message) answers at once.
      const wait = operation.parameters.some((p) => p.name === 'timeoutSeconds');
      const url = `${origin}${operation.path.replace(/\{[^}]+\}/g, '1')}${wait ? '?timeoutSeconds=0' : ''}`;
      const response = await fetch(url, { method: operation.method });
      const body = (await response.json().catch(() => ({}))) as { Code?: string };
      // A handled request answers from the pipeline: a contract error body or a documented success.
      if (response.status === 404 && body.Code !== 'not-found')
        missing.push(`${operation.method} ${operation.path}`);
    }
    servers.mock.server.resetHandlers();
    expect(missing).toEqual([]);
  });
});
