import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  ANSWER_CHECKS,
  CHECK_IDS,
  formatTable,
  invariantResults,
  runConformance,
  toHtml,
  toJUnit,
  writeReports,
  type Report,
} from '../src/index.ts';
import { check, failures, operation } from './checker.ts';
import { ALL_USERS, listen, start, TEST_NOW, withServer } from './harness.ts';
import { buildApp, createSeededState, devSession } from '@portal/devserver/http';
import { indexContract } from '@portal/sdk/contract';

// The checker against the dev server as it is: every check passes, and the reports say what ran.

describe('the conformance checker against the dev server', () => {
  let report: Report;

  beforeAll(async () => {
    report = await withServer((baseUrl) => check(baseUrl, { reset: true }));
  }, 60_000);

  test('every check passes against the dev server', () => {
    expect(failures(report)).toEqual([]);
    expect(report.ok).toBe(true);
  });

  test('every check has a stable id from the list; each selectable id is on some check', () => {
    const used = new Set(report.operations.flatMap((o) => o.checks.map((c) => c.id)));
    const setup = ['server_reachable', 'signs_in', 'token_fits_user'];
    expect(report.setup.map((c) => c.id).every((id) => setup.includes(id))).toBe(true);
    // Setup steps: a cleanup that failed and a server that stopped answering; neither here. The
    // resource-hierarchy rule has nothing to check in the portal's contract: no path nests a
    // child under a parent id (test/hierarchy.test.ts runs it on a test-only pair).
    const setupOnly = [...setup, 'cleans_up', 'server_answers_to_the_end'];
    const nothingToCheck = ['no_child_through_wrong_parent'];
    expect([...used].sort()).toEqual(
      CHECK_IDS.filter((id) => !setupOnly.includes(id) && !nothingToCheck.includes(id)).sort(),
    );
    // Nothing warned: the dev server's staff answers hold only documented properties too.
    expect(report.totals.warnings).toBe(0);
    const booking = operation(report, 'createReservation').checks;
    expect(booking.find((c) => c.name.includes('slot-taken when the same'))?.id).toBe(
      'one_booking_per_slot',
    );
    expect(operation(report, 'getMe').checks.map((c) => c.id)).toContain(
      'unauthorized_without_token',
    );
  });

  test('every check has a category: contract, auth and roles, business rule or dev-only', () => {
    const categoryOf = (id: string, name: string) =>
      operation(report, id).checks.find((c) => c.name === name)?.category;
    expect(categoryOf('getMe', 'answers 401 unauthorized without a token')).toBe('auth');
    expect(categoryOf('getConfig', ANSWER_CHECKS.status)).toBe('contract');
    expect(categoryOf('setDevClock', ANSWER_CHECKS.status)).toBe('dev');
    const booking = operation(report, 'createReservation').checks.find((c) =>
      c.name.includes('slot-taken'),
    );
    expect(booking?.category).toBe('business');
    const { byCategory } = report.coverage;
    for (const category of ['contract', 'auth', 'business', 'dev'] as const) {
      expect(byCategory[category].passed, category).toBeGreaterThan(10);
    }
    const all = report.operations.flatMap((o) => o.checks);
    expect(
      Object.values(byCategory).reduce((sum, c) => sum + c.passed + c.failed + c.skipped, 0),
    ).toBe(all.length);
  });

  test('the coverage counts operations, documented statuses, parameters and schema keywords, and says what was missed', () => {
    const { operations, statuses, parameters } = report.coverage;
    const unanswered = report.operations
      .filter((o) => !o.coverage.answered)
      .map((o) => o.operationId);
    // Emptying the dev server's outbox, journal and faults would take them from everyone else.
    expect(unanswered).toEqual(['clearDevOutbox', 'clearDevJournal', 'clearDevFaults']);
    expect(operations.reached).toBe(operations.documented - 3);
    expect(statuses.reached / statuses.documented).toBeGreaterThan(0.6);
    expect(parameters.reached / parameters.documented).toBeGreaterThan(0.8);
    const { examples } = report.coverage;
    expect(examples.documented).toBeGreaterThan(20);
    expect(examples.reached / examples.documented).toBeGreaterThan(0.4);
    expect(operation(report, 'getMe').coverage.notReached).toContainEqual({
      what: 'the example of header parameter Accept-Language',
      why: 'the run sent Accept-Language: en (--language chooses)',
    });
    const login = operation(report, 'startBankLogin').coverage;
    expect(login.notReached).toContainEqual({
      what: 'status 429',
      why: 'a rate limit: the checker stays under it',
    });
    // Schema keywords: each is broken alone once, past the cap of 20 invalid bodies, except
    // where a rate limit keeps the probes few or the keyword cannot be sent broken.
    const { keywords } = report.coverage;
    expect(keywords.documented).toBeGreaterThan(900);
    expect(keywords.reached / keywords.documented).toBeGreaterThan(0.95);
    const profile = operation(report, 'updateProfile').coverage.keywords;
    expect(profile.documented).toBeGreaterThan(20);
    expect(profile.reached).toBe(profile.documented);
    expect(
      operation(report, 'updateProfile').checks.filter((c) => c.name.startsWith('rejects a body'))
        .length,
    ).toBeGreaterThan(20);
    expect(login.notReached).toContainEqual({
      what: 'keyword body returnPath minLength',
      why: 'an operation with a rate limit gets at most 8 invalid bodies',
    });
    expect(operation(report, 'dropDevSandbox').coverage.notReached).toContainEqual({
      what: 'keyword path name minLength',
      why: 'an empty path segment cannot be sent',
    });
    const unprobed = report.operations.flatMap((o) =>
      o.coverage.notReached.filter((n) => n.what.startsWith('keyword ')).map((n) => n.why),
    );
    expect(new Set(unprobed)).toEqual(
      new Set([
        'an operation with a rate limit gets at most 8 invalid bodies',
        'an empty path segment cannot be sent',
      ]),
    );
    expect(formatTable(report, 200)).toMatch(
      /^Coverage: operations answered \d+ of \d+ \([\d.]+ %\), documented statuses \d+ of \d+ \([\d.]+ %\), parameters sent \d+ of \d+ \([\d.]+ %\), schema keywords probed \d+ of \d+ \([\d.]+ %\), request examples used \d+ of \d+ \([\d.]+ %\) \(what was not reached: the report\)$/m,
    );
  });

  test("the QR login's one-time code and secret are variables in the report, set from the answers that issued them", () => {
    const sent = operation(report, 'exchangeToken')
      .checks.flatMap((c) => c.exchanges)
      .filter((e) => e.status === 200);
    expect(sent.length).toBeGreaterThan(0);
    for (const exchange of sent) {
      expect(exchange.requestBody).toMatch(
        /^\{"grantType":"authorization_code","code":"\$CODE_\d+","state":"\$LOGIN_SECRET_\d+"\}$/,
      );
      expect(exchange.body).toMatch(/"access_token":"\$ACCESS_TOKEN_\d+"/);
      // Its command sets them first, from the login's start and its status.
      expect(exchange.curl).toMatch(/^LOGIN_SECRET_\d+=\$\(value loginSecret\)$/m);
      expect(exchange.curl).toMatch(/^CODE_\d+=\$\(value code\)$/m);
    }
  });

  test('every business invariant holds, each a named business-rule check', () => {
    const results = invariantResults(report);
    expect(results.length).toBeGreaterThanOrEqual(10);
    expect(
      results
        .filter((r) => r.outcome !== 'passed')
        .map((r) => `${r.id}: ${r.outcome} ${r.message ?? ''}`),
    ).toEqual([]);
    expect(formatTable(report, 200)).toContain(
      `Business invariants: ${results.length} of ${results.length} held, 0 failed, 0 skipped, 0 not run`,
    );
  });

  test('text fields are probed with a control character, which the contract and the server refuse', () => {
    const probes = report.operations.flatMap((o) =>
      o.checks
        .filter((c) => c.name.includes('with a control character its pattern refuses'))
        .map((c) => `${o.operationId}: ${c.outcome}`),
    );
    expect(probes).toContain('createRule: passed');
    expect(probes).toContain('sendChatMessage: passed');
    expect(probes.length).toBeGreaterThanOrEqual(10);
  });

  test.each([
    ['no token', []],
    ['a patient token only', ['patient']],
    ['staff tokens only', ['admin', 'content-manager']],
  ] as const)(
    'with %s the run has no false failure; checks that need a missing token are skipped and say so',
    async (_name, loginAs) => {
      const baseUrl = await start();
      const partial = await check(baseUrl, { loginAs: [...loginAs], reset: true });
      expect(failures(partial)).toEqual([]);
      expect(partial.ok).toBe(true);
      if (loginAs.length === 0) {
        const skipped = operation(partial, 'createReservation').checks.find(
          (c) => c.name === 'answers 503 maintenance during a maintenance break',
        );
        expect(skipped?.outcome).toBe('skipped');
        expect(skipped?.message).toMatch(/^needs a token of a role that may call it/);
      }
    },
    60_000,
  );

  test('a server without dev mode (as the clinic’s will be), with tokens given: no false failure', async () => {
    // Tokens made directly, as a backend team brings its own; then dev mode goes off.
    const state = createSeededState({ now: TEST_NOW });
    const tokens: Partial<Record<(typeof ALL_USERS)[number], string>> = {};
    for (const user of ALL_USERS) {
      const session = devSession(state, user);
      if (session.ok) tokens[user] = session.value.access_token;
    }
    state.settings.devMode = false;
    const app = await buildApp({ webRoot: null, state, devMode: false });
    const real = await runConformance({
      baseUrl: await listen(app),
      tokens,
      timeoutMs: 5000,
      seed: 7,
    });
    expect(failures(real)).toEqual([]);
    // The invariants that need the dev controls say so; the others hold without them.
    const invariants = invariantResults(real);
    const needDev = invariants.filter((i) => i.outcome === 'skipped');
    expect(needDev.map((i) => i.id).sort()).toEqual([
      'cancel_receipt_sent_once',
      'changes_close_24_hours_before',
      'confirmation_in_the_outbox',
      'hold_expires',
      'idle_token_expires',
      'maintenance_blocks_bookings',
      'move_receipt_sent',
      'no_action_without_a_live_mandate',
      'no_right_after_the_18th_birthday',
    ]);
    for (const invariant of needDev) expect(invariant.message).toMatch(/dev/);
    expect(invariants.filter((i) => i.outcome === 'passed').length).toBe(invariants.length - 9);
    expect(real.signedIn).toEqual([...ALL_USERS]);
    const devCheck = operation(real, 'getDevClock').checks.find(
      (c) => c.name === 'answers a valid request with 2xx',
    );
    expect(devCheck?.outcome).toBe('skipped');
    expect(devCheck?.message).toMatch(/dev mode is off/);
  }, 60_000);

  test('every operation of the contract is checked, the published calls first', () => {
    expect(report.operations).toHaveLength(125);
    const statuses = report.operations.map((o) => o.status);
    expect(statuses.indexOf('proposed')).toBe(7);
    expect(statuses.slice(0, 7).every((s) => s === 'published')).toBe(true);
    // Every answer of every operation is checked, for undocumented fields too: a patient's view
    // fails on one, any other operation warns (the same id, another sentence).
    const { undocumented, undocumentedElsewhere, ...everyAnswer } = ANSWER_CHECKS;
    const patientViews = indexContract()
      .operations.filter((o) => o.roles.includes('patient'))
      .map((o) => o.operationId);
    expect(patientViews).toEqual(expect.arrayContaining(['listCoupons', 'getCoupon']));
    for (const o of report.operations) {
      const names = o.checks.map((c) => c.name);
      expect(names).toEqual(expect.arrayContaining(Object.values(everyAnswer)));
      const patientView = patientViews.includes(o.operationId as (typeof patientViews)[number]);
      expect(names.includes(undocumented), o.operationId).toBe(patientView);
      expect(names.includes(undocumentedElsewhere), o.operationId).toBe(!patientView);
    }
  });

  test('the stateful flows ran: booking, coupons, chat and the QR login', () => {
    const passed = (id: string, name: string): void => {
      const result = operation(report, id).checks.find((c) => c.name === name);
      expect(result?.outcome, `${id}: ${name} (${result?.message ?? 'missing'})`).toBe('passed');
    };
    passed(
      'getFirstFreeTimes',
      'gives each branch the first slot of its first free day in the day view',
    );
    passed('createReservation', 'books a free slot (201 with the new confirmed reservation)');
    passed('createReservation', 'answers 409 slot-taken when the same slot is booked again');
    passed('createSlotHold', 'holds a free slot (201 with its key and up to 600 seconds left)');
    passed('getDaySlots', 'leaves a held slot out of the day view');
    passed('createSlotHold', 'answers 409 slot-taken when a held slot is held again');
    passed('getSlotHold', 'returns a live hold (200)');
    passed(
      'createReservation',
      "books a held slot with the hold's holdId (201), which uses the hold up (getSlotHold 404)",
    );
    passed(
      'releaseSlotHold',
      'releases a hold (204, and 204 again), after which the day view lists the slot and getSlotHold answers 404',
    );
    passed('moveReservation', 'moves the reservation to another free slot (200, new start time)');
    passed('cancelReservation', 'cancels the reservation (200, status cancelled)');
    passed('listReservations', 'lists the reservation just booked in the future group');
    passed(
      'getReservationCalendar',
      'returns the reservation as an iCalendar event (stable UID, UTC start, CONFIRMED)',
    );
    passed('getReservationCalendar', 'keeps the UID of a moved reservation, with its new start');
    passed(
      'setWaitlistEntry',
      'puts a future reservation on the earlier-time waitlist (200 with the entry)',
    );
    passed('listWaitlist', 'offers a freed earlier time to the waiting reservation (status open)');
    passed(
      'acceptWaitlistOffer',
      'moves the reservation into the accepted offer (200, the offered start)',
    );
    passed(
      'leaveWaitlist',
      'takes the reservation off the waitlist (204, also when it has no entry)',
    );
    passed(
      'listDevOutbox',
      'holds the confirmation of the reservation just booked, without the national id',
    );
    passed(
      'getReservationCalendar',
      'marks the cancelled reservation STATUS:CANCELLED under the same UID',
    );
    passed('redeemCoupon', 'answers 409 already-redeemed with RedeemedAt when redeemed twice');
    passed(
      'streamConversation',
      'opens the event stream with the bearer token (text/event-stream)',
    );
    passed('logout', 'kills the token: getMe answers 401 unauthorized afterwards');
    passed(
      'listPatients',
      'answers 403 forbidden to a signed-in content-manager (role contentManager not allowed)',
    );
    passed('getMonthAvailability', 'answers 503 maintenance during a maintenance break');
    passed('resetDevState', 'resets the dev server (204)');
  });

  test('the JUnit XML has one testsuite per operation and one testcase per check', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-'));
    const files = await writeReports(report, dir);
    const xml = readFileSync(files.junit, 'utf8');
    const operationSuites = xml.match(/<testsuite name="[^"]*\[(published|proposed)\]"/g) ?? [];
    expect(operationSuites).toHaveLength(125);
    const checks =
      report.operations.reduce((sum, o) => sum + o.checks.length, 0) + report.setup.length;
    expect(xml.match(/<testcase /g)).toHaveLength(checks);
    expect(readFileSync(files.markdown, 'utf8')).toContain('# Contract conformance report');
    expect(xml).toBe(toJUnit(report));
  });

  test('the HTML report is one self-contained page: summary, then the matrix, published first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-'));
    const files = await writeReports(report, dir);
    const html = readFileSync(files.html, 'utf8');
    expect(html).toBe(toHtml(report));
    expect(html.startsWith('<!doctype html>')).toBe(true);
    // Nothing is fetched from elsewhere: no stylesheet, script or image by address.
    expect(html).not.toMatch(/<link|<script src|<img|url\(/);
    // The result says what was skipped as well (checks no test user or dev control can reach).
    const { skipped, checks } = report.totals;
    expect(html).toContain(
      skipped === 0
        ? 'Every check passed.'
        : `Every check that ran passed; ${skipped} of ${checks} checks skipped (--fail-on-skipped fails on them).`,
    );
    const published = html.indexOf('<h2>Published calls (7)</h2>');
    const proposed = html.indexOf('<h2>Proposed calls (118)</h2>');
    expect(published).toBeGreaterThan(0);
    expect(proposed).toBeGreaterThan(published);
    expect(html.match(/<tr><td><span class="ok">✓<\/span>/g)).toHaveLength(125);
    // The data file holds the whole report, for --only-failed.
    expect(JSON.parse(readFileSync(files.json, 'utf8'))).toEqual(report);
  });

  test('a read-only run skips every check that changes data and still passes', async () => {
    const baseUrl = await start();
    const readOnly = await check(baseUrl, {
      destructive: false,
      operations: ['createReservation', 'redeemCoupon', 'getDaySlots', 'deleteArticle'],
    });
    expect(failures(readOnly)).toEqual([]);
    const booking = operation(readOnly, 'createReservation').checks.find((c) =>
      c.name.startsWith('books a free slot'),
    );
    expect(booking?.outcome).toBe('skipped');
    expect(
      operation(readOnly, 'deleteArticle')
        .checks.filter((c) => c.destructive)
        .every((c) => c.outcome === 'skipped'),
    ).toBe(true);
  }, 30_000);
});

describe('a read-only run', () => {
  test('sends no write at all: GET only, besides the dev sign-ins --login-as asks for', async () => {
    const sent: string[] = [];
    const baseUrl = await start((app) =>
      app.addHook('onRequest', async (request) => {
        sent.push(`${request.method} ${request.url.split('?')[0] ?? ''}`);
      }),
    );
    const report = await check(baseUrl, { destructive: false });
    expect(failures(report)).toEqual([]);
    const writes = sent.filter((line) => !line.startsWith('GET '));
    expect(new Set(writes)).toEqual(new Set(['POST /api/dev/session']));
    expect(sent.length).toBeGreaterThan(300);
    const skippedForWrites = report.operations
      .flatMap((o) => o.checks)
      .filter((c) => c.message?.includes('a read-only run (--no-destructive) sends no write'));
    expect(skippedForWrites.length).toBeGreaterThan(50);
  }, 120_000);
});
