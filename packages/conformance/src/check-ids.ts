import { INVARIANTS, type InvariantId } from './invariants.ts';

/**
 * What a check id stands for in `--list-checks` and the README: the group it is listed under
 * (a check of a dev control is counted `dev-only` whatever its group) and what it verifies.
 */
interface CheckKind {
  id: string;
  group: 'contract' | 'auth' | 'business' | 'dev' | 'setup';
  what: string;
}

/**
 * The kinds of check, each by a stable snake_case id (as Schemathesis names its checks): every
 * check of a report carries one (`CheckResult.id`), `--checks` and `--exclude-checks` select by
 * them, a baseline names them. Changing an id is a breaking change for every team that selects,
 * excludes or baselines it (test/check-ids.test.ts pins the list). The business invariants are
 * check ids too (`INVARIANTS`), after these.
 */
const CHECK_KINDS = [
  {
    id: 'route_exists',
    group: 'contract',
    what: "every answer comes from the documented route: no 405, no 404 but the contract's not-found",
  },
  {
    id: 'status_code_conformance',
    group: 'contract',
    what: 'every answer has a status the contract documents',
  },
  {
    id: 'content_type_conformance',
    group: 'contract',
    what: 'every answer has a documented content type, or no body where none is documented',
  },
  {
    id: 'response_schema_conformance',
    group: 'contract',
    what: 'every JSON answer is valid against the documented schema',
  },
  {
    id: 'response_headers_conformance',
    group: 'contract',
    what: 'every answer sends the documented response headers (required ones present, all valid)',
  },
  {
    id: 'no_undocumented_properties',
    group: 'contract',
    what: "a patient's view (x-roles patient) answers no property its schema does not document; elsewhere: a warning",
  },
  {
    id: 'valid_read_succeeds',
    group: 'contract',
    what: 'a valid read (GET, with discovered ids) answers 2xx',
  },
  {
    id: 'unsupported_method',
    group: 'contract',
    what: 'a method the path does not take answers 405 with an Allow header naming the ones it does',
  },
  {
    id: 'missing_required_header',
    group: 'contract',
    what: 'a request without a required header answers 4xx, never 2xx or 5xx',
  },
  {
    id: 'missing_resource_not_found',
    group: 'contract',
    what: "an id that does not exist answers 404 not-found (the contract's Error)",
  },
  {
    id: 'longest_path_parameter_accepted',
    group: 'contract',
    what: 'a path id of the longest valid length is still an id (404 not-found, not 400)',
  },
  {
    id: 'invalid_parameter_rejected',
    group: 'contract',
    what: 'a path or query parameter that breaks its schema (or a required one left out) answers 4xx, never 2xx or 5xx',
  },
  {
    id: 'invalid_body_rejected',
    group: 'contract',
    what: 'a body that breaks its schema, a missing body or an undocumented content type answers 4xx, never 2xx or 5xx',
  },
  {
    id: 'hostile_body_short_answer',
    group: 'contract',
    what: 'a body nested 5,000 levels deep or of 3,000 bad texts answers a 4xx of at most 8 kB',
  },
  {
    id: 'generated_bodies_accepted',
    group: 'contract',
    what: 'bodies generated from the schema are taken: never 400 validation-failed, never 5xx',
  },
  {
    id: 'generated_queries_accepted',
    group: 'contract',
    what: 'query strings generated from the schemas are taken: never 400 validation-failed, never 5xx',
  },
  {
    id: 'unauthorized_without_token',
    group: 'auth',
    what: 'an operation that needs a token answers 401 unauthorized without one',
  },
  {
    id: 'unauthorized_with_invalid_token',
    group: 'auth',
    what: 'an operation that needs a token answers 401 unauthorized to a garbage one',
  },
  {
    id: 'forbidden_for_other_roles',
    group: 'auth',
    what: 'a signed-in user whose role x-roles does not allow gets 403 forbidden',
  },
  {
    id: 'terms_not_accepted',
    group: 'auth',
    what: 'a user who has not accepted the terms gets 403 terms-not-accepted (except x-terms-exempt)',
  },
  {
    id: 'cross_site_form_refused',
    group: 'auth',
    what: 'a cross-site form post (no X-Requested-With, a form body) starts nothing: 400 bad-request',
  },
  {
    id: 'cors_no_reflected_foreign_origin',
    group: 'auth',
    what: 'a read or preflight from a foreign origin gets no Access-Control-Allow-Origin naming it (or null)',
  },
  {
    id: 'cors_no_wildcard_with_credentials',
    group: 'auth',
    what: 'no answer allows any origin (*) with Access-Control-Allow-Credentials: true',
  },
  {
    id: 'cors_preflight_answers',
    group: 'auth',
    what: 'a CORS preflight (OPTIONS) answers below 500; one that grants an origin allows GET',
  },
  {
    id: 'cors_vary_origin',
    group: 'auth',
    what: 'an answer whose Access-Control-Allow-Origin names an origin says Vary: Origin',
  },
  {
    id: 'no_use_of_another_users_resource',
    group: 'auth',
    what: "another patient calling the patient's reservation, conversation or profile by id gets 403/404, never 2xx",
  },
  {
    id: 'no_child_through_wrong_parent',
    group: 'auth',
    what: 'a child reached through another parent id (/a/{parentId}/b/{childId}) answers 403/404, never the child',
  },
  {
    id: 'non_json_body_refused',
    group: 'auth',
    what: 'a JSON operation given another content type answers 415 unsupported-media-type',
  },
  {
    id: 'unknown_grant_refused',
    group: 'auth',
    what: 'an unknown login code answers 400 invalid-grant',
  },
  {
    id: 'qr_login_flow',
    group: 'auth',
    what: 'the QR login end to end: start, pending, approve, code, token, reuse refused, logout kills it',
  },
  {
    id: 'mobile_login_flow',
    group: 'auth',
    what: 'a mobile-certificate login: start, pending, rejected on the simulated phone',
  },
  {
    id: 'bank_login_start',
    group: 'auth',
    what: 'a bank login starts with a redirect and a state',
  },
  {
    id: 'own_data_written_back',
    group: 'business',
    what: "the signed-in user's settings, terms, privacy statement, marketing terms and profile written back unchanged",
  },
  {
    id: 'outdated_version_refused',
    group: 'business',
    what: 'accepting a version of the terms that is not the current one answers 409 outdated-version',
  },
  {
    id: 'forms_accepted',
    group: 'business',
    what: 'the health form and feedback are stored (or 409 anamnesis-disabled)',
  },
  {
    id: 'patient_record_written_back',
    group: 'business',
    what: "an admin reads the patient test user's record and writes it back unchanged",
  },
  {
    id: 'account_deletion',
    group: 'business',
    what: 'the two account deletions: never run (listed as skipped, with the reason)',
  },
  {
    id: 'code_example_answered',
    group: 'business',
    what: "a campaign code or voucher check answers the contract's example with 200 valid or 400",
  },
  {
    id: 'unknown_code_refused',
    group: 'business',
    what: 'an unknown campaign code or voucher answers 400 with its own error code',
  },
  {
    id: 'booking_flow',
    group: 'business',
    what: 'the booking flow: month and day views, book, hold, read back, list, move, waitlist, calendar file, cancel',
  },
  {
    id: 'coupon_flow',
    group: 'business',
    what: 'staff create a coupon and its image, the patient sees and redeems it, then both are deleted',
  },
  {
    id: 'crud_flow',
    group: 'business',
    what: "create, read, update and delete of the staff collections, with the patient's view",
  },
  {
    id: 'chat_flow',
    group: 'business',
    what: 'start a conversation, read it, message it, open its event stream, close it',
  },
  {
    id: 'dev_session_works',
    group: 'dev',
    what: 'POST /api/dev/session gives a token that works',
  },
  {
    id: 'dev_qr_approval',
    group: 'dev',
    what: 'a QR login approved through the dev control reads as approved',
  },
  {
    id: 'dev_control_round_trip',
    group: 'dev',
    what: 'the dev clock, maintenance state and a scenario written back as read',
  },
  {
    id: 'dev_clock_advances',
    group: 'dev',
    what: 'the dev clock moves forward by the seconds asked (and is set back)',
  },
  {
    id: 'maintenance_blocks',
    group: 'dev',
    what: 'during a maintenance break every x-blocked-in-maintenance operation answers 503 maintenance',
  },
  {
    id: 'maintenance_keeps_reads_open',
    group: 'dev',
    what: 'during a maintenance break the public reads keep answering',
  },
  {
    id: 'dev_reset',
    group: 'dev',
    what: 'POST /api/dev/reset resets the dev server (only with --reset)',
  },
  {
    id: 'server_reachable',
    group: 'setup',
    what: 'the server answers a public read before any check',
  },
  {
    id: 'signs_in',
    group: 'setup',
    what: 'each --login-as user signs in through POST /api/dev/session',
  },
  {
    id: 'token_fits_user',
    group: 'setup',
    what: "each token's user has the role the checks need, and the terms as they need them",
  },
  {
    id: 'cleans_up',
    group: 'setup',
    what: 'a reservation the booking flow made is cancelled when no step of it did',
  },
  {
    id: 'server_answers_to_the_end',
    group: 'setup',
    what: 'the server does not stop answering mid-run',
  },
] as const satisfies readonly CheckKind[];

