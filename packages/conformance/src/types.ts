import type { ContractIndex, HttpMethod, OperationId, Role } from '@portal/sdk/contract';
import type { RequestMethod } from './http.ts';

/** The test users the checker signs in as (the keys of the dev server's `createDevSession`). */
export type TestUser =
  | 'patient'
  | 'admin'
  | 'content-manager'
  | 'first-login'
  | 'guardian'
  | 'minor'
  | 'mandatary';

export const TEST_USERS: readonly TestUser[] = [
  'patient',
  'admin',
  'content-manager',
  'first-login',
  'guardian',
  'minor',
  'mandatary',
];

/** The contract role each test user has (`first-login` is a patient who has not accepted the terms). */
export const ROLE_OF: Readonly<Record<TestUser, Exclude<Role, 'public'>>> = {
  patient: 'patient',
  admin: 'admin',
  'content-manager': 'contentManager',
  'first-login': 'patient',
  // Acting for another person (issue 55): patients with children or a mandate.
  guardian: 'patient',
  minor: 'patient',
  mandatary: 'patient',
};

export interface ConformanceOptions {
  /** The server under test, e.g. `http://127.0.0.1:3000` (no trailing `/api`). */
  baseUrl: string;
  /** Bearer tokens supplied by the caller, by test user. */
  tokens?: Partial<Record<TestUser, string>>;
  /** Test users to sign in through the dev server's `POST /api/dev/session`. */
  loginAs?: readonly TestUser[];
  /** Only the operations marked `x-status: published`. */
  publishedOnly?: boolean;
  /** Only these operations (by operationId); the checks of other operations are not reported. */
  operations?: readonly string[];
  /** Only the checks of these ids (`CHECK_IDS`); default all. */
  checks?: readonly string[];
  /** Not the checks of these ids. */
  excludeChecks?: readonly string[];
  /**
   * Of these operations, run only the named checks (`--only-failed`): the other independent
   * checks are not sent. Flow steps, which need the steps before them, and the checks over every
   * answer still run. An operation left out of the map runs all its checks.
   */
  onlyChecks?: Readonly<Record<string, readonly string[]>>;
  /** Per-request timeout; default 10 000 ms. */
  timeoutMs?: number;
  /**
   * A time box (`--max-time`): once this many seconds have passed since the run began, no new
   * check starts (a flow already begun runs to its end); the rest are listed as not run.
   */
  maxTimeSeconds?: number;
  /** The clock of the time box, in milliseconds (tests give their own); default `performance.now`. */
  now?: () => number;
  /**
   * Run the checks that change data (create, update, redeem, cancel, delete what the checker
   * created; write back dev controls). Default true; false gives a read-only run.
   */
  destructive?: boolean;
  /** Also call `POST /api/dev/reset` at the very end (wipes a dev server's data). Default false. */
  reset?: boolean;
  /** A skipped check fails the run (exit 1): a run that could not check everything is not green. */
  failOnSkipped?: boolean;
  /** Known failures (`--baseline`): the failed checks they list are reported as known. */
  baseline?: { file: string; entries: readonly BaselineEntry[] };
  /**
   * Headers sent with every request (an API gateway's key, a tenant), names in lower case. Values of
   * 8 characters or more are treated as secrets: reports show them as shell variables.
   */
  headers?: Readonly<Record<string, string>>;
  /** Seed of the generated bodies (the same seed sends the same bodies); default a random one. */
  seed?: number;
  /** Bodies generated from each operation's schema; default 5, 0 sends none. */
  maxExamples?: number;
  /** `Accept-Language` of every request; default `en`. */
  language?: 'fi' | 'sv' | 'en';
  /** Keep each answer's shape in its exchange, for `--compare-with` (`ExchangeSummary.shape`). */
  keepShapes?: boolean;
  /** Another fetch implementation (tests, proxies). */
  fetch?: typeof fetch;
  /** The contract to check against; default the contract the SDK was generated from. */
  contract?: ContractIndex;
  /** What the report names as the contract (`readContract` gives it); default from the document. */
  contractSource?: ContractSource;
  /** Called after each operation's checks are final (for progress output). */
  onOperation?: (operation: OperationReport) => void;
}

/** Which contract a run checked: reports name it, so a run can be matched to a file. */
export interface ContractSource {
  /** `info.title`. */
  title: string;
  /** `info.version`. */
  version: string;
  /** SHA-256 (hex) of the file's bytes, or of the document's JSON text when no file was read. */
  sha256: string;
  /** The file read, or null (the document was given in memory, or built in). */
  path: string | null;
}

