import { describe, expect, test } from 'vitest';
import { formatTable, INVARIANTS, invariantResults, toMarkdown } from '../src/index.ts';
import { check, operation } from './checker.ts';
import { start, withoutABookingLock } from './harness.ts';

// Broken variants of the dev server that break a business invariant: every invariant has one
// here, and the checker reports it.

/** Broken variants: a server whose rule's 409 becomes a 200 (it lets the request through). */
const LETS_A_RULE_GO = [
  [
    'confirmed_once',
    ['confirmReservation'],
    /^\/api\/reservations\/\d+\/confirm$/,
    'not-confirmable',
  ],
  ['cancelled_is_final', ['moveReservation'], /^\/api\/reservations\/\d+\/move$/, 'not-modifiable'],
  [
    'no_overlap_with_oneself',
    ['createReservation'],
    /^\/api\/reservations$/,
    'overlapping-reservation',
  ],
  [
    'no_duplicate_service_within_14_days',
    ['createReservation'],
    /^\/api\/reservations$/,
    'duplicate-reservation',
  ],
  [
    'one_redemption_per_coupon',
    ['redeemCoupon'],
    /^\/api\/coupons\/\d+\/redeem$/,
    'already-redeemed',
  ],
  [
    'waitlist_first_accept_wins',
    ['cancelReservation', 'acceptWaitlistOffer'],
    /^\/api\/waitlist\/offers\/\d+\/accept$/,
    'slot-taken',
  ],
  [
    'changes_close_24_hours_before',
    ['cancelReservation'],
    /^\/api\/reservations\/\d+\/cancel$/,
    'inside-cancel-window',
  ],
] as const;

/** Broken variants: a server with a fault in front of one path. */
const BREAKS_A_RULE = [
  // A cache in front of the day view and the calendar file: what was booked, held, moved or
  // cancelled is not seen.
  ['booked_slot_leaves_the_day_view', /^\/api\/availability\/day$/, 'stale'],
  ['held_slot_is_hidden', /^\/api\/availability\/day$/, 'stale'],
  ['calendar_follows_a_move', /^\/api\/reservations\/\d+\/calendar$/, 'stale'],
  ['calendar_follows_a_cancel', /^\/api\/reservations\/\d+\/calendar$/, 'stale'],
  // Holds that never expire: one neither used nor released is still found.
  ['hold_expires', /^\/api\/(slot-holds\/[^/]+|reservations)$/, 'held'],
  // Holds that a holder's new hold does not replace: the first is still found.
  ['one_hold_per_holder', /^\/api\/(slot-holds\/[^/]+|reservations)$/, 'held'],
  // Sessions that never end: an idle token still answers.
  ['idle_token_expires', /^\/api\/me$/, 'found'],
  // No offer is ever shown.
  ['freed_time_offered_to_the_waitlist', /^\/api\/waitlist$/, 'no offers'],
  // Bookings go through a maintenance break.
  ['maintenance_blocks_bookings', /^\/api\/reservations$/, 'open'],
] as const;

/** Broken variants: a server that does not send a message (the dev outbox never holds it). */
const SENDS_NOTHING = [
  ['confirmation_in_the_outbox', 'booking-confirmation'],
  ['move_receipt_sent', 'move-receipt'],
] as const;

/** The invariants whose broken variant has a test of its own below. */
const BROKEN_ELSEWHERE = [
  'one_winner_under_concurrency',
  'one_booking_per_slot',
  'cancel_receipt_sent_once',
  'staff_read_in_the_patients_log',
  'access_log_is_ones_own',
  'access_log_chain_verifies',
] as const;