/** The id of a kind of check (not an invariant's). */
export type CheckKindId = (typeof CHECK_KINDS)[number]['id'];

/** Every check id: a kind of check or a business invariant. */
export type CheckId = CheckKindId | InvariantId;

/** A listed check: its id, group and what it verifies (the invariants with their rule). */
export interface ListedCheck {
  id: CheckId;
  group: CheckKind['group'];
  what: string;
  /** Whether `--checks` and `--exclude-checks` may name it (not a setup step). */
  selectable: boolean;
}

/** Every check id with what it verifies: the kinds, then the invariants (business rules). */
export const CHECK_LIST: readonly ListedCheck[] = [
  ...CHECK_KINDS.map((kind) => ({ ...kind, selectable: kind.group !== 'setup' })),
  ...INVARIANTS.map((invariant) => ({
    id: invariant.id,
    group: 'business' as const,
    what: invariant.rule,
    selectable: true,
  })),
];

/** The ids in the order of `--list-checks`. */
export const CHECK_IDS: readonly CheckId[] = CHECK_LIST.map((check) => check.id);

const GROUP_TITLES: Readonly<Record<ListedCheck['group'], string>> = {
  contract: 'Contract',
  auth: 'Auth and roles',
  business: 'Business rules (flows and invariants)',
  dev: 'Dev-only (the dev server’s QA controls)',
  setup: 'Setup (every run; not selectable)',
};