/**
 * `known`: a failure the baseline (`--baseline`) lists, which does not fail the run. `warning`: the
 * check found something worth a look that the contract does not make a failure (undocumented
 * properties outside a patient's view): it never fails the run, nor goes into a baseline.
 */
export type CheckOutcome = 'passed' | 'failed' | 'skipped' | 'known' | 'warning';

/**
 * One known failure of a baseline file (`--baseline`): the checks of an operation of one id (of
 * one sentence, with `name`), why they fail, the ticket that fixes them, the last day they may.
 */
export interface BaselineEntry {
  operation: string;
  check: string;
  name?: string;
  reason: string;
  ticket: string;
  /** `YYYY-MM-DD`: the entry is live through that day (UTC), expired after it. */
  expires: string;
}

/** What a run made of its baseline. */
export interface BaselineSummary {
  file: string;
  /** Failed checks reported as known. */
  known: number;
  /** Entries past their day: their checks failed, and said so. */
  expired: BaselineEntry[];
  /** Entries whose checks all passed: `--baseline-prune` removes them. */
  stale: BaselineEntry[];
  /** Entries none of whose checks ran (not selected, skipped, not run). */
  unchecked: BaselineEntry[];
}

/**
 * What a check is about: the contract's shapes and statuses, authentication and roles, a business
 * rule of the spec, or the dev server's QA controls (a real server has none).
 */
export type CheckCategory = 'contract' | 'auth' | 'business' | 'dev';

export const CATEGORY_LABELS: Readonly<Record<CheckCategory, string>> = {
  contract: 'contract',
  auth: 'auth and roles',
  business: 'business rule',
  dev: 'dev-only',
};

/** One request the checker sent and what came back, for the report. */
export interface ExchangeSummary {
  /** What the request was for, e.g. `without a token`. */
  label: string;
  /** The operation whose path it was sent to (absent for the setup's requests). */
  operationId?: string;
  method: RequestMethod;
  url: string;
  /** Null when no answer came (network error or timeout). */
  status: number | null;
  contentType: string | null;
  /** The first characters of the answer's body. */
  body: string;
  error?: string;
  durationMs: number;
  /** The headers sent (tokens replaced by a variable such as `$PATIENT_TOKEN`). */
  requestHeaders: Record<string, string>;
  /** The body sent (the first characters; tokens replaced), '' when none. */
  requestBody: string;
  /**
   * The answer's shape (`shapeOf`: each path with its types, not the values), kept when the run
   * is compared with another (`--compare-with`).
   */
  shape?: Record<string, string>;
  /**
   * A shell command that sends the same request: `curl -i …`, the tokens as shell variables
   * (`export PATIENT_TOKEN=…` first). A binary upload is left out (noted in the command).
   */
  curl: string;
}

export interface CheckResult {
  /**
   * The kind of check, stable across versions (`CHECK_LIST`: `unauthorized_without_token`), or
   * the id of the business invariant it holds the server to.
   */
  id: string;
  /** A sentence: `answers 401 without a token`. */
  name: string;
  outcome: CheckOutcome;
  /** Why it failed or was skipped. */
  message?: string;
  /** The check changes data on the server (skipped with `destructive: false`). */
  destructive: boolean;
  category: CheckCategory;
  /** The business invariant the check holds the server to (`INVARIANTS`' id), if any. */
  invariant?: string;
  /** A known failure's entry in the baseline (outcome `known`). */
  known?: Pick<BaselineEntry, 'reason' | 'ticket' | 'expires'>;
  /** The requests the check sent. */
  exchanges: ExchangeSummary[];
  /**
   * For a failed step of a flow: a shell script of every request of the flow up to it (the
   * earlier steps' first), which sets the server up as the checker did before the failing one.
   */
  reproduce?: string;
  durationMs: number;
}

/**
 * A run the server stopped answering in the middle of: one failure, and the checks after it listed
 * as not run (outcome `skipped`, the message `not run: the server stopped answering at check N`),
 * rather than each reported as a failure of the contract.
 */
export interface StoppedRun {
  /** The check during which the server stopped answering, counted from 1 as the checks ran. */
  atCheck: number;
  /** That check's operation and name; null when it stopped between checks (a discovery read). */
  operationId: string | null;
  check: string | null;
  /** The first request that went unanswered, and why: `GET /api/me: request failed: …`. */
  error: string;
  /** The requests that went unanswered in a row, the last one asking whether it was still there. */
  exchanges: ExchangeSummary[];
  /** The checks the report lists as not run. */
  notRun: number;
}

