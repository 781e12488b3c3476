import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { OperationId } from '@portal/sdk/contract';
import { describe, expect, test } from 'vitest';
import {
  BOOKING_FLOW_OPERATIONS,
  QR_LOGIN_FLOW_OPERATIONS,
  type CheckId,
  type Report,
  type TestUser,
} from '../src/index.ts';
import { check, operation } from './checker.ts';
import { devToken, start, withoutABookingLock } from './harness.ts';
import {
  addNestedRoutes,
  NESTED_OPERATIONS,
  nestedContract,
  type NestedOperation,
} from './nested.ts';

// The seeded-bug table: twelve kinds of bug a backend team makes, each a small hook on the dev
// server. The checker must report each one by a failing check of its expected id, both on a
// server with that bug alone and on one server with all twelve (where one bug must not hide
// another behind "skipped"). The README prints this table. One needs a path the portal's contract
// does not have (a child under its parent's id): it adds it to the contract and the server.

interface SeededBug {
  /** The bug, as the README's table names it. */
  bug: string;
  /** The check that reports it: on this operation, a failed check of this id. */
  operationId: OperationId | NestedOperation;
  caughtBy: CheckId;
  /** The operations a run with this bug alone checks, and the users it signs in. */
  operations: readonly (OperationId | NestedOperation)[];
  /** The bug is in test-only paths added to the contract (`nestedContract`). */
  nested?: true;
  users: readonly TestUser[];
  /** What the failure message says, where it matters. */
  says?: RegExp;
  /** Adds the bug to a dev server. */
  seed: (app: FastifyInstance) => void;
}

const pathOf = (url: string): string => url.split('?')[0] ?? '';

