import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  ANSWER_CHECKS,
  COUPON_FLOW_OPERATIONS,
  commonFailures,
  formatTable,
  GENERATED_CHECK,
  GENERATED_QUERY_CHECK,
  INVARIANTS,
  invariantResults,
  runConformance,
  toHtml,
  toJUnit,
  toMarkdown,
  toMarkdownSummary,
  redact,
  tokenVariable,
  writeReports,
  type ConformanceOptions,
  type OperationReport,
  type Report,
} from '../src/index.ts';
import { ALL_USERS, cli, closeServers, listen, start, TEST_NOW, tokenEnv } from './harness.ts';
import { buildApp, createSeededState, devSession } from '@portal/devserver/http';

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
] as const;

async function check(baseUrl: string, options: Partial<ConformanceOptions> = {}): Promise<Report> {
  // A fixed seed: the generated bodies are the same in every run of the tests.
  return runConformance({ baseUrl, loginAs: ALL_USERS, timeoutMs: 5000, seed: 7, ...options });
}

function operation(report: Report, id: string): OperationReport {
  const found = report.operations.find((o) => o.operationId === id);
  if (!found) throw new Error(`${id} is not in the report`);
  return found;
}

/** "operation: check: message" for every failed check. */
function failures(report: Report): string[] {
  return [
    ...report.setup
      .filter((c) => c.outcome === 'failed')
      .map((c) => `setup: ${c.name}: ${c.message ?? ''}`),
    ...report.operations.flatMap((o) =>
      o.checks
        .filter((c) => c.outcome === 'failed')
        .map((c) => `${o.operationId}: ${c.name}: ${c.message ?? ''}`),
    ),
  ];
}

function failed(report: Report, id: string, check: string): string {
  const result = operation(report, id).checks.find((c) => c.name === check);
  if (!result) throw new Error(`${id} has no check "${check}"`);
  expect(result.outcome, `${id}: ${check}`).toBe('failed');
  return result.message ?? '';
}

const ERROR = { UserMessage: 'Broken on purpose.', Code: 'server-error' };

const run = promisify(execFile);

/** The status line of a curl command's answer, with the test users' tokens in its variables. */
async function curlStatus(curl: string, env: NodeJS.ProcessEnv): Promise<number> {
  // The server runs in this process: the command must not block it (no execFileSync).
  // In a folder of its own: an upload's command writes its file (upload.bin) where it runs.
  const cwd = mkdtempSync(join(tmpdir(), 'portal-curl-'));
  const { stdout } = await run('bash', ['-c', `${curl} --max-time 10`], {
    encoding: 'utf8',
    env,
    cwd,
  });
  rmSync(cwd, { recursive: true, force: true });
  return Number(/^HTTP\/[\d.]+ (\d{3})/.exec(stdout)?.[1]);
}

/**
 * Runs the checker against a broken server, then replays the last request of every failed check
 * with its curl command: the same status must come back (uploads, which the command leaves to a
 * file, aside).
 */
async function checkBroken(
  baseUrl: string,
  options: Partial<ConformanceOptions> = {},
): Promise<Report> {
  const report = await check(baseUrl, options);
  const env = await tokenEnv(baseUrl);
  let replayed = 0;
  for (const o of report.operations) {
    for (const c of o.checks) {
      const exchange = c.exchanges.at(-1);
      if (c.outcome !== 'failed' || !exchange || exchange.status === null) continue;
      expect(
        await curlStatus(exchange.curl, env),
        `${o.operationId}: ${c.name}\n${exchange.curl}`,
      ).toBe(exchange.status);
      replayed += 1;
    }
  }
  expect(replayed).toBeGreaterThan(0);
  return report;
}

