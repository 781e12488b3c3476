import { describe, expect, test } from 'vitest';
import { createHarness } from '../../../test/harness.ts';
import type { OperationId } from '@portal/sdk/contract';

const creations: { operation: OperationId; body: unknown }[] = [
  {
    operation: 'createArticle',
    body: { title: 'Uutinen', content: '<p>Teksti</p>', author: 'Sanna', published: false },
  },
  {
    operation: 'createEvent',
    body: { title: 'Teemapäivä', body: '<p>Teksti</p>', date: '2027-01-18', published: false },
  },
  { operation: 'createRule', body: { description: 'Sääntö', status: 'active' } },
];

describe('who may manage content', () => {
  for (const { operation, body } of creations) {
    test(`A patient cannot call ${operation}`, async () => {
      const h = createHarness();
      const { status, json } = await h.call(operation, { as: 'patient', body });
      expect(status).toBe(403);
      expect(json.Code).toBe('forbidden');
    });

    test(`A content manager and an admin can call ${operation}`, async () => {
      const h = createHarness();
      expect((await h.call(operation, { as: 'content-manager', body })).status).toBe(201);
      expect((await h.call(operation, { as: 'admin', body })).status).toBe(201);
    });

    test(`An anonymous caller of ${operation} must log in`, async () => {
      const h = createHarness();
      const { status, json } = await h.call(operation, { body });
      expect(status).toBe(401);
      expect(json.Code).toBe('unauthorized');
    });
  }

  test('A patient cannot read the staff lists', async () => {
    const h = createHarness();
    for (const operation of ['adminListArticles', 'adminListEvents', 'listRules'] as const)
      expect((await h.call(operation, { as: 'patient' })).status).toBe(403);
    expect((await h.call('adminGetArticle', { as: 'patient', path: { id: 9 } })).status).toBe(403);
  });

  test('News and events need a signed-in user', async () => {
    const h = createHarness();
    expect((await h.call('listArticles')).status).toBe(401);
    expect((await h.call('listEvents')).status).toBe(401);
  });

  test('Content keeps working during a maintenance break', async () => {
    const h = createHarness();
    h.state.settings.maintenance = { active: true, startsAt: null };
    expect((await h.call('listArticles', { as: 'patient' })).status).toBe(200);
    expect((await h.call('listEvents', { as: 'patient' })).status).toBe(200);
  });
});
