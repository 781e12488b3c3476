import { describe } from 'vitest';
import type { Scenario } from './scenario.ts';
import { parityServers, testScenarios } from './servers.ts';
import { guardiansPersons } from './steps.ts';

/**
 * Acting for another person over both transports (issue 55): the guardian's persons, a child's
 * visits through `X-Acting-For`, a visit the 15-year-old hid from the guardian absent, and a
 * person not offered refused alike. (A family booking is in booking.test.ts.)
 */

const forPerson = (id: unknown) => ({ 'X-Acting-For': String(id) });

const scenarios: Scenario[] = [
  {
    name: 'a guardian acts for the children',
    statuses: [200, 200, 200, 404, 403, 200],
    steps: [
      guardiansPersons,
      {
        name: "Aino's upcoming visits, as her guardian",
        run: ({ client, memory }) =>
          client('guardian').GET('/api/reservations', {
            params: { query: { group: 'future' } },
            headers: forPerson(memory.aino),
          }),
      },
      {
        name: "Eetu's upcoming visits, as his guardian: the hidden one absent",
        run: ({ client, memory }) =>
          client('guardian').GET('/api/reservations', {
            params: { query: { group: 'future' } },
            headers: forPerson(memory.eetu),
          }),
      },
      {
        name: "Eetu's hidden visit read by its id, as his guardian",
        run: async ({ client, memory }) => {
          // Eetu's own list names the visit he hid; his guardian reads it as if it did not exist.
          const own = await client('minor').GET('/api/reservations', {
            params: { query: { group: 'future' } },
          });
          const hidden = own.data?.find((visit) => visit.hiddenFromGuardians);
          return client('guardian').GET('/api/reservations/{id}', {
            params: { path: { id: hidden?.id ?? 0 } },
            headers: forPerson(memory.eetu),
          });
        },
      },
      {
        name: 'a person the guardian is not offered',
        run: ({ client }) =>
          client('guardian').GET('/api/reservations', {
            params: { query: { group: 'future' } },
            headers: forPerson(1),
          }),
      },
      {
        name: "the guardian's own visits, without the header",
        run: ({ client }) =>
          client('guardian').GET('/api/reservations', { params: { query: { group: 'future' } } }),
      },
    ],
  },
];

const servers = parityServers();

describe('Fastify and MSW answer alike', () => {
  testScenarios(servers, scenarios);
});