describe('the conformance checker against the dev server', () => {
  let report: Report;

  beforeAll(async () => {
    const baseUrl = await start();
    report = await check(baseUrl, { reset: true });
    await closeServers();
  }, 60_000);

  test('every check passes against the dev server', () => {
    expect(failures(report)).toEqual([]);
    expect(report.ok).toBe(true);
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

  test('the one-time code of the QR login is redacted in the report', () => {
    const sent = operation(report, 'exchangeToken')
      .checks.flatMap((c) => c.exchanges)
      .filter((e) => e.status === 200);
    expect(sent.length).toBeGreaterThan(0);
    for (const exchange of sent) expect(exchange.requestBody).toContain('"code":"[redacted]"');
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
    ]);
    for (const invariant of needDev) expect(invariant.message).toMatch(/dev/);
    expect(invariants.filter((i) => i.outcome === 'passed').length).toBe(invariants.length - 7);
    expect(real.signedIn).toEqual([...ALL_USERS]);
    const devCheck = operation(real, 'getDevClock').checks.find(
      (c) => c.name === 'answers a valid request with 2xx',
    );
    expect(devCheck?.outcome).toBe('skipped');
    expect(devCheck?.message).toMatch(/dev mode is off/);
  }, 60_000);

  test('every operation of the contract is checked, the published calls first', () => {
    expect(report.operations).toHaveLength(118);
    const statuses = report.operations.map((o) => o.status);
    expect(statuses.indexOf('proposed')).toBe(7);
    expect(statuses.slice(0, 7).every((s) => s === 'published')).toBe(true);
    for (const o of report.operations) {
      expect(o.checks.map((c) => c.name)).toEqual(
        expect.arrayContaining(Object.values(ANSWER_CHECKS)),
      );
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
    expect(operationSuites).toHaveLength(118);
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
    const proposed = html.indexOf('<h2>Proposed calls (111)</h2>');
    expect(published).toBeGreaterThan(0);
    expect(proposed).toBeGreaterThan(published);
    expect(html.match(/<tr><td><span class="ok">✓<\/span>/g)).toHaveLength(118);
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

describe('the conformance checker finds a broken server', () => {
  test('reports a response body field of the wrong type (listBranches Id as a string)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, _reply, payload) => {
        if (request.url !== '/api/branches' || typeof payload !== 'string') return payload;
        const branches = JSON.parse(payload) as { Id: number }[];
        return JSON.stringify(branches.map((b) => ({ ...b, Id: String(b.Id) })));
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['listBranches'], loginAs: [] });
    expect(failed(report, 'listBranches', ANSWER_CHECKS.body)).toMatch(/\/0\/Id must be integer/);
    expect(report.ok).toBe(false);
  });

  test('the Markdown summary fits a pull-request comment however much fails', async () => {
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        const spared = ['/api/dev/', '/api/me', '/api/config'].some((p) =>
          request.url.startsWith(p),
        );
        if (request.url.startsWith('/api/') && !spared) {
          reply.code(500);
          return JSON.stringify(ERROR);
        }
        return payload;
      }),
    );
    const report = await check(baseUrl, { loginAs: ['patient', 'admin'], maxExamples: 1 });
    expect(report.totals.failed).toBeGreaterThan(300);
    const summary = toMarkdownSummary(report);
    expect(summary.length).toBeLessThan(20_000);
    expect(summary).toMatch(/^### Contract conformance: ❌ \d+ checks failed in \d+ operations/);
    expect(summary).toMatch(/…and \d+ more failures\./);
    expect(summary).toContain('| category | passed | failed | skipped |');
    expect(toMarkdown(report).length).toBeGreaterThan(summary.length * 5);
  }, 60_000);

  test('reports a status the contract does not document (getConfig answering 418)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        if (request.url === '/api/config')
          await reply.code(418).send({ ...ERROR, Code: 'bad-request' });
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['getConfig'], loginAs: [] });
    expect(failed(report, 'getConfig', ANSWER_CHECKS.status)).toMatch(/418 is not documented/);
    expect(failed(report, 'getConfig', 'answers a valid request with 2xx')).toMatch(
      /got GET \/api\/config → 418/,
    );
  });

  test('reports a method its path does not take answered 200 (DELETE /api/config)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('onRequest', async (request, reply) => {
        if (request.method === 'DELETE' && request.url === '/api/config')
          await reply.code(200).send({});
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['getConfig'], loginAs: [] });
    expect(
      failed(
        report,
        'getConfig',
        'answers 405 with Allow (GET) to a method its path does not take',
      ),
    ).toMatch(/DELETE: expected 405, got DELETE \/api\/config → 200/);
  });

  test('reports a 405 without its Allow header (listBranches)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.url === '/api/branches') reply.removeHeader('allow');
        return payload;
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['listBranches'], loginAs: [] });
    expect(
      failed(
        report,
        'listBranches',
        'answers 405 with Allow (GET) to a method its path does not take',
      ),
    ).toMatch(/PUT: 405 without an Allow header/);
  });

  test('reports a status poll answered without its required header (getQrLoginStatus)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        if (request.url.startsWith('/api/auth/qr/') && !request.headers['x-login-secret'])
          await reply.code(200).send({ Status: 'pending' });
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['getQrLoginStatus'], loginAs: [] });
    expect(
      failed(
        report,
        'getQrLoginStatus',
        'rejects a request without the required header `X-Login-Secret` with 4xx, never 5xx',
      ),
    ).toMatch(/→ 200/);
  });

  test('reports a 500 for invalid input (createDevSession with an invalid body)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        const body = request.body as { user?: unknown } | undefined;
        const valid =
          typeof body === 'object' &&
          body !== null &&
          !Array.isArray(body) &&
          ['patient', 'admin', 'content-manager', 'first-login', 'survey'].includes(
            String(body.user),
          );
        if (request.url === '/api/dev/session' && !valid) await reply.code(500).send(ERROR);
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['createDevSession'], loginAs: [] });
    const rejected = operation(report, 'createDevSession').checks.filter((c) =>
      c.name.startsWith('rejects'),
    );
    expect(rejected.length).toBeGreaterThan(3);
    expect(
      rejected.every(
        (c) =>
          c.outcome === 'failed' &&
          /expected 4xx, got POST \/api\/dev\/session → 500/.test(c.message ?? ''),
      ),
    ).toBe(true);
    expect(failed(report, 'createDevSession', ANSWER_CHECKS.status)).toMatch(
      /500 is not documented/,
    );
  });

  test('reports an error answer that grows with the request (checkCampaignCode listing every bad text)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        if (request.url !== '/api/campaign-codes/check') return;
        const body = request.body as { code?: unknown } | undefined;
        if (typeof body?.code === 'string') return;
        // One field error per text with its whole path: what the dev server once answered.
        const Errors = Array.from({ length: 3000 }, (_, i) => ({
          field: `${'0.'.repeat(40)}${i}`,
          errorMessage: 'Remove the invisible control characters from this field.',
        }));
        await reply.code(400).send({ ...ERROR, Code: 'validation-failed', Errors });
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['checkCampaignCode'], loginAs: [] });
    for (const label of [
      'a JSON body nested 5,000 levels deep',
      'a JSON body of 3,000 texts with a control character, 40 levels deep',
    ]) {
      expect(
        failed(
          report,
          'checkCampaignCode',
          `rejects ${label} with a short 4xx (at most 8192 bytes)`,
        ),
      ).toMatch(/the answer is \d+ bytes: an error answer must stay short/);
    }
  });

  test('reports a 500 to a short image upload (uploadCouponImage)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        const body = request.body;
        const short = body instanceof Uint8Array && body.byteLength < 16;
        if (request.method === 'PUT' && request.url.endsWith('/image') && short)
          await reply.code(500).send(ERROR);
      }),
    );
    const report = await checkBroken(baseUrl, {
      operations: [...COUPON_FLOW_OPERATIONS],
      reset: true,
    });
    expect(
      failed(
        report,
        'uploadCouponImage',
        'answers 415 unsupported-media-type, not 500, to a short or cut-off PNG',
      ),
    ).toMatch(/→ 500/);
  });

  test('reports a server that takes a cross-site form post (startQrLogin)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('onRequest', async (request) => {
        // A server that does not look at X-Requested-With.
        request.headers['x-requested-with'] = 'XMLHttpRequest';
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['startQrLogin'], loginAs: [] });
    expect(
      failed(
        report,
        'startQrLogin',
        'refuses a cross-site form post (no X-Requested-With, a form body) with 400 bad-request',
      ),
    ).toMatch(/expected 400, got POST \/api\/auth\/qr → 200/);
  });

  test('reports a missing auth check (getMe answering 200 without a token)', async () => {
    const user = {
      Id: 1001,
      WebRole: 'patient',
      TermsAccepted: true,
      PrivacyPolicyAccepted: true,
      EmailMarketingEnabled: false,
      SmsMarketingEnabled: false,
      AreasOfInterests: [],
      OwnBranchId: null,
      OwnEmployeeId: null,
      ShouldShowProfilePage: false,
      Person: {
        FirstName: 'Maija',
        LastName: 'Meikäläinen',
        SSN: '150385-914H',
        PhoneNumber: '+358401234567',
        EmailAddress: 'maija@example.fi',
      },
    };
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        if (request.url === '/api/me' && !request.headers.authorization)
          await reply.code(200).send(user);
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['getMe'], loginAs: ['patient'] });
    expect(failed(report, 'getMe', 'answers 401 unauthorized without a token')).toMatch(
      /expected 401, got GET \/api\/me → 200/,
    );
    expect(
      operation(report, 'getMe').checks.find((c) => c.name === ANSWER_CHECKS.body)?.outcome,
    ).toBe('passed');
  });

  test("each failure's curl command reproduces it, with the tokens as shell variables", async () => {
    const baseUrl = await start((app) => {
      app.addHook('preHandler', async (request, reply) => {
        if (request.url === '/api/config') await reply.code(500).send(ERROR);
      });
      // A role check forgotten: a patient may list the patients.
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.url.split('?')[0] === '/api/admin/patients' && reply.statusCode === 403) {
          reply.code(200);
          return JSON.stringify({ items: [], total: 0, page: 1, pageSize: 20 });
        }
        return payload;
      });
    });
    const report = await checkBroken(baseUrl, {
      operations: ['getConfig', 'listPatients'],
      loginAs: ['patient'],
    });
    const env = await tokenEnv(baseUrl);

    const reproduced = async (id: string, name: string) => {
      const result = operation(report, id).checks.find((c) => c.name === name);
      expect(result?.outcome, `${id}: ${name}`).toBe('failed');
      const curl = result?.exchanges.at(-1)?.curl ?? 'false';
      expect(curl).toMatch(/^curl -i -X GET '/);
      const status = await curlStatus(curl, env);
      return { curl, status };
    };

    const config = await reproduced('getConfig', 'answers a valid request with 2xx');
    expect(config.status).toBe(500);
    const patients = await reproduced(
      'listPatients',
      'answers 403 forbidden to a signed-in patient (role patient not allowed)',
    );
    expect(patients.status).toBe(200);
    // The token is never written out, only its variable (the contract's hash aside, nothing in
    // the report looks like one).
    expect(patients.curl).toContain(`-H 'authorization: Bearer '"$PATIENT_TOKEN"`);
    const written = JSON.stringify({ ...report, contract: null });
    expect(written).not.toMatch(/[A-Za-z0-9_-]{43}/);

    // The summary names the most common kinds of failure.
    expect(commonFailures(report).map((f) => f.kind)).toContain('answers a valid request with 2xx');
  });

  test('reports a double booking under concurrent requests (one_winner_under_concurrency)', async () => {
    // A server without a lock: a booking that loses the race is answered as if it had won.
    const winners = new Map<string, string>();
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.method !== 'POST' || request.url !== '/api/reservations') return payload;
        const key = String((request.body as { slotKey?: unknown } | undefined)?.slotKey);
        if (reply.statusCode === 201) winners.set(key, String(payload));
        const won = winners.get(key);
        if (reply.statusCode === 409 && won && String(payload).includes('slot-taken')) {
          reply.code(201);
          return won;
        }
        return payload;
      }),
    );
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

  test('--only-failed reruns the operations that failed in the last report', async () => {
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        if (request.url === '/api/config') await reply.code(500).send(ERROR);
      }),
    );
    const out = mkdtempSync(join(tmpdir(), 'conformance-'));
    const first = await cli([
      '--base-url',
      baseUrl,
      '--out',
      out,
      '--operation',
      'getConfig,listBranches',
    ]);
    expect(first.code).toBe(1);
    const html = readFileSync(join(out, 'conformance-report.html'), 'utf8');
    expect(html).toContain('<h2>Most common failures</h2>');
    const rerun = await cli(['--base-url', baseUrl, '--out', out, '--only-failed']);
    expect(rerun.code).toBe(1);
    const report = JSON.parse(readFileSync(join(out, 'conformance-report.json'), 'utf8')) as Report;
    expect(report.operations.map((o) => o.operationId)).toEqual(['getConfig']);
    expect(rerun.printed).toContain('Rerunning the 1 operations that failed: getConfig');
    expect(first.printed + rerun.printed).toContain('Most common failures:');
  }, 30_000);

  test('--only-failed reruns only the failed checks of an operation whose answers were fine', async () => {
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        // An invalid token answers 401 with the wrong code (documented status, valid body).
        if (request.url === '/api/me' && reply.statusCode === 401 && request.headers.authorization)
          return JSON.stringify({ UserMessage: 'No.', Code: 'forbidden' });
        return payload;
      }),
    );
    const out = mkdtempSync(join(tmpdir(), 'conformance-'));
    const first = await cli([
      '--base-url',
      baseUrl,
      '--out',
      out,
      '--login-as',
      'patient',
      '--operation',
      'getMe',
      '--seed',
      '7',
    ]);
    expect(first.code).toBe(1);
    const before = JSON.parse(readFileSync(join(out, 'conformance-report.json'), 'utf8')) as Report;
    const failedNames = operation(before, 'getMe')
      .checks.filter((c) => c.outcome === 'failed')
      .map((c) => c.name);
    expect(failedNames).toContain('answers 401 unauthorized with an invalid token');
    const rerun = await cli([
      '--base-url',
      baseUrl,
      '--out',
      out,
      '--login-as',
      'patient',
      '--only-failed',
    ]);
    expect(rerun.code).toBe(1);
    expect(rerun.printed).toContain(
      `(${failedNames.length} failed checks of 1 operations alone; every check of 0 operations`,
    );
    const after = JSON.parse(readFileSync(join(out, 'conformance-report.json'), 'utf8')) as Report;
    const names = operation(after, 'getMe').checks.map((c) => c.name);
    // The failed checks again (a flow's step with the flow before it), not the ones that passed.
    expect(names).toEqual(expect.arrayContaining(failedNames));
    expect(names).not.toContain('answers 401 unauthorized without a token');
    expect(operation(before, 'getMe').checks.length).toBeGreaterThan(names.length + 2);
  }, 60_000);

  test("--replay reruns a report's failed checks against another server", async () => {
    const broken = await start((app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.url === '/api/me' && reply.statusCode === 401 && request.headers.authorization)
          return JSON.stringify({ UserMessage: 'No.', Code: 'forbidden' });
        return payload;
      }),
    );
    const fixed = await start();
    const out = mkdtempSync(join(tmpdir(), 'conformance-'));
    const argv = ['--login-as', 'patient', '--seed', '7'];
    const first = await cli(['--base-url', broken, '--out', out, '--operation', 'getMe', ...argv]);
    expect(first.code).toBe(1);
    const saved = join(out, 'broken.json');
    writeFileSync(saved, readFileSync(join(out, 'conformance-report.json')));
    const again = join(out, 'again');
    const onFixed = await cli(['--base-url', fixed, '--replay', saved, '--out', again, ...argv]);
    expect(onFixed.printed).toContain(`Replaying the failures of ${broken} against ${fixed}`);
    expect(onFixed.code).toBe(0);
    const onBroken = await cli(['--base-url', broken, '--replay', saved, '--out', again, ...argv]);
    expect(onBroken.code).toBe(1);
    const notAReport = await cli(['--base-url', fixed, '--replay', join(out, 'nothing.json')]);
    expect(notAReport.code).toBe(2);
    expect(notAReport.printed).toContain('--replay needs a report written by this checker');
  }, 60_000);

  test('--compare-with runs the same checks against a second server and lists what differs', async () => {
    const left = await start();
    const same = await start();
    const broken = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        if (request.url === '/api/config')
          await reply.code(418).send({ ...ERROR, Code: 'bad-request' });
      }),
    );
    const out = mkdtempSync(join(tmpdir(), 'conformance-'));
    const argv = [
      '--login-as',
      'patient',
      '--operation',
      'getConfig,listBranches,getMe',
      '--out',
      out,
    ];
    const alike = await cli(['--base-url', left, '--compare-with', same, ...argv]);
    expect(alike.printed).toContain(`0 differences between ${left} and ${same}`);
    expect(alike.code).toBe(0);
    const unlike = await cli(['--base-url', left, '--compare-with', broken, ...argv]);
    expect(unlike.code).toBe(1);
    expect(unlike.printed).toMatch(/[1-9]\d* differences between/);
    expect(unlike.printed).toMatch(
      /getConfig: answers a valid request with 2xx \(status\): a valid request → 200 \| a valid request → 418/,
    );
    const file = readFileSync(join(out, 'conformance-compare.md'), 'utf8');
    expect(file).toContain(`# Comparison: ${left} and ${broken}`);
    expect(file).toContain('| `getConfig` | answers a valid request with 2xx | outcome | passed |');
  }, 60_000);

  test('reports a missing required response header (exportMarketingConsents without Content-Disposition)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.url === '/api/admin/patients/marketing-export')
          reply.removeHeader('content-disposition');
        return payload;
      }),
    );
    const report = await checkBroken(baseUrl, {
      operations: ['exportMarketingConsents'],
      loginAs: ['admin'],
    });
    expect(failed(report, 'exportMarketingConsents', ANSWER_CHECKS.headers)).toMatch(
      /200 lacks the required header content-disposition/,
    );
  });

  test('reports a calendar file whose start is the Helsinki wall time written as UTC', async () => {
    // A classic mistake: 09:00 Helsinki written as 090000Z (two or three hours late).
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, _reply, payload) => {
        if (!/^\/api\/reservations\/\d+\/calendar$/.test(request.url)) return payload;
        return String(payload).replace(/^DTSTART:(\d{8})T\d{6}Z/m, 'DTSTART:$1T090000Z');
      }),
    );
    const report = await checkBroken(baseUrl, {
      operations: ['getReservationCalendar', 'createReservation', 'getMonthAvailability'],
      loginAs: ['patient'],
    });
    expect(
      failed(
        report,
        'getReservationCalendar',
        'returns the reservation as an iCalendar event (stable UID, UTC start, CONFIRMED)',
      ),
    ).toMatch(/DTSTART \d{8}T090000Z, expected \d{8}T\d{6}Z/);
  });

  test("reports a route that answers the router's bare 404 (getTerms)", async () => {
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        if (request.url === '/api/terms')
          await reply.code(404).type('text/plain').send('Not found');
      }),
    );
    const report = await checkBroken(baseUrl, { operations: ['getTerms'], loginAs: [] });
    expect(failed(report, 'getTerms', ANSWER_CHECKS.route)).toMatch(
      /404 on an operation that does not document 404/,
    );
  });

  test('reports a missing role check (a patient listing the patients)', async () => {
    const baseUrl = await start((app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.url.split('?')[0] === '/api/admin/patients' && reply.statusCode === 403) {
          reply.code(200);
          return JSON.stringify({ items: [], total: 0, page: 1, pageSize: 20 });
        }
        return payload;
      }),
    );
    const report = await checkBroken(baseUrl, {
      operations: ['listPatients'],
      loginAs: ['patient', 'admin', 'content-manager'],
    });
    expect(
      failed(
        report,
        'listPatients',
        'answers 403 forbidden to a signed-in patient (role patient not allowed)',
      ),
    ).toMatch(/expected 403, got .* → 200/);
  });
});