/** A JSON answer changed by `change` (other answers as they are). */
function rewriteJson(payload: unknown, change: (body: unknown) => unknown): unknown {
  if (typeof payload !== 'string') return payload;
  try {
    return JSON.stringify(change(JSON.parse(payload)));
  } catch {
    return payload;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A time as Helsinki's wall clock without an offset (`2026-12-01T09:00:00`): a classic slip. */
function helsinkiWallTime(iso: unknown): unknown {
  if (typeof iso !== 'string' || !Number.isFinite(Date.parse(iso))) return iso;
  const wall = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Helsinki',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(iso));
  return wall.replace(' ', 'T');
}

const SEEDED_BUGS: readonly SeededBug[] = [
  {
    bug: 'a double booking: 409 slot-taken turned into 201',
    operationId: 'createReservation',
    caughtBy: 'one_booking_per_slot',
    operations: BOOKING_FLOW_OPERATIONS,
    users: ['patient'],
    seed: withoutABookingLock,
  },
  {
    bug: 'a booking answers 200 instead of 201',
    operationId: 'createReservation',
    caughtBy: 'status_code_conformance',
    operations: BOOKING_FLOW_OPERATIONS,
    users: ['patient'],
    seed: (app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.method === 'POST' && pathOf(request.url) === '/api/reservations')
          if (reply.statusCode === 201) reply.code(200);
        return payload;
      }),
  },
  {
    bug: "a patient's coupons carry staff figures and another patient's name",
    operationId: 'listCoupons',
    caughtBy: 'no_undocumented_properties',
    operations: ['listCoupons', 'getCoupon'],
    users: ['patient'],
    says: /does not document: \$\[0\]\.redemptionCount, \$\[0\]\.lastRedeemedBy/,
    seed: (app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
        // The staff view's figures leak into the patient's: how many redeemed it, and who.
        const leak = (coupon: unknown) =>
          isRecord(coupon)
            ? { ...coupon, redemptionCount: 37, lastRedeemedBy: 'Matti Virtanen' }
            : coupon;
        const path = pathOf(request.url);
        if (path === '/api/coupons')
          return rewriteJson(payload, (body) => (Array.isArray(body) ? body.map(leak) : body));
        if (/^\/api\/coupons\/\d+$/.test(path)) return rewriteJson(payload, leak);
        return payload;
      }),
  },
  {
    bug: 'a role check missing: a patient gets the admin patient list',
    operationId: 'listPatients',
    caughtBy: 'forbidden_for_other_roles',
    operations: ['listPatients'],
    users: ['patient', 'admin', 'content-manager'],
    seed: (app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (pathOf(request.url) === '/api/admin/patients' && reply.statusCode === 403) {
          reply.code(200);
          return JSON.stringify({ items: [], total: 0, page: 1, pageSize: 20 });
        }
        return payload;
      }),
  },
  {
    bug: 'slot times without a UTC offset (2026-12-01T09:00:00)',
    operationId: 'getDaySlots',
    caughtBy: 'response_schema_conformance',
    operations: BOOKING_FLOW_OPERATIONS,
    users: ['patient'],
    seed: (app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (pathOf(request.url) !== '/api/availability/day' || reply.statusCode !== 200)
          return payload;
        return rewriteJson(payload, (body) => {
          if (!isRecord(body) || !Array.isArray(body.slots)) return body;
          const slots = body.slots.map((slot) =>
            isRecord(slot)
              ? {
                  ...slot,
                  startTime: helsinkiWallTime(slot.startTime),
                  endTime: helsinkiWallTime(slot.endTime),
                }
              : slot,
          );
          return { ...body, slots };
        });
      }),
  },
  {
    bug: 'a 500 on an invalid body instead of 400',
    operationId: 'checkCampaignCode',
    caughtBy: 'invalid_body_rejected',
    operations: ['checkCampaignCode'],
    users: ['patient'],
    seed: (app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (pathOf(request.url) !== '/api/campaign-codes/check' || reply.statusCode !== 400)
          return payload;
        if (!String(payload).includes('validation-failed')) return payload;
        reply.code(500);
        return JSON.stringify({ UserMessage: 'Something went wrong.', Code: 'server-error' });
      }),
  },
  {
    bug: 'a 405 without its Allow header',
    operationId: 'listBranches',
    caughtBy: 'unsupported_method',
    operations: ['listBranches'],
    users: [],
    seed: (app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (pathOf(request.url) === '/api/branches') reply.removeHeader('allow');
        return payload;
      }),
  },
  {
    bug: 'a token that survives logout',
    operationId: 'logout',
    caughtBy: 'qr_login_flow',
    operations: QR_LOGIN_FLOW_OPERATIONS,
    users: ['patient'],
    seed: (app) =>
      app.addHook('preHandler', async (request, reply) => {
        if (pathOf(request.url) === '/api/logout') await reply.code(204).send();
      }),
  },
  {
    bug: 'an error body without Code',
    operationId: 'getMe',
    caughtBy: 'response_schema_conformance',
    operations: ['getMe'],
    users: ['patient'],
    seed: (app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (pathOf(request.url) !== '/api/me' || reply.statusCode < 400) return payload;
        return rewriteJson(payload, (body) => {
          if (!isRecord(body)) return body;
          const { Code: _code, ...rest } = body;
          return rest;
        });
      }),
  },
  {
    bug: 'CORS reflecting any Origin, with credentials',
    operationId: 'getConfig',
    caughtBy: 'cors_no_reflected_foreign_origin',
    operations: ['getConfig'],
    users: [],
    seed: (app) => {
      const grant = (origin: string) => ({
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
      });
      app.addHook('onRequest', async (request, reply) => {
        const origin = request.headers.origin;
        if (request.method === 'OPTIONS' && typeof origin === 'string')
          await reply
            .code(204)
            .headers({
              ...grant(origin),
              'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
              'access-control-allow-headers': 'authorization, content-type, x-requested-with',
            })
            .send();
      });
      app.addHook('onSend', async (request, reply, payload) => {
        const origin = request.headers.origin;
        if (typeof origin === 'string') reply.headers(grant(origin));
        return payload;
      });
    },
  },
  {
    bug: "another patient's reservation served by its id (IDOR)",
    operationId: 'getReservation',
    caughtBy: 'no_use_of_another_users_resource',
    operations: ['listReservations', 'getReservation'],
    users: ['patient', 'mandatary'],
    says: /mandatary was served patient's reservation/,
    seed: (app) => {
      // The reservation is looked up by its id alone: whoever asks gets the owner's answer.
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.method !== 'GET' || reply.statusCode !== 404) return payload;
        if (!/^\/api\/reservations\/\d+$/.test(pathOf(request.url))) return payload;
        if (request.headers['x-seeded-owner'] !== undefined) return payload;
        const answer = await app.inject({
          method: 'GET',
          url: request.url,
          headers: {
            authorization: `Bearer ${await devToken(app, 'patient')}`,
            'x-seeded-owner': '1',
          },
        });
        if (answer.statusCode !== 200) return payload;
        reply.code(200);
        return answer.body;
      });
    },
  },
  {
    bug: "a child reached through another parent's id",
    operationId: 'getTestPet',
    caughtBy: 'no_child_through_wrong_parent',
    operations: NESTED_OPERATIONS,
    users: [],
    nested: true,
    says: /child 11 of ownerId 1 was reached through another parent/,
    seed: (app) => addNestedRoutes(app, { buggy: true }),
  },
];

