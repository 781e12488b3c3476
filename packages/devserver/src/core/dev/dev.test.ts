import { describe, expect, test } from 'vitest';
import { describeRestoredPresets } from './dev.ts';
import { createHarness } from '../../../test/harness.ts';

describe('dev controls', () => {
  test('QA logs in as any test user with POST /api/dev/session', async () => {
    const h = createHarness();
    const session = await h.call('createDevSession', { body: { user: 'admin' } });
    expect(session.status).toBe(200);
    expect(session.json.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await h.call('getMe', { token: session.json.access_token });
    expect(me.json.WebRole).toBe('admin');
  });

  test('every login gets a new token', async () => {
    const h = createHarness();
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++)
      tokens.add(
        (await h.call('createDevSession', { body: { user: 'patient' } })).json.access_token,
      );
    expect(tokens.size).toBe(5);
  });

  test('the test users are listed with their login details', async () => {
    const h = createHarness();
    const { json } = await h.call('listDevUsers');
    expect(json.map((u: { key: string }) => u.key)).toEqual([
      'patient',
      'first-login',
      'survey',
      'admin',
      'content-manager',
      'guardian',
      'co-guardian',
      'minor',
      'mandatary',
    ]);
    // Each signs in: the families' users act for others (issue 55).
    const guardian = await h.call('createDevSession', { body: { user: 'guardian' } });
    const persons = await h.call('listPersons', { token: guardian.json.access_token });
    expect(persons.json.map((p: { firstName: string }) => p.firstName)).toEqual([
      'Pekka',
      'Aino',
      'Eetu',
      'Sara',
    ]);
  });

  test('the clock can be set, frozen and advanced', async () => {
    const h = createHarness();
    const set = await h.call('setDevClock', {
      body: { now: '2026-12-24T09:00:00+02:00', frozen: true },
    });
    expect(set.json).toEqual({
      now: '2026-12-24T09:00:00+02:00',
      frozen: true,
      timezone: 'Europe/Helsinki',
      revision: 1,
      sandbox: null,
    });
    const advanced = await h.call('advanceDevClock', { body: { seconds: 3600 } });
    expect(advanced.json.now).toBe('2026-12-24T10:00:00+02:00');
    expect((await h.call('getDevClock')).json.now).toBe('2026-12-24T10:00:00+02:00');
  });

  test('the clock reads to the millisecond, so a reading written back is the clock exactly', async () => {
    const h = createHarness();
    await h.call('setDevClock', { body: { now: '2026-12-24T09:00:00.250+02:00', frozen: true } });
    const reading = (await h.call('getDevClock')).json.now;
    expect(reading).toBe('2026-12-24T09:00:00.250+02:00');
    await h.call('advanceDevClock', { body: { seconds: 601 } });
    await h.call('setDevClock', { body: { now: reading, frozen: true } });
    expect(h.state.clock.nowMs()).toBe(Date.parse('2026-12-24T09:00:00.250+02:00'));
  });

  test('maintenance can be switched on now, scheduled and switched off', async () => {
    const h = createHarness();
    const on = await h.call('setDevMaintenance', { body: { active: true } });
    expect(on.json).toEqual({ active: true, startsAt: '2026-11-23T10:00:00+02:00' });
    expect((await h.call('getMaintenance')).json.message).toContain('maintenance');
    await h.call('setDevMaintenance', {
      body: { active: false, startsAt: '2026-11-23T12:00:00+02:00' },
    });
    expect((await h.call('getConfig')).json.maintenance.active).toBe(false);
    h.state.clock.advance(2 * 3600 * 1000);
    expect((await h.call('getConfig')).json.maintenance).toEqual({
      active: true,
      startsAt: '2026-11-23T12:00:00+02:00',
    });
    await h.call('setDevMaintenance', { body: { active: false, startsAt: null } });
    expect((await h.call('getDevMaintenance')).json).toEqual({ active: false, startsAt: null });
  });

  test('scenarios are listed and switched', async () => {
    const h = createHarness();
    expect(
      (await h.call('listDevScenarios')).json.every((s: { enabled: boolean }) => !s.enabled),
    ).toBe(true);
    const on = await h.call('setDevScenario', {
      path: { name: 'chat-closed' },
      body: { enabled: true },
    });
    expect(on.json.enabled).toBe(true);
    expect(h.state.settings.scenarios['chat-closed']).toBe(true);
  });

  test('the revision counts QA’s changes that pages show: clock, scenario, maintenance, working hours, reset; not reads or logins', async () => {
    const h = createHarness();
    const revision = async () => (await h.call('getDevClock')).json.revision as number;
    expect(await revision()).toBe(0);
    await h.call('advanceDevClock', { body: { seconds: 60 } });
    await h.call('setDevScenario', { path: { name: 'chat-closed' }, body: { enabled: true } });
    await h.call('setDevMaintenance', { body: { active: false, startsAt: null } });
    expect(await revision()).toBe(3);
    await h.call('createDevSession', { body: { user: 'patient' } });
    await h.call('listDevOutbox');
    expect(await revision()).toBe(3);
    await h.call('resetDevState');
    expect(await revision()).toBe(4);
  });

  test('an unknown scenario answers 404 not-found, as the contract documents (not a 400)', async () => {
    const h = createHarness();
    const unknown = await h.call('setDevScenario', {
      path: { name: 'no-such-preset' },
      body: { enabled: true },
      headers: { 'accept-language': 'en' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.Code).toBe('not-found');
    // A malformed body of a known one is still the request's fault.
    const malformed = await h.call('setDevScenario', {
      path: { name: 'chat-closed' },
      body: { enabled: 'yes' },
      unchecked: true,
    });
    expect(malformed.status).toBe(400);
  });

  test('reset brings back the seed, the clock and the scenarios', async () => {
    const h = createHarness();
    await h.call('deleteCurrentPatient', { as: 'patient' });
    await h.call('setDevScenario', { path: { name: 'terms-pending' }, body: { enabled: true } });
    await h.call('setDevMaintenance', { body: { active: true } });
    expect((await h.call('resetDevState')).status).toBe(204);
    expect((await h.call('getMe', { as: 'patient' })).status).toBe(200);
    expect(h.state.settings.scenarios['terms-pending']).toBe(false);
    expect(h.state.settings.maintenance.active).toBe(false);
    expect(h.state.clock.frozen).toBe(false);
  });

  test('a reset at a moment lays the seed there, frozen: the same moment gives the same data', async () => {
    const at = '2026-12-01T08:00:00+02:00';
    const seeded = async (h: ReturnType<typeof createHarness>) => {
      expect((await h.call('resetDevState', { query: { at } })).status).toBe(204);
      const reservations = await h.call('listReservations', {
        as: 'patient',
        query: { group: 'future' },
      });
      const day = await h.call('getDaySlots', {
        query: { branchIds: [2], reasonId: 1, customerType: 'private', date: '2026-12-03' },
      });
      return { reservations: reservations.json, slots: day.json.slots };
    };
    // Two servers started at different real moments, one of them moved about first.
    const first = createHarness({ now: new Date('2026-11-20T10:00:00Z') });
    const second = createHarness({ now: new Date('2027-03-05T17:31:00Z') });
    await second.call('advanceDevClock', { body: { seconds: 86_400 } });
    const a = await seeded(first);
    const b = await seeded(second);
    expect(b).toEqual(a);
    expect(a.slots.length).toBeGreaterThan(0);
    expect(second.state.clock.frozen).toBe(true);
    expect(second.state.clock.nowMs()).toBe(Date.parse(at));
    // The seed's first reservation is within a day of the moment, as at any reset.
    const starts = (a.reservations as { startTime: string }[]).map((r) => Date.parse(r.startTime));
    expect(Math.min(...starts) - Date.parse(at)).toBeGreaterThan(0);
    expect(Math.min(...starts) - Date.parse(at)).toBeLessThan(24 * 3_600_000);
    // Not an instant: refused, translated, nothing reset.
    const refused = await second.call('resetDevState', {
      query: { at: 'tomorrow' },
      headers: { 'accept-language': 'en' },
      unchecked: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.Errors[0].field).toBe('at');
  });

  test('with dev mode off every dev control answers 404', async () => {
    const h = createHarness({ devMode: false });
    const { status, headers } = await h.call('createDevSession', { body: { user: 'patient' } });
    expect(status).toBe(404);
    expect(headers['x-dev-mode']).toBe('false');
  });

  test('QA plays the mobile app approving a QR login as a test user', async () => {
    const h = createHarness();
    const qr = await h.call('startQrLogin');
    expect(
      (
        await h.call('devApproveQrLogin', {
          path: { qrId: qr.json.qrId },
          body: { user: 'survey' },
        })
      ).status,
    ).toBe(204);
    const status = await h.call('getQrLoginStatus', {
      path: { qrId: qr.json.qrId },
      headers: { 'X-Login-Secret': qr.json.loginSecret },
    });
    expect(status.json.status).toBe('approved');
    const token = await h.call('exchangeToken', {
      body: { grantType: 'authorization_code', code: status.json.code, state: qr.json.loginSecret },
    });
    expect((await h.call('getMe', { token: token.json.access_token })).json.Id).toBe(
      h.userId('survey'),
    );
  });

  test('QA resolves a pending mobile-certificate login at once', async () => {
    const h = createHarness();
    const start = await h.call('startMobileLogin', { body: { phoneNumber: '+358401000004' } });
    const id = start.json.transactionId;
    expect(
      (
        await h.call('devResolveMobileLogin', {
          path: { transactionId: id },
          body: { outcome: 'reject' },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await h.call('getMobileLoginStatus', {
          path: { transactionId: id },
          headers: { 'X-Login-Secret': start.json.loginSecret },
        })
      ).json.status,
    ).toBe('rejected');
    const unknown = await h.call('devResolveMobileLogin', {
      path: { transactionId: 'nope-nope-nope-nope' },
      body: { outcome: 'approve' },
    });
    expect(unknown.status).toBe(404);
  });

  test('a restored state says what it brought back: a frozen or moved clock, scenarios, maintenance', () => {
    const h = createHarness();
    const real = Date.parse('2026-11-27T08:00:00Z');
    // The harness's clock is frozen on its test day.
    expect(describeRestoredPresets(h.state, real)).toEqual([
      'Dev clock restored frozen at 2026-11-23 10:00 (Helsinki): PUT /api/dev/clock to move it',
    ]);
    h.state.clock.set(new Date(real + 3_600_000), false);
    h.state.settings.scenarios['chat-closed'] = true;
    h.state.settings.maintenance.active = true;
    expect(describeRestoredPresets(h.state, real)).toEqual([
      expect.stringMatching(
        /^Dev clock restored running at 2026-11-27 1[01]:\d\d \(Helsinki\), not real time/,
      ),
      'Scenarios restored on: chat-closed',
      'Maintenance restored on',
    ]);
    h.state.clock.reset();
    h.state.settings.scenarios['chat-closed'] = false;
    h.state.settings.maintenance.active = false;
    expect(describeRestoredPresets(h.state)).toEqual([]);
  });
});