describe('the conformance checker finds a broken server', () => {
  test('reports a double booking under concurrent requests (one_winner_under_concurrency)', async () => {
    // A server without a lock: a booking that loses the race is answered as if it had won.
    const baseUrl = await start(withoutABookingLock);
    const report = await check(baseUrl, {
      operations: ['createReservation'],
      loginAs: ['patient'],
    });
    const concurrency = invariantResults(report).find(
      (i) => i.id === 'one_winner_under_concurrency',
    );
    expect(concurrency?.outcome).toBe('failed');
    expect(concurrency?.message).toMatch(
      /^20 of 20 concurrent bookings of one slot were booked \(expected exactly 1\)/,
    );
    expect(formatTable(report, 200)).toMatch(/^ {2}FAILED one_winner_under_concurrency: 20 of 20/m);
    // The same server books a slot twice one after the other too.
    expect(invariantResults(report).find((i) => i.id === 'one_booking_per_slot')?.outcome).toBe(
      'failed',
    );
  }, 60_000);

  test('every invariant has a broken variant here, which it catches', () => {
    const covered = [
      ...LETS_A_RULE_GO.map(([id]) => id),
      ...BREAKS_A_RULE.map(([id]) => id),
      ...SENDS_NOTHING.map(([id]) => id),
      ...BROKEN_ELSEWHERE,
      ...FAMILY_INVARIANTS,
    ];
    expect([...covered].sort()).toEqual(INVARIANTS.map((i) => i.id).sort());
  });

  test.each(LETS_A_RULE_GO)(
    'reports a server that lets a rule go (%s)',
    async (id, operations, path, code) => {
      // The rule's 409 becomes a 200: the server lets the request through.
      const baseUrl = await start((app) =>
        app.addHook('onSend', async (request, reply, payload) => {
          if (
            path.test(request.url.split('?')[0] ?? '') &&
            reply.statusCode === 409 &&
            String(payload).includes(`"${code}"`)
          )
            reply.code(200);
          return payload;
        }),
      );
      const report = await check(baseUrl, {
        operations: [...operations],
        loginAs: ['patient', 'admin', 'content-manager'],
      });
      const result = invariantResults(report).find((i) => i.id === id);
      expect(result?.outcome, JSON.stringify(result)).toBe('failed');
    },
    60_000,
  );

  test.each(BREAKS_A_RULE)(
    'reports a server that breaks %s',
    async (id, path, fault) => {
      const cache = new Map<string, { status: number; payload: unknown }>();
      const ended = new Set<string>();
      const baseUrl = await start((app) =>
        app.addHook('onSend', async (request, reply, payload) => {
          if (!path.test(request.url.split('?')[0] ?? '')) return payload;
          if (fault === 'stale' && request.method === 'GET') {
            const key = `${request.headers.authorization ?? ''} ${request.url}`;
            const cached = cache.get(key);
            if (!cached) {
              cache.set(key, { status: reply.statusCode, payload });
              return payload;
            }
            reply.code(cached.status);
            return cached.payload;
          }
          if (fault === 'held') {
            const body = request.body as { holdId?: unknown } | undefined;
            const holdId = request.method === 'POST' ? body?.holdId : request.url.split('/').at(-1);
            if (request.method !== 'GET' && typeof holdId === 'string') ended.add(holdId);
            if (request.method === 'GET' && reply.statusCode === 404 && !ended.has(String(holdId)))
              reply.code(200);
          }
          if (fault === 'found' && reply.statusCode === 401) reply.code(200);
          if (fault === 'open' && reply.statusCode === 503) reply.code(201);
          if (fault === 'no offers' && reply.statusCode === 200) {
            const body = JSON.parse(String(payload)) as Record<string, unknown>[];
            return JSON.stringify(body.map((entry) => ({ ...entry, offers: [] })));
          }
          return payload;
        }),
      );
      const operationId = INVARIANTS.find((i) => i.id === id)?.operationId ?? '';
      const report = await check(baseUrl, {
        operations: [operationId, 'getDaySlots', 'advanceDevClock'],
        loginAs: ['patient'],
      });
      const result = invariantResults(report).find((i) => i.id === id);
      expect(result?.outcome, JSON.stringify(result)).toBe('failed');
    },
    60_000,
  );

  test.each(SENDS_NOTHING)(
    'reports a server that does not send what %s needs (no %s)',
    async (id, kind) => {
      // The outbox never holds the message: the server does not send it.
      const baseUrl = await start((app) =>
        app.addHook('onSend', async (request, reply, payload) => {
          if (!request.url.startsWith('/api/dev/outbox') || reply.statusCode !== 200)
            return payload;
          type Message = { kind?: string };
          const body = JSON.parse(String(payload)) as Message[] | { items?: Message[] };
          const without = (items: Message[]) => items.filter((item) => item.kind !== kind);
          return JSON.stringify(
            Array.isArray(body) ? without(body) : { ...body, items: without(body.items ?? []) },
          );
        }),
      );
      const report = await check(baseUrl, {
        operations: ['listDevOutbox', 'createReservation'],
        loginAs: ['patient'],
      });
      const result = invariantResults(report).find((i) => i.id === id);
      expect(result?.outcome, JSON.stringify(result)).toBe('failed');
    },
    60_000,
  );

  test('reports a second receipt for a repeated cancel (cancel_receipt_sent_once)', async () => {
    // The outbox shows every cancel-receipt twice, as a server sending one per cancel call would.
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (!request.url.startsWith('/api/dev/outbox') || reply.statusCode !== 200) return payload;
        type Message = { kind?: string };
        const twice = (items: Message[]) =>
          items.flatMap((item) => (item.kind === 'cancel-receipt' ? [item, item] : [item]));
        const body = JSON.parse(String(payload)) as Message[] | { items?: Message[] };
        return JSON.stringify(
          Array.isArray(body) ? twice(body) : { ...body, items: twice(body.items ?? []) },
        );
      }),
    );
    const report = await check(baseUrl, {
      operations: ['listDevOutbox', 'cancelReservation'],
      loginAs: ['patient'],
    });
    const result = invariantResults(report).find((i) => i.id === 'cancel_receipt_sent_once');
    expect(result?.outcome, JSON.stringify(result)).toBe('failed');
    expect(result?.message).toMatch(/cancelled twice \(expected exactly one per channel\)/);
  }, 60_000);

  test("a failed flow step's reproducer is the flow's requests up to it, tokens as variables", async () => {
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (
          request.method === 'POST' &&
          request.url === '/api/reservations' &&
          reply.statusCode === 409
        )
          return String(payload).replace('"slot-taken"', '"not-modifiable"');
        return payload;
      }),
    );
    const report = await check(baseUrl, {
      operations: ['createReservation'],
      loginAs: ['patient'],
    });
    const step = operation(report, 'createReservation').checks.find(
      (c) => c.name === 'answers 409 slot-taken when the same slot is booked again',
    );
    expect(step?.outcome).toBe('failed');
    const script = step?.reproduce ?? '';
    const steps = script.split('\n').filter((line) => line.startsWith('# '));
    expect(steps.length).toBeGreaterThanOrEqual(3);
    expect(steps.at(-1)).toMatch(/^# \d+\. booking: book the same slot again: POST → 409$/);
    expect(steps.some((line) => / GET → 200$/.test(line))).toBe(true);
    expect(script).toContain(`-H 'authorization: Bearer '"$PATIENT_TOKEN"`);
    expect(toMarkdown(report)).toContain('Reproduce (the flow up to this step):');
  }, 60_000);

  /** Broken variants of the access log (issue 57), each against the flow's three operations. */
  const ACCESS_LOG = {
    operations: ['getPatient', 'listAccessLog', 'verifyAccessLog'],
    loginAs: ['patient', 'admin', 'content-manager'] as const,
  };

  test('reports a log that is never written (staff_read_in_the_patients_log)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, _reply, payload) =>
        request.method === 'GET' && request.url.split('?')[0] === '/api/access-log'
          ? JSON.stringify({ items: [], total: 0, page: 1, pageSize: 20 })
          : payload,
      ),
    );
    const report = await check(baseUrl, {
      operations: ACCESS_LOG.operations,
      loginAs: [...ACCESS_LOG.loginAs],
    });
    const result = invariantResults(report).find((i) => i.id === 'staff_read_in_the_patients_log');
    expect(result?.outcome, JSON.stringify(result)).toBe('failed');
    expect(result?.message).toMatch(/^no entry of getPatient by an admin in the patient's log/);
  }, 60_000);

  test('reports a log cached without its reader, shown to another user (access_log_is_ones_own)', async () => {
    // A cache whose key forgot the user: the last log with entries is everyone's.
    let cached: unknown = null;
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, _reply, payload) => {
        if (request.method !== 'GET' || request.url.split('?')[0] !== '/api/access-log')
          return payload;
        const page = JSON.parse(String(payload)) as { items: unknown[] };
        if (page.items.length > 0) cached = payload;
        return page.items.length === 0 && cached !== null ? cached : payload;
      }),
    );
    const report = await check(baseUrl, {
      operations: ACCESS_LOG.operations,
      loginAs: [...ACCESS_LOG.loginAs],
    });
    const result = invariantResults(report).find((i) => i.id === 'access_log_is_ones_own');
    expect(result?.outcome, JSON.stringify(result)).toBe('failed');
    expect(result?.message).toMatch(/^another user's log gained 1 entries/);
  }, 60_000);

  test('reports a log whose stored entry was altered (access_log_chain_verifies)', async () => {
    // Someone edits the store behind the server's back before the verification.
    const baseUrl = await start((app) =>
      app.addHook('onRequest', async (request) => {
        if (request.method === 'POST' && request.url === '/api/admin/access-log/verify') {
          await app.inject({
            method: 'POST',
            url: '/api/dev/access-log/1/alter',
            headers: { 'x-requested-with': 'XMLHttpRequest' },
          });
        }
      }),
    );
    const report = await check(baseUrl, {
      operations: ACCESS_LOG.operations,
      loginAs: [...ACCESS_LOG.loginAs],
    });
    const result = invariantResults(report).find((i) => i.id === 'access_log_chain_verifies');
    expect(result?.outcome, JSON.stringify(result)).toBe('failed');
    expect(result?.message).toMatch(/^the chain does not verify: .*"kind":"altered"/);
  }, 60_000);
});

