import { describe } from 'vitest';
import { profileBody } from '../harness.ts';
import type { Scenario } from './scenario.ts';
import { parityServers, testScenarios } from './servers.ts';
import { day } from './steps.ts';

/** Signing in, chat hours, staff roles, the profile, terms and maintenance over both transports. */

const scenarios: Scenario[] = [
  {
    name: 'logging in and reading the user',
    statuses: [200, 401, 401, 403],
    steps: [
      { name: 'getMe as patient', run: ({ client }) => client('patient').GET('/api/me') },
      { name: 'getMe anonymous', run: ({ client }) => client(null).GET('/api/me') },
      {
        name: 'getMe with an unknown token',
        run: ({ client }) => client('not-a-token').GET('/api/me'),
      },
      {
        name: 'first login sees terms pending',
        run: ({ client }) =>
          client('first-login').GET('/api/reservations', {
            params: { query: { group: 'future' } },
          }),
      },
    ],
  },
  {
    name: 'chat outside opening hours',
    statuses: [200, 200, 200, 409, 200],
    steps: [
      { name: 'open status', run: ({ client }) => client('patient').GET('/api/chat/status') },
      {
        name: 'evening',
        run: ({ client }) =>
          client(null).PUT('/api/dev/clock', {
            body: { now: '2026-11-23T17:00:00+02:00', frozen: true },
          }),
      },
      { name: 'closed status', run: ({ client }) => client('patient').GET('/api/chat/status') },
      {
        name: 'start refused',
        run: ({ client }) =>
          client('patient').POST('/api/chat/conversations', {
            body: { topicId: 1, message: 'Hei' },
          }),
      },
      { name: 'archive', run: ({ client }) => client('patient').GET('/api/chat/conversations') },
    ],
  },
  {
    name: 'staff operations and roles',
    statuses: [403, 403, 200, 403, 201, 200],
    steps: [
      {
        name: 'patients as patient',
        run: ({ client }) => client('patient').GET('/api/admin/patients'),
      },
      {
        name: 'patients as content manager',
        run: ({ client }) => client('content-manager').GET('/api/admin/patients'),
      },
      {
        name: 'patients as admin',
        run: ({ client }) =>
          client('admin').GET('/api/admin/patients', { params: { query: { search: 'meik' } } }),
      },
      {
        name: 'article as patient',
        run: ({ client }) =>
          client('patient').POST('/api/admin/articles', {
            body: { title: 'x', content: '<p>x</p>', author: 'x', published: true },
          }),
      },
      {
        name: 'article as content manager',
        run: ({ client }) =>
          client('content-manager').POST('/api/admin/articles', {
            body: { title: 'Uutinen', content: '<p>Sisältö</p>', author: 'Sanna', published: true },
          }),
      },
      { name: 'rules', run: ({ client }) => client('content-manager').GET('/api/admin/rules') },
    ],
  },
  {
    name: 'profile, terms and maintenance',
    statuses: [200, 204, 400, 200, 503, 200, 204, 401],
    steps: [
      {
        name: 'terms',
        run: ({ client }) => client(null).GET('/api/terms'),
        remember: (data, memory) => void (memory.terms = data.version),
      },
      {
        name: 'accept terms',
        run: ({ client, memory }) =>
          client('first-login').POST('/api/user/accept/terms', {
            body: { version: String(memory.terms) },
          }),
      },
      {
        name: 'profile with a bad email',
        run: ({ client }) =>
          client('patient').PUT('/api/patients/{id}/profile', {
            params: { path: { id: 1 } },
            body: profileBody({ email: 'nope', phone: '040 123 4567' }),
          }),
      },
      {
        name: 'maintenance on',
        run: ({ client }) => client(null).PUT('/api/dev/maintenance', { body: { active: true } }),
      },
      {
        name: 'availability during maintenance',
        run: ({ client }) =>
          client(null).GET('/api/availability/month', {
            params: {
              query: {
                branchIds: [1],
                reasonId: 1,
                customerType: 'private',
                month: day(2).slice(0, 7),
              },
            },
          }),
      },
      { name: 'config during maintenance', run: ({ client }) => client(null).GET('/api/config') },
      { name: 'delete account', run: ({ client }) => client('survey').DELETE('/api/patients/') },
      { name: 'deleted user', run: ({ client }) => client('survey').GET('/api/me') },
    ],
  },
];

const servers = parityServers();

describe('Fastify and MSW answer alike', () => {
  testScenarios(servers, scenarios);
});
