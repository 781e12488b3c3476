import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';
import { createSeededState } from '../../src/core/seed.ts';
import { appPerTest } from './app-per-test.ts';

const { start } = appPerTest();

describe('answers kept between writes', () => {
  const headers = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
  const NOW = '2026-11-24T10:00:00+02:00';

  async function signIn(server: FastifyInstance, user: string): Promise<string> {
    const response = await server.inject({
      method: 'POST',
      url: '/api/dev/session',
      headers,
      payload: { user },
    });
    return (response.json() as { access_token: string }).access_token;
  }

  const monthUrl = (month: string) =>
    `/api/availability/month?branchIds=1&reasonId=1&customerType=private&month=${month}`;

  async function freeSlots(server: FastifyInstance, month: string, date: string) {
    const response = await server.inject({ method: 'GET', url: monthUrl(month) });
    expect(response.statusCode).toBe(200);
    const { days } = response.json() as { days: { date: string; freeSlots: number }[] };
    return days.find((day) => day.date === date)?.freeSlots;
  }

  test('month availability is served again until a booking changes it', async () => {
    const server = await start({ state: createSeededState({ now: new Date(NOW) }) });
    const date = '2026-11-26';
    const before = await freeSlots(server, '2026-11', date);
    expect(before).toBeGreaterThan(0);
    expect(await freeSlots(server, '2026-11', date)).toBe(before);

    const day = await server.inject({
      method: 'GET',
      url: `/api/availability/day?branchIds=1&reasonId=1&customerType=private&date=${date}`,
    });
    const slotKey = (day.json() as { slots: { key: string }[] }).slots[0]?.key;
    const booked = await server.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { ...headers, authorization: `Bearer ${await signIn(server, 'patient')}` },
      payload: {
        slotKey,
        customerType: 'private',
        // Maija has a check-up a week ahead; this test is about the month's cache.
        allowDuplicate: true,
        customer: {
          firstName: 'Maija',
          lastName: 'Meikäläinen',
          email: 'maija@example.fi',
          phone: '040 123 4567',
          street: 'Kauppakatu 1',
          postalCode: '00100',
          city: 'Helsinki',
        },
      },
    });
    expect(booked.statusCode).toBe(201);
    expect(await freeSlots(server, '2026-11', date)).toBe((before ?? 0) - 1);
  });

  test('month availability follows the dev clock and maintenance', async () => {
    const server = await start({ state: createSeededState({ now: new Date(NOW) }) });
    const date = '2026-11-26';
    expect(await freeSlots(server, '2026-11', date)).toBeGreaterThan(0);
    // Two days on, that day is past: no free slots.
    const moved = await server.inject({
      method: 'PUT',
      url: '/api/dev/clock',
      headers,
      payload: { now: '2026-11-27T10:00:00+02:00', frozen: true },
    });
    expect(moved.statusCode).toBe(200);
    expect(await freeSlots(server, '2026-11', date)).toBe(0);
    // Maintenance blocks it at once, cached answer or not.
    await server.inject({
      method: 'PUT',
      url: '/api/dev/maintenance',
      headers,
      payload: { active: true },
    });
    const blocked = await server.inject({ method: 'GET', url: monthUrl('2026-11') });
    expect(blocked.statusCode).toBe(503);
  });

  test("the signed-in user's answer changes with a write of theirs, and only theirs", async () => {
    const server = await start({ state: createSeededState({ now: new Date(NOW) }) });
    const token = await signIn(server, 'patient');
    const auth = { authorization: `Bearer ${token}` };
    const me = async () =>
      (await server.inject({ method: 'GET', url: '/api/me', headers: auth })).json() as {
        Id: number;
        AreasOfInterests: string[];
        Person: { PhoneNumber: string | null };
      };
    const before = await me();
    expect(await me()).toEqual(before);
    const saved = await server.inject({
      method: 'POST',
      url: '/api/user/accept/new-marketing-terms',
      headers: { ...headers, ...auth },
    });
    expect(saved.statusCode).toBeLessThan(300);
    const profile = await server.inject({
      method: 'PUT',
      url: `/api/patients/${before.Id}/profile`,
      headers: { ...headers, ...auth },
      payload: {
        email: 'maija@example.fi',
        phone: '040 765 4321',
        smsMarketingEnabled: false,
        emailMarketingEnabled: false,
        privacyPolicyAccepted: true,
        termsAccepted: true,
        branchId: null,
        employeeId: null,
        orthodontics: true,
        membraneOrthodontics: false,
        implantCare: false,
        dentalHygienistServices: false,
        estheticDentalCare: false,
        dentalWhitening: false,
        genericDentalHealth: false,
      },
    });
    expect(profile.statusCode).toBe(200);
    const after = await me();
    expect(after.Person.PhoneNumber).toBe('040 765 4321');
    expect(after.AreasOfInterests).toEqual(['orthodontics']);
  });

  test('a token stops working at logout, at the reset and when it expires', async () => {
    const server = await start({ state: createSeededState({ now: new Date(NOW) }) });
    const me = (token: string) =>
      server.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${token}` },
      });

    const first = await signIn(server, 'patient');
    expect((await me(first)).statusCode).toBe(200);
    await server.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { ...headers, authorization: `Bearer ${first}` },
    });
    expect((await me(first)).statusCode).toBe(401);

    const second = await signIn(server, 'patient');
    expect((await me(second)).statusCode).toBe(200);
    await server.inject({ method: 'POST', url: '/api/dev/reset', headers });
    expect((await me(second)).statusCode).toBe(401);

    const third = await signIn(server, 'admin');
    expect((await me(third)).statusCode).toBe(200);
    await server.inject({
      method: 'PUT',
      url: '/api/dev/clock',
      headers,
      payload: { now: '2030-01-01T00:00:00+02:00', frozen: true, expireSessions: true },
    });
    expect((await me(third)).statusCode).toBe(401);
  });

  test('a token unused for 30 minutes expires; a clock move carries sessions unless told otherwise', async () => {
    const server = await start({ state: createSeededState({ now: new Date(NOW) }) });
    const me = async (token: string) =>
      (
        await server.inject({
          method: 'GET',
          url: '/api/me',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode;
    const advance = (seconds: number, expireSessions?: boolean) =>
      server.inject({
        method: 'POST',
        url: '/api/dev/clock/advance',
        headers,
        payload: { seconds, ...(expireSessions === undefined ? {} : { expireSessions }) },
      });

    // Idle for 31 minutes of the dev clock: 401. The plain moves of 2 days and back leave it be.
    const idle = await signIn(server, 'patient');
    expect((await advance(2 * 86_400)).statusCode).toBe(200);
    expect(await me(idle)).toBe(200);
    const back = await server.inject({
      method: 'PUT',
      url: '/api/dev/clock',
      headers,
      payload: { now: NOW },
    });
    expect(back.statusCode).toBe(200);
    expect(await me(idle)).toBe(200);
    await advance(31 * 60, true);
    expect(await me(idle)).toBe(401);

    // Each use starts the 30 minutes again, until 8 hours have passed since the login; moves
    // that carry sessions do not count (16 × 29 minutes pass, with 3 carried hours among them).
    const busy = await signIn(server, 'admin');
    for (let use = 1; use <= 16; use++) {
      await advance(29 * 60, true);
      if (use === 8) await advance(3 * 3600);
      expect(await me(busy), `use ${use}`).toBe(200);
    }
    // 17 × 29 minutes = 8 h 13 min: past the absolute limit, although used 29 minutes ago.
    await advance(29 * 60, true);
    expect(await me(busy)).toBe(401);
  });
});