describe('the conformance checker finds a server that acts for the wrong person (issue 55)', () => {
  const FAMILIES = {
    operations: [
      'getMe',
      'listPersons',
      'listReservations',
      'getReservation',
      'setReservationVisibility',
      'listAccessLog',
      'createFamilyBooking',
      'createSlotHold',
      'releaseSlotHold',
      'getDaySlots',
      'listReasons',
      'listBranches',
      'cancelReservation',
    ],
    loginAs: ['patient', 'guardian', 'minor', 'mandatary'] as const,
  };
  const run = (baseUrl: string) =>
    check(baseUrl, { operations: FAMILIES.operations, loginAs: [...FAMILIES.loginAs] });
  const outcome = (report: Awaited<ReturnType<typeof run>>, id: string) =>
    invariantResults(report).find((i) => i.id === id);

  test('every invariant of acting for another person holds against the dev server', async () => {
    const report = await run(await start());
    for (const id of FAMILY_INVARIANTS) {
      expect(outcome(report, id)?.outcome, JSON.stringify(outcome(report, id))).toBe('passed');
    }
  }, 60_000);

  test('reports a server that does not hide a visit from the guardian (guardian_never_sees_a_hidden_visit)', async () => {
    // The minor's choice is dropped: the visit is always shown to the guardians.
    const baseUrl = await start((app) =>
      app.addHook('preValidation', async (request) => {
        if (request.method === 'PUT' && /\/visibility$/.test(request.url))
          (request.body as { hiddenFromGuardians: boolean }).hiddenFromGuardians = false;
      }),
    );
    const result = outcome(await run(baseUrl), 'guardian_never_sees_a_hidden_visit');
    expect(result?.outcome, JSON.stringify(result)).toBe('failed');
    expect(result?.message).toMatch(
      /^the guardian's list of the minor's visits shows hidden visit/,
    );
  }, 60_000);

  test('reports a server that does not record an act for another (act_for_another_is_recorded)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, _reply, payload) =>
        request.method === 'GET' && request.url.split('?')[0] === '/api/access-log'
          ? JSON.stringify({ items: [], total: 0, page: 1, pageSize: 20 })
          : payload,
      ),
    );
    const result = outcome(await run(baseUrl), 'act_for_another_is_recorded');
    expect(result?.outcome, JSON.stringify(result)).toBe('failed');
    expect(result?.message).toMatch(/^no entry of listReservations by a guardian/);
  }, 60_000);

  test('reports a server that lets anyone act for anyone (no_action_for_a_person_not_offered, no_right_after_the_18th_birthday, no_action_without_a_live_mandate)', async () => {
    // The person named is never checked: the call is answered as the user's own.
    const baseUrl = await start((app) =>
      app.addHook('onRequest', async (request) => {
        delete request.headers['x-acting-for'];
      }),
    );
    const report = await run(baseUrl);
    for (const id of [
      'no_action_for_a_person_not_offered',
      'no_right_after_the_18th_birthday',
      'no_action_without_a_live_mandate',
    ]) {
      const result = outcome(report, id);
      expect(result?.outcome, `${id}: ${JSON.stringify(result)}`).toBe('failed');
      expect(result?.message).toMatch(
        /expected 403 not-allowed-for-person, got GET \/api\/reservations → 200/,
      );
    }
  }, 60_000);

  test("reports a server that books a family's members one by one (family_booking_all_or_none)", async () => {
    // A refused family booking has already booked its first member: each member was booked
    // alone, and the first one stood when the second's time was taken.
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.method !== 'POST' || request.url !== '/api/family-bookings') return payload;
        if (reply.statusCode !== 409) return payload;
        const body = request.body as {
          members: { personId: number; slotKey: string }[];
          contact: Record<string, string>;
        };
        const first = body.members[0];
        if (!first) return payload;
        await app.inject({
          method: 'POST',
          url: '/api/reservations',
          headers: {
            authorization: String(request.headers.authorization),
            'x-acting-for': String(first.personId),
            'x-requested-with': 'XMLHttpRequest',
            'content-type': 'application/json',
          },
          payload: {
            slotKey: first.slotKey,
            customerType: 'private',
            allowDuplicate: true,
            customer: { firstName: 'Aino', lastName: 'Perhe', ...body.contact },
          },
        });
        return payload;
      }),
    );
    const result = outcome(await run(baseUrl), 'family_booking_all_or_none');
    expect(result?.outcome, JSON.stringify(result)).toBe('failed');
    expect(result?.message).toMatch(/^the family booking was refused, yet the first member's time/);
  }, 60_000);
});

/** The invariants of acting for another person, each with its broken variant above. */
const FAMILY_INVARIANTS = [
  'guardian_never_sees_a_hidden_visit',
  'act_for_another_is_recorded',
  'no_action_for_a_person_not_offered',
  'no_right_after_the_18th_birthday',
  'no_action_without_a_live_mandate',
  'family_booking_all_or_none',
] as const;