/** Whether the report has a failed check of the bug's id on its operation (saying what it must). */
function caught(report: Report, bug: SeededBug): boolean {
  const found = report.operations.find((o) => o.operationId === bug.operationId);
  return (found?.checks ?? []).some(
    (c) =>
      c.id === bug.caughtBy &&
      c.outcome === 'failed' &&
      (bug.says === undefined || bug.says.test(c.message ?? '')),
  );
}

describe('the seeded-bug table: twelve typical backend bugs, each reported by its check', () => {
  test('the table holds twelve kinds of bug, each once, as the README prints it', () => {
    expect(new Set(SEEDED_BUGS.map((b) => b.bug)).size).toBe(12);
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const rows = readme.split('\n').filter((line) => /\| ✓ +\| ✓ +\|$/.test(line));
    expect(rows).toHaveLength(SEEDED_BUGS.length);
    for (const bug of SEEDED_BUGS)
      expect(rows.some((row) => row.includes(`\`${bug.operationId}\`: \`${bug.caughtBy}\``))).toBe(
        true,
      );
  });

  test.each(SEEDED_BUGS.map((b) => [b.bug, b] as const))(
    'alone: %s',
    async (_name, bug) => {
      const baseUrl = await start(bug.seed);
      const report = await check(baseUrl, {
        operations: [...bug.operations],
        loginAs: [...bug.users],
        ...(bug.nested ? { contract: nestedContract() } : {}),
      });
      expect(caught(report, bug), `${bug.operationId}: ${bug.caughtBy}`).toBe(true);
    },
    60_000,
  );

  test('together: one server with all twelve bugs reports each by its check', async () => {
    const baseUrl = await start((app) => {
      for (const bug of SEEDED_BUGS) bug.seed(app);
    });
    const operations = [...new Set(SEEDED_BUGS.flatMap((b) => b.operations))];
    const users = [...new Set(SEEDED_BUGS.flatMap((b) => b.users))];
    const report = await check(baseUrl, { operations, loginAs: users, contract: nestedContract() });
    const outcome = SEEDED_BUGS.map((bug) => [bug.bug, caught(report, bug)]);
    // One bug does not hide another behind "skipped": no step of the booking flow waits on a
    // failed one (the day view's times without an offset fail its cross-check, and that alone).
    const blocked = report.operations.flatMap((o) =>
      o.checks
        .filter((c) => c.outcome === 'skipped' && /an earlier step/.test(c.message ?? ''))
        .map((c) => `${o.operationId}: ${c.name}: ${c.message ?? ''}`),
    );
    expect(blocked).toEqual([]);
    const crossCheck = operation(report, 'getFirstFreeTimes').checks.find(
      (c) => c.id === 'booking_flow',
    );
    expect(crossCheck?.outcome).toBe('failed');
    expect(outcome).toEqual(SEEDED_BUGS.map((bug) => [bug.bug, true]));
  }, 120_000);
});