describe('bodies generated from the schemas (--seed, --max-examples)', () => {
  const takes = (report: Report, id: string) =>
    operation(report, id).checks.find((c) => c.name === GENERATED_CHECK);
  const bodiesOf = (report: Report, id: string): string[] =>
    (takes(report, id)?.exchanges ?? [])
      .filter((e) => e.label.startsWith('generated body'))
      .map((e) => e.requestBody);

  test('find a server stricter than its contract, and the same seed sends the same bodies', async () => {
    // A server that refuses rule texts beyond ASCII, which the contract's pattern lets through.
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        const body = request.body as { description?: unknown } | undefined;
        if (
          request.method === 'POST' &&
          request.url === '/api/admin/rules' &&
          typeof body?.description === 'string' &&
          /[^\x20-\x7e]/.test(body.description)
        ) {
          await reply.code(400).send({
            UserMessage: 'Check the highlighted fields.',
            Code: 'validation-failed',
            Errors: [{ field: 'description', errorMessage: 'ASCII only.' }],
          });
        }
      }),
    );
    const options = {
      operations: ['createRule'],
      loginAs: ['content-manager'] as const,
      seed: 20261127,
      maxExamples: 4,
    };
    const first = await check(baseUrl, options);
    expect(failed(first, 'createRule', GENERATED_CHECK)).toMatch(
      /of 4 bodies valid by the contract were refused \(seed 20261127\): body \d \((min|max|random)\): POST \/api\/admin\/rules → 400/,
    );
    expect(first.generated).toEqual({ seed: 20261127, maxExamples: 4 });
    expect(formatTable(first, 200)).toContain(
      'Generated bodies: up to 4 per operation, seed 20261127 (--seed 20261127 repeats them)',
    );
    const again = await check(baseUrl, options);
    expect(bodiesOf(again, 'createRule')).toEqual(bodiesOf(first, 'createRule'));
    expect(bodiesOf(first, 'createRule')).toHaveLength(4);
    const other = await check(baseUrl, { ...options, seed: 1 });
    expect(bodiesOf(other, 'createRule')).not.toEqual(bodiesOf(first, 'createRule'));
  }, 60_000);

  test('generated query strings find a server stricter than its contract on a parameter', async () => {
    // A server that refuses pages of more than 50 patients, which the contract allows up to 100.
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        const query = request.query as { pageSize?: unknown } | undefined;
        if (request.url.startsWith('/api/admin/patients?') && Number(query?.pageSize) > 50) {
          await reply.code(400).send({
            UserMessage: 'Check the highlighted fields.',
            Code: 'validation-failed',
            Errors: [{ field: 'pageSize', errorMessage: 'At most 50.' }],
          });
        }
      }),
    );
    const report = await check(baseUrl, {
      operations: ['listPatients'],
      loginAs: ['admin'],
      seed: 20261127,
      maxExamples: 3,
    });
    // The second query has every parameter at its upper bound: pageSize 100.
    expect(failed(report, 'listPatients', GENERATED_QUERY_CHECK)).toMatch(
      /of 3 query strings valid by the contract were refused \(seed 20261127\): query 2 \(max\) \{[^}]*"pageSize":100[^}]*\}: GET \/api\/admin\/patients → 400/,
    );
    const sent = operation(report, 'listPatients')
      .checks.flatMap((c) => c.exchanges)
      .filter((e) => e.label.startsWith('generated query'));
    expect(sent).toHaveLength(3);
    expect(sent[0]?.url).not.toContain('pageSize');
  }, 60_000);

  test('--max-examples bounds them, 0 sends none; what a create made is deleted', async () => {
    const baseUrl = await start();
    const admin = (await tokenEnv(baseUrl))[tokenVariable('admin')] ?? '';
    const rules = async (): Promise<unknown> =>
      (
        await fetch(`${baseUrl}/api/admin/rules`, { headers: { authorization: `Bearer ${admin}` } })
      ).json();
    const before = await rules();
    const two = await check(baseUrl, { operations: ['createRule', 'deleteRule'], maxExamples: 2 });
    expect(bodiesOf(two, 'createRule')).toHaveLength(2);
    expect(takes(two, 'createRule')?.outcome).toBe('passed');
    expect(await rules()).toEqual(before);
    const none = await check(baseUrl, { operations: ['createRule'], maxExamples: 0 });
    expect(takes(none, 'createRule')).toBeUndefined();
  }, 60_000);
});