/** The message of each check a stop left undone (its outcome is `skipped`). */
export function notRunMessage(stopped: Pick<StoppedRun, 'atCheck'>): string {
  return `not run: the server stopped answering at check ${stopped.atCheck}`;
}

/**
 * A run whose time box ran out (`--max-time`): the checks that had not begun are listed as not
 * run (outcome `skipped`, the message `not run: the time was up (--max-time N s)`).
 */
export interface TimeUp {
  maxTimeSeconds: number;
  /** The first check that did not start, counted from 1 as the checks ran. */
  atCheck: number;
  /** The checks the report lists as not run for it. */
  notRun: number;
}

/** The message of each check the time box left undone (its outcome is `skipped`). */
export function timeUpMessage(timeUp: Pick<TimeUp, 'maxTimeSeconds'>): string {
  return `not run: the time was up (--max-time ${timeUp.maxTimeSeconds} s)`;
}

/** The message of a check a run left undone, if it did: the stop's or the time box's. */
export function notRunMessages(report: Partial<Pick<Report, 'stopped' | 'timeUp'>>): string[] {
  return [
    ...(report.stopped ? [notRunMessage(report.stopped)] : []),
    ...(report.timeUp ? [timeUpMessage(report.timeUp)] : []),
  ];
}

/** How much of something documented a run exercised. */
export interface Share {
  documented: number;
  reached: number;
}

export interface OperationCoverage {
  /** Some request of the run reached the operation. */
  answered: boolean;
  /** Documented response statuses answered at least once. */
  statuses: Share;
  /** Documented parameters sent at least once. */
  parameters: Share;
  /** The contract's request examples (body, parameters) a request was built from. */
  examples: Share;
  /** The schema keywords of the request (`query month pattern`) that a probe broke alone. */
  keywords: Share;
  /** What was not reached, and why as far as the checker can tell. */
  notReached: Array<{ what: string; why: string }>;
}

export interface Coverage {
  operations: Share;
  statuses: Share;
  parameters: Share;
  examples: Share;
  keywords: Share;
  /** Checks by category and outcome. */
  byCategory: Record<CheckCategory, Record<CheckOutcome, number>>;
}

export interface OperationReport {
  operationId: OperationId;
  method: HttpMethod;
  path: string;
  status: 'published' | 'proposed';
  roles: Role[];
  checks: CheckResult[];
  passed: number;
  failed: number;
  skipped: number;
  /** Failures the baseline lists (`known`). */
  known: number;
  /** Checks that warned (`warning`): not failures. */
  warnings: number;
  coverage: OperationCoverage;
}

export interface Totals {
  operations: number;
  /** Operations with at least one failed check. */
  failingOperations: number;
  checks: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Failures the baseline lists (`known`): they do not fail the run. */
  known: number;
  /** Checks that warned (`warning`): they do not fail the run. */
  warnings: number;
}

export interface Report {
  baseUrl: string;
  /** The contract the server was checked against. */
  contract: ContractSource;
  startedAt: string;
  durationMs: number;
  /** Which test users had a token, and the options that shape the run. */
  signedIn: TestUser[];
  destructive: boolean;
  /** Problems before the checks (sign-in, unreachable server), as checks. */
  setup: CheckResult[];
  /** Requests sent to the server in all (the setup's and the discovery's included). */
  requests: number;
  /** Published operations first, then proposed ones, each in contract order. */
  operations: OperationReport[];
  published: Totals;
  proposed: Totals;
  totals: Totals;
  /** Skipped checks fail the run (`--fail-on-skipped`). */
  failOnSkipped: boolean;
  /** What the run exercised of the contract, and its checks by category. */
  coverage: Coverage;
  /** The seed of the generated bodies (`--seed` repeats them) and how many per operation. */
  generated: { seed: number; maxExamples: number };
  /** The server stopped answering mid-run (absent when it answered to the end). */
  stopped?: StoppedRun;
  /** The time box (`--max-time`) ran out before every check began (absent otherwise). */
  timeUp?: TimeUp;
  /** The known failures of `--baseline`, and what became of its entries (absent without one). */
  baseline?: BaselineSummary;
  /**
   * Every check passed (or was skipped, without `failOnSkipped`), setup succeeded, the server
   * answered to the end and the time box did not run out.
   */
  ok: boolean;
}
