import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';
import { check, failures, operation } from './checker.ts';
import { devToken, start } from './harness.ts';

// RESTler's namespace rule (no_use_of_another_users_resource): the patient's reservation,
// conversation and profile, tried by their ids as another patient (mandatary), are refused and
// stay as they were.

const RULE = 'no_use_of_another_users_resource';
const RESERVATION_OPERATIONS = [
  'listReservations',
  'getReservation',
  'getReservationCalendar',
  'setReservationVisibility',
  'setWaitlistEntry',
  'leaveWaitlist',
  'confirmReservation',
  'moveReservation',
  'cancelReservation',
];

const ruleChecks = (report: Awaited<ReturnType<typeof check>>, id: string) =>
  operation(report, id).checks.filter((c) => c.id === RULE);

/**
 * A server that refuses another patient's cancel with 404 and cancels all the same: the
 * reservation is changed by its id alone, and the answer only then asks whose it is.
 */
function changesAndThenRefuses(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method !== 'POST' || !/^\/api\/reservations\/\d+\/cancel$/.test(path))
      return payload;
    if (reply.statusCode !== 404 || request.headers['x-seeded-owner'] !== undefined) return payload;
    const owned = await app.inject({
      method: 'POST',
      url: request.url,
      headers: {
        authorization: `Bearer ${await devToken(app, 'patient')}`,
        'x-requested-with': 'XMLHttpRequest',
        'x-seeded-owner': '1',
      },
    });
    expect(owned.statusCode).toBe(200);
    return payload;
  });
}

describe("the namespace rule: another patient's resources are not theirs", () => {
  test('the dev server refuses every operation on the patient’s reservation, conversation and profile to mandatary', async () => {
    const baseUrl = await start();
    const report = await check(baseUrl, {
      operations: [
        ...RESERVATION_OPERATIONS,
        'listConversations',
        'getConversation',
        'sendChatMessage',
        'streamConversation',
        'closeConversation',
        'getMe',
        'updateProfile',
      ],
      checks: [RULE],
      loginAs: ['patient', 'mandatary'],
    });
    expect(failures(report)).toEqual([]);
    const tried = report.operations.flatMap((o) =>
      o.checks
        .filter((c) => c.id === RULE && c.name.startsWith('answers'))
        .map((c) => [o.operationId, c.outcome]),
    );
    expect(tried).toHaveLength(13);
    expect(tried.every(([, outcome]) => outcome === 'passed')).toBe(true);
    // Each try is mandatary's own call, sent between two reads of the owner.
    const [get] = ruleChecks(report, 'getReservation');
    const labels = get?.exchanges.map((e) => `${e.label} → ${e.status}`) ?? [];
    expect(labels.filter((l) => l.startsWith('namespace:'))).toEqual([
      'namespace: patient reads the reservation → 200',
      "namespace: mandatary tries patient's reservation → 404",
      'namespace: patient reads the reservation again → 200',
    ]);
    const tries = get?.exchanges.find((e) => e.label.startsWith('namespace: mandatary'));
    expect(tries?.requestHeaders.authorization).toBe('Bearer $MANDATARY_TOKEN');
    expect(Object.keys(tries?.requestHeaders ?? {})).not.toContain('x-acting-for');
  }, 60_000);

  test('a change made before the refusal is found by the owner’s read afterwards, with a reproducer', async () => {
    const baseUrl = await start(changesAndThenRefuses);
    const report = await check(baseUrl, {
      operations: RESERVATION_OPERATIONS,
      checks: [RULE],
      loginAs: ['patient', 'mandatary'],
    });
    const [cancel] = ruleChecks(report, 'cancelReservation');
    expect(cancel?.outcome).toBe('failed');
    expect(cancel?.message).toMatch(
      /patient's reservation \d+ changed after mandatary's POST \/api\/reservations\/\{id\}\/cancel/,
    );
    // The reproducer replays the find and the try: the owner's listing first.
    expect(cancel?.reproduce).toMatch(/reservations\?group=future[\s\S]*\$MANDATARY_TOKEN/);
    const others = report.operations
      .filter((o) => o.operationId !== 'cancelReservation')
      .flatMap((o) => o.checks.filter((c) => c.outcome === 'failed'));
    expect(others).toEqual([]);
  }, 60_000);

  test('without a second patient signed in the rule is skipped, saying whom to sign in', async () => {
    const baseUrl = await start();
    const report = await check(baseUrl, {
      operations: ['listReservations', 'getReservation'],
      checks: [RULE],
      loginAs: ['patient'],
    });
    const [find, get] = [
      ...ruleChecks(report, 'listReservations'),
      ...ruleChecks(report, 'getReservation'),
    ];
    expect(find?.outcome).toBe('skipped');
    expect(find?.message).toMatch(/--login-as mandatary or --login-as guardian/);
    expect(get?.outcome).toBe('skipped');
  }, 60_000);
});