/** `--list-checks`: the ids by group, each with what it verifies. */
export function checkListText(): string {
  const width = Math.max(...CHECK_LIST.map((check) => check.id.length));
  const lines: string[] = [];
  for (const group of Object.keys(GROUP_TITLES) as ListedCheck['group'][]) {
    lines.push(`${GROUP_TITLES[group]}:`);
    for (const check of CHECK_LIST.filter((c) => c.group === group))
      lines.push(`  ${check.id.padEnd(width)}  ${check.what}`);
    lines.push('');
  }
  return lines.join('\n').trimEnd();
}

/** How many single-character edits turn `a` into `b` (Levenshtein). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The selectable ids closest to an unknown one, best first (up to three): those within a few
 * edits, and those that contain it or that it contains.
 */
export function closeMatches(unknown: string): CheckId[] {
  const wanted = unknown.toLowerCase().replace(/-/g, '_');
  return CHECK_LIST.filter((check) => check.selectable)
    .map((check) => {
      const edits = distance(wanted, check.id);
      const part = wanted.length >= 4 && (check.id.includes(wanted) || wanted.includes(check.id));
      return { id: check.id, score: part ? Math.min(edits, 1) : edits };
    })
    .filter(({ score }) => score <= Math.max(2, Math.floor(wanted.length / 4)))
    .sort((a, b) => a.score - b.score || a.id.localeCompare(b.id))
    .slice(0, 3)
    .map(({ id }) => id);
}

/** Whether `id` names a check that `--checks` and `--exclude-checks` may select. */
export function isSelectableCheck(id: string): id is CheckId {
  return CHECK_LIST.some((check) => check.selectable && check.id === id);
}

/** Whether `id` names a setup step (always run). */
export function isSetupCheck(id: string): boolean {
  return CHECK_LIST.some((check) => !check.selectable && check.id === id);
}