describe('the checker is never green by accident', () => {
  test('a token the server rejects stops the run before any check, naming the user', async () => {
    const baseUrl = await start();
    await expect(
      runConformance({ baseUrl, tokens: { admin: 'expired-or-foreign' }, operations: ['getMe'] }),
    ).rejects.toThrow(/stopped before checking[\s\S]*the token for admin is rejected \(401\)/);
    const out = mkdtempSync(join(tmpdir(), 'conformance-'));
    const run = await cli(['--base-url', baseUrl, '--token', 'admin=expired', '--out', out]);
    expect(run.code).toBe(2);
    expect(run.printed).toContain('the token for admin is rejected (401)');
  });

  test('a token of another kind of user stops it too (a patient given as admin, first-login who accepted)', async () => {
    const baseUrl = await start();
    const env = await tokenEnv(baseUrl);
    const patient = env[tokenVariable('patient')] ?? '';
    const error = await runConformance({
      baseUrl,
      tokens: { admin: patient, 'first-login': patient },
      operations: ['getMe'],
    }).catch((caught: unknown) => caught as Error);
    expect(String(error)).toContain(
      'the token for admin belongs to a user whose WebRole is "patient", not admin',
    );
    expect(String(error)).toContain('the token for first-login belongs to a user who has accepted');
  });

  test('--login-as or --reset against a server without dev mode says so and exits 2', async () => {
    const app = await buildApp({ webRoot: null, devMode: false });
    const baseUrl = await listen(app);
    const run = await cli(['--base-url', baseUrl, '--login-as', 'patient', '--reset']);
    expect(run.code).toBe(2);
    expect(run.printed).toContain(
      `--login-as and --reset need a dev server in dev mode, and ${baseUrl} is not one (x-dev-mode: false)`,
    );
  });

  test('skipped checks are always counted, and fail the run with --fail-on-skipped', async () => {
    const baseUrl = await start();
    const options = { baseUrl, operations: ['getMe', 'getConfig'], timeoutMs: 5000 };
    const lenient = await runConformance(options);
    expect(lenient.ok).toBe(true);
    const { skipped, checks } = lenient.totals;
    expect(skipped).toBeGreaterThan(0);
    expect(formatTable(lenient, 200)).toContain(
      `RESULT: every check that ran passed; ${skipped} of ${checks} checks skipped (--fail-on-skipped fails on them)`,
    );
    const strict = await runConformance({ ...options, failOnSkipped: true });
    expect(strict.ok).toBe(false);
    expect(formatTable(strict, 200)).toContain(
      `RESULT: no check failed, but ${skipped} of ${checks} checks skipped (--fail-on-skipped)`,
    );
    const out = mkdtempSync(join(tmpdir(), 'conformance-'));
    const run = await cli([
      '--base-url',
      baseUrl,
      '--operation',
      'getMe',
      '--fail-on-skipped',
      '--out',
      out,
    ]);
    expect(run.code).toBe(1);
    // With every user signed in, nothing is skipped for getMe and the same option passes.
    const full = await check(baseUrl, { operations: ['getMe'], failOnSkipped: true });
    expect(full.totals.skipped).toBe(0);
    expect(full.ok).toBe(true);
  }, 30_000);
});

describe('the checker library', () => {
  test('redacts credentials only: one-time codes and tokens, not a campaign or postal code', () => {
    expect(redact('{"code":"qr_0123456789abcdefghijklmn","grant_type":"x"}')).toBe(
      '{"code":"[redacted]","grant_type":"x"}',
    );
    expect(redact('{"code":"kesa25"}')).toBe('{"code":"kesa25"}');
    expect(redact('{"code":"00100"}')).toBe('{"code":"00100"}');
    expect(redact('/api/chat/events?access_token=abc.def')).toBe(
      '/api/chat/events?access_token=[redacted]',
    );
  });

  test('refuses an unknown operation in the filter', async () => {
    await expect(
      runConformance({ baseUrl: 'http://127.0.0.1:9', operations: ['noSuchOperation'] }),
    ).rejects.toThrow(/unknown operations: noSuchOperation/);
  });

  test('reports an unreachable server as a failed setup check, without running the others', async () => {
    const report = await runConformance({
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 2000,
      operations: ['getConfig'],
    });
    expect(report.ok).toBe(false);
    expect(report.setup[0]?.outcome).toBe('failed');
  });
});
