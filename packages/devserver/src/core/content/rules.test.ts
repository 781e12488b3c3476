import { describe, expect, test } from 'vitest';
import { createHarness } from '../../../test/harness.ts';
import { ruleProblems } from './rules.ts';

type Rule = { id: number; description: string; status: string; updatedAt: string };

describe('rules', () => {
  test('Staff see every rule, most recently updated first', async () => {
    const h = createHarness();
    const { status, json } = await h.call('listRules', { as: 'content-manager' });
    expect(status).toBe(200);
    const rules = json as Rule[];
    expect(rules.length).toBeGreaterThanOrEqual(5);
    expect(rules.length).toBeLessThanOrEqual(8);
    const times = rules.map((r) => Date.parse(r.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(rules.map((r) => r.status))).toEqual(new Set(['active', 'inactive']));
  });

  test('The status filter keeps only active or only inactive rules', async () => {
    const h = createHarness();
    const all = (await h.call('listRules', { as: 'admin' })).json as Rule[];
    const active = (await h.call('listRules', { as: 'admin', query: { status: 'active' } }))
      .json as Rule[];
    const inactive = (await h.call('listRules', { as: 'admin', query: { status: 'inactive' } }))
      .json as Rule[];
    expect(active.every((r) => r.status === 'active')).toBe(true);
    expect(inactive.every((r) => r.status === 'inactive')).toBe(true);
    expect(active.length + inactive.length).toBe(all.length);
    const bad = await h.call('listRules', { as: 'admin', query: { status: 'paused' } });
    expect(bad.status).toBe(400);
    expect(bad.json.Errors[0].field).toBe('status');
  });

  test('A created rule is stored with the clock’s time and listed first', async () => {
    const h = createHarness();
    const body = { description: 'Peruuttamatta jätetty käynti laskutetaan.', status: 'active' };
    const created = await h.call('createRule', { as: 'content-manager', body });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ ...body, updatedAt: '2026-11-23T10:00:00+02:00' });
    const list = (await h.call('listRules', { as: 'admin' })).json as Rule[];
    expect(list[0]).toEqual(created.json);
    expect((await h.call('getRule', { as: 'admin', path: { id: created.json.id } })).json).toEqual(
      created.json,
    );
  });

  test('Updating a rule deactivates it and moves it to the top', async () => {
    const h = createHarness();
    h.state.clock.set(new Date('2026-12-01T09:30:00+02:00'));
    const updated = await h.call('updateRule', {
      as: 'admin',
      path: { id: 1 },
      body: { description: 'Ajan voi perua maksutta 24 h ennen.', status: 'inactive' },
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toEqual({
      id: 1,
      description: 'Ajan voi perua maksutta 24 h ennen.',
      status: 'inactive',
      updatedAt: '2026-12-01T09:30:00+02:00',
    });
    const list = (await h.call('listRules', { as: 'admin', query: { status: 'inactive' } }))
      .json as Rule[];
    expect(list[0]!.id).toBe(1);
  });

  test('A deleted rule is gone, and unknown rules answer 404', async () => {
    const h = createHarness();
    expect((await h.call('deleteRule', { as: 'admin', path: { id: 2 } })).status).toBe(204);
    expect((await h.call('getRule', { as: 'admin', path: { id: 2 } })).status).toBe(404);
    expect((await h.call('deleteRule', { as: 'admin', path: { id: 2 } })).status).toBe(404);
    const update = await h.call('updateRule', {
      as: 'admin',
      path: { id: 2 },
      body: { description: 'x', status: 'active' },
    });
    expect(update.status).toBe(404);
  });

  test('A rule needs a description and a known status', async () => {
    const h = createHarness();
    const { status, json } = await h.call('createRule', {
      as: 'admin',
      body: { description: '   ', status: 'sometimes' },
    });
    expect(status).toBe(400);
    expect(json.Errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'description',
      'status',
    ]);
    expect(ruleProblems({ description: '\t', status: 'active' })).toEqual([
      { field: 'description', message: 'rule.descriptionRequired' },
    ]);
    expect(ruleProblems({ description: 'ok', status: 'paused' })).toEqual([
      { field: 'status', message: 'validation.choice' },
    ]);
  });

  test('The seed holds the cancellation and no-show rules', async () => {
    const h = createHarness();
    const texts = ((await h.call('listRules', { as: 'admin' })).json as Rule[]).map(
      (r) => r.description,
    );
    expect(texts.some((t) => t.includes('24 tuntia'))).toBe(true);
    expect(texts.some((t) => t.includes('Peruuttamatta'))).toBe(true);
  });
});
