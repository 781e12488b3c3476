import { describe, expect, test } from 'vitest';
import { createHarness } from '../../test/harness.ts';

describe('injected faults', () => {
  test('a status answers with the contract’s error body, for the next few requests only', async () => {
    const h = createHarness();
    const added = await h.call('addDevFault', {
      body: { operationId: 'listBranches', status: 503, times: 2 },
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ id: 1, status: 503, remaining: 2, hits: 0, drop: false });
    for (let i = 0; i < 2; i += 1) {
      const refused = await h.call('listBranches', { headers: { 'Accept-Language': 'fi' } });
      expect(refused.status).toBe(503);
      expect(refused.json).toMatchObject({
        Code: 'maintenance',
        MaintenanceStartsAt: expect.any(String),
      });
    }
    expect((await h.call('listBranches')).status).toBe(200);
    expect((await h.call('listDevFaults')).json).toEqual([]);
  });

  test('a path pattern and a method choose the requests; the code can be given', async () => {
    const h = createHarness();
    await h.call('addDevFault', {
      body: { path: '/api/reservations/*', method: 'POST', status: 409, code: 'not-modifiable' },
    });
    const token = h.tokenFor('patient');
    const cancel = await h.call('cancelReservation', { token, path: { id: 1002 } });
    expect(cancel.status).toBe(409);
    expect(cancel.json.Code).toBe('not-modifiable');
    // A read of the same path and another path pass.
    expect((await h.call('getReservation', { token, path: { id: 1002 } })).status).toBe(200);
    expect((await h.call('getMe', { token })).status).toBe(200);
    const [fault] = (await h.call('listDevFaults')).json;
    expect(fault).toMatchObject({
      path: '/api/reservations/*',
      method: 'POST',
      hits: 1,
      remaining: null,
    });
  });

  test('a delay holds the answer back; a drop leaves it unanswered', async () => {
    const h = createHarness();
    await h.call('addDevFault', { body: { operationId: 'getConfig', delayMs: 50 } });
    const started = performance.now();
    expect((await h.call('getConfig')).status).toBe(200);
    // At least the delay (the timer never fires early); no upper bound is asserted.
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    await h.call('clearDevFaults');
    await h.call('addDevFault', { body: { operationId: 'getConfig', drop: true } });
    const dropped = await h.call('getConfig', { unchecked: true });
    expect(dropped.drop).toBe(true);
    const journal = (await h.call('listDevJournal', { query: { path: '/api/config' } })).json;
    expect(journal.items[0]).toMatchObject({ status: 0, responseBody: null });
  });

  test('the dev controls are never faulted, a reset removes every fault, one can be removed', async () => {
    const h = createHarness();
    await h.call('addDevFault', { body: { path: '/api/*', status: 500 } });
    expect((await h.call('getMe', { as: 'patient', unchecked: true })).status).toBe(500);
    expect((await h.call('listDevFaults')).status).toBe(200);
    const second = await h.call('addDevFault', { body: { operationId: 'getConfig', drop: true } });
    expect((await h.call('removeDevFault', { path: { id: second.json.id } })).status).toBe(204);
    expect((await h.call('removeDevFault', { path: { id: second.json.id } })).status).toBe(404);
    expect((await h.call('resetDevState')).status).toBe(204);
    expect((await h.call('getMe', { as: 'patient' })).status).toBe(200);
  });

  test('a fault that names no operation the contract has, or does nothing, is refused', async () => {
    const h = createHarness();
    const typo = await h.call('addDevFault', {
      body: { operationId: 'createReservaton', status: 500 },
      headers: { 'Accept-Language': 'fi' },
    });
    expect(typo.status).toBe(400);
    expect(typo.json.Errors).toEqual([
      {
        field: 'operationId',
        errorMessage: 'Sopimuksessa ei ole tämännimistä operaatiota (operationId).',
      },
    ]);
    const idle = await h.call('addDevFault', { body: { operationId: 'getConfig', delayMs: 0 } });
    expect(idle.status).toBe(400);
    expect(idle.json.Errors[0].field).toBe('status');
    const nowhere = await h.call('addDevFault', { body: { status: 500 } });
    expect(nowhere.status).toBe(400);
    expect(nowhere.json.Errors[0].field).toBe('operationId');
  });

  test('a sandbox’s faults strike only there', async () => {
    const h = createHarness({ sandboxes: {} });
    await h.call('addDevFault', {
      body: { operationId: 'listBranches', status: 500 },
      headers: { 'X-Dev-Sandbox': 'a' },
    });
    const faulted = await h.call('listBranches', {
      headers: { 'X-Dev-Sandbox': 'a' },
      unchecked: true,
    });
    expect(faulted.status).toBe(500);
    expect((await h.call('listBranches', { headers: { 'X-Dev-Sandbox': 'b' } })).status).toBe(200);
    expect((await h.call('listBranches')).status).toBe(200);
  });
});
