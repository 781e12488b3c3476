import { describe, expect, test } from 'vitest';
import { contractTools, createHarness, profileBody } from './harness.ts';

const { index } = contractTools();

describe('access rules, walked over the whole contract', () => {
  test('every staff operation is refused to a patient with 403', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const staffOnly = index.operations.filter((o) => !o.isPublic && !o.roles.includes('patient'));
    expect(staffOnly.length).toBeGreaterThan(20);
    const allowed: string[] = [];
    for (const operation of staffOnly) {
      const path = Object.fromEntries(
        operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, 1]),
      );
      const { status } = await h.call(operation.operationId, {
        token,
        path,
        body: {},
        unchecked: true,
      });
      if (status !== 403) allowed.push(`${operation.operationId}: ${status}`);
    }
    expect(allowed).toEqual([]);
  });

  test('admin-only operations are refused to a content manager', async () => {
    const h = createHarness();
    const token = h.tokenFor('content-manager');
    const adminOnly = index.operations.filter(
      (o) => o.roles.length === 1 && o.roles[0] === 'admin',
    );
    expect(adminOnly.map((o) => o.operationId).sort()).toEqual(
      [
        'adminListAccessLog',
        'deletePatient',
        'exportMarketingConsents',
        'getPatient',
        'listPatients',
        'updatePatient',
        'verifyAccessLog',
      ].sort(),
    );
    for (const operation of adminOnly) {
      const path = Object.fromEntries(
        operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, 1]),
      );
      expect(
        (await h.call(operation.operationId, { token, path, body: {}, unchecked: true })).status,
      ).toBe(403);
    }
  });

  test('every patient resource is refused to another patient', async () => {
    const h = createHarness();
    const owner = h.tokenFor('patient');
    const other = h.tokenFor('survey');
    const reservation = (
      await h.call('listReservations', { token: owner, query: { group: 'future' } })
    ).json[0].id;
    const conversation = (await h.call('listConversations', { token: owner })).json[0].id;
    const attempts = [
      h.call('getReservation', { token: other, path: { id: reservation } }),
      h.call('confirmReservation', { token: other, path: { id: reservation } }),
      h.call('cancelReservation', { token: other, path: { id: reservation } }),
      h.call('moveReservation', {
        token: other,
        path: { id: reservation },
        body: { slotKey: '1=1001=1=2026-12-01T09:00:00+02:00=2026-12-01T09:30:00+02:00' },
      }),
      h.call('getConversation', { token: other, path: { id: conversation } }),
      h.call('sendChatMessage', {
        token: other,
        path: { id: conversation },
        body: { text: 'Hei' },
      }),
      h.call('closeConversation', { token: other, path: { id: conversation } }),
      h.call('streamConversation', { token: other, path: { id: conversation } }),
      h.call('updateProfile', {
        token: other,
        path: { id: h.userId('patient') },
        body: profileBody(),
      }),
    ];
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    expect(
      statuses.every((s) => s === 403 || s === 404),
      JSON.stringify(statuses),
    ).toBe(true);
    // The owner's data is untouched.
    expect(
      (await h.call('getReservation', { token: owner, path: { id: reservation } })).json.status,
    ).toBe('confirmed');
  });
});
