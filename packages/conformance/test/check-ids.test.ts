import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { closeMatches } from '../src/check-ids.ts';
import { CHECK_IDS, type Report } from '../src/index.ts';
import { check, failures } from './checker.ts';
import { cli, start } from './harness.ts';

// The check ids are the checker's interface to CI: teams select, exclude and baseline by them.
// Changing one breaks every pipeline that names it, so the list is pinned here: a change to it
// is a breaking change, made on purpose (and said in the README and the release notes).

const PINNED = [
  'route_exists',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
  'response_headers_conformance',
  'no_undocumented_properties',
  'valid_read_succeeds',
  'unsupported_method',
  'missing_required_header',
  'missing_resource_not_found',
  'longest_path_parameter_accepted',
  'invalid_parameter_rejected',
  'invalid_body_rejected',
  'hostile_body_short_answer',
  'generated_bodies_accepted',
  'generated_queries_accepted',
  'unauthorized_without_token',
  'unauthorized_with_invalid_token',
  'forbidden_for_other_roles',
  'terms_not_accepted',
  'cross_site_form_refused',
  'cors_no_reflected_foreign_origin',
  'cors_no_wildcard_with_credentials',
  'cors_preflight_answers',
  'cors_vary_origin',
  'no_use_of_another_users_resource',
  'no_child_through_wrong_parent',
  'non_json_body_refused',
  'unknown_grant_refused',
  'qr_login_flow',
  'mobile_login_flow',
  'bank_login_start',
  'own_data_written_back',
  'outdated_version_refused',
  'forms_accepted',
  'patient_record_written_back',
  'account_deletion',
  'code_example_answered',
  'unknown_code_refused',
  'booking_flow',
  'coupon_flow',
  'crud_flow',
  'chat_flow',
  'dev_session_works',
  'dev_qr_approval',
  'dev_control_round_trip',
  'dev_clock_advances',
  'maintenance_blocks',
  'maintenance_keeps_reads_open',
  'dev_reset',
  'server_reachable',
  'signs_in',
  'token_fits_user',
  'cleans_up',
  'server_answers_to_the_end',
  'staff_read_in_the_patients_log',
  'access_log_is_ones_own',
  'access_log_chain_verifies',
  'one_booking_per_slot',
  'one_winner_under_concurrency',
  'booked_slot_leaves_the_day_view',
  'held_slot_is_hidden',
  'one_hold_per_holder',
  'no_overlap_with_oneself',
  'no_duplicate_service_within_14_days',
  'confirmed_once',
  'cancelled_is_final',
  'calendar_follows_a_move',
  'calendar_follows_a_cancel',
  'changes_close_24_hours_before',
  'freed_time_offered_to_the_waitlist',
  'waitlist_first_accept_wins',
  'hold_expires',
  'idle_token_expires',
  'one_redemption_per_coupon',
  'confirmation_in_the_outbox',
  'move_receipt_sent',
  'cancel_receipt_sent_once',
  'maintenance_blocks_bookings',
  'guardian_never_sees_a_hidden_visit',
  'act_for_another_is_recorded',
  'no_action_for_a_person_not_offered',
  'no_right_after_the_18th_birthday',
  'no_action_without_a_live_mandate',
  'family_booking_all_or_none',
];

describe('check ids', () => {
  test('are the pinned list, each snake_case and once: changing one is a breaking change', () => {
    expect(CHECK_IDS).toEqual(PINNED);
    for (const id of CHECK_IDS) expect(id).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    expect(new Set(CHECK_IDS).size).toBe(CHECK_IDS.length);
  });

  test('are each documented in the README', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const undocumented = CHECK_IDS.filter((id) => !readme.includes(`| \`${id}\``));
    expect(undocumented).toEqual([]);
  });

  test('--list-checks lists every id with what it verifies, without a server', async () => {
    const run = await cli(['--list-checks']);
    expect(run.code).toBe(0);
    for (const id of CHECK_IDS) expect(run.printed).toMatch(new RegExp(`^ {2}${id} +\\S`, 'm'));
    expect(run.printed).toContain('Setup (every run; not selectable):');
  });

  test('an unknown id names the close ones', () => {
    expect(closeMatches('unauthorised_without_token')).toEqual(['unauthorized_without_token']);
    expect(closeMatches('booking')).toContain('booking_flow');
    expect(closeMatches('schema-conformance')).toContain('response_schema_conformance');
    expect(closeMatches('xyzzy')).toEqual([]);
  });

  test.each([
    [
      ['--checks', 'unauthorised_without_token'],
      '--checks: unknown check id "unauthorised_without_token"; did you mean unauthorized_without_token?',
    ],
    [
      ['--exclude-checks', 'route_exists,bookng_flow'],
      '--exclude-checks: unknown check id "bookng_flow"; did you mean booking_flow?',
    ],
    [['--checks', 'xyzzy'], '--checks: unknown check id "xyzzy" (--list-checks lists them all)'],
    [['--checks', 'signs_in'], '--checks: signs_in is a setup step, which every run makes'],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const run = await cli(['--base-url', 'http://127.0.0.1:9', ...argv]);
    expect(run.code).toBe(2);
    expect(run.printed).toContain(message);
  });
});

describe('--checks and --exclude-checks', () => {
  test('--checks runs only the checks of those ids (comma-separated or repeated)', async () => {
    const sent: string[] = [];
    const baseUrl = await start((app) =>
      app.addHook('onRequest', async (request) => {
        if (request.headers.authorization === undefined) sent.push(request.url);
      }),
    );
    const report = await check(baseUrl, {
      checks: ['unauthorized_without_token', 'valid_read_succeeds'],
      operations: ['getMe', 'getConfig', 'listReservations'],
    });
    expect(failures(report)).toEqual([]);
    const ids = new Set(report.operations.flatMap((o) => o.checks.map((c) => c.id)));
    expect(ids).toEqual(new Set(['unauthorized_without_token', 'valid_read_succeeds']));
    // No other check sent anything: no probe with an invalid token, no 405 probe.
    expect(report.operations.flatMap((o) => o.checks)).toHaveLength(
      2 /* unauthorized_without_token */ + 3 /* valid_read_succeeds */,
    );
  });

  test('a flow runs when one of its invariants is selected; its other steps are not reported', async () => {
    const baseUrl = await start();
    const report = await check(baseUrl, { checks: ['one_booking_per_slot'] });
    expect(failures(report)).toEqual([]);
    const reported = report.operations.flatMap((o) => o.checks.map((c) => `${c.id}: ${c.outcome}`));
    expect(reported).toEqual(['one_booking_per_slot: passed']);
  });

  test('--exclude-checks leaves those ids out, through the command line', async () => {
    const baseUrl = await start();
    const out = mkdtempSync(join(tmpdir(), 'conformance-ids-'));
    const argv = ['--base-url', baseUrl, '--operation', 'getMe', '--login-as', 'patient'];
    const run = await cli([
      ...argv,
      '--exclude-checks',
      'unauthorized_without_token,unauthorized_with_invalid_token',
      '--exclude-checks',
      'unsupported_method',
      '--out',
      out,
    ]);
    expect(run.code).toBe(0);
    const report = JSON.parse(readFileSync(join(out, 'conformance-report.json'), 'utf8')) as Report;
    const ids = new Set(report.operations.flatMap((o) => o.checks.map((c) => c.id)));
    expect(ids.size).toBeGreaterThan(3);
    for (const id of ['unauthorized_without_token', 'unauthorized_with_invalid_token'])
      expect(ids).not.toContain(id);
    expect(ids).not.toContain('unsupported_method');
    expect(ids).toContain('status_code_conformance');
  });
});
