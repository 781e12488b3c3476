import { readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BaselineError, baselineOf, parseBaseline, prunedBaseline } from './baseline.ts';
import { checkListText, closeMatches, isSelectableCheck, isSetupCheck } from './check-ids.ts';
import { ContractError, readContract } from './contract-file.ts';
import { comparisonMarkdown, compareReports } from './compare.ts';
import { contractLine, exitCode, resultLine, stoppedLine } from './outcome.ts';
import { ANSWER_CHECKS } from './conformity.ts';
import {
  COMPARE_FILE,
  failedChecks,
  failedOperations,
  formatTable,
  HTML_FILE,
  JSON_FILE,
  JUNIT_FILE,
  MARKDOWN_FILE,
  SUMMARY_FILE,
  WFC_FILE,
  writeReports,
} from './report.ts';
import { runConformance } from './run.ts';
import { tokenVariable } from './credentials.ts';
import {
  TEST_USERS,
  type BaselineEntry,
  type ConformanceOptions,
  type Report,
  type TestUser,
} from './types.ts';

export const HELP = `Contract conformance checker: does a server honour the dental portal's contract, operation by
operation?

Usage:
  portal-conformance --base-url URL [options]     (in the repository: pnpm conformance …)

Options:
  --base-url URL        the server under test, e.g. http://127.0.0.1:3000 (required)
  --contract FILE       the OpenAPI 3 contract, YAML or JSON (default: the one this checker was
                        built with; in the repository, openapi/portal.yaml itself)
  --login-as USER       sign in through the dev server's POST /api/dev/session; repeatable.
                        USER: patient, admin, content-manager, first-login,
                        guardian, minor, mandatary (acting for another person)
  --token USER=TOKEN    use this bearer token for USER (for a real server); repeatable. Tokens
                        also come from the environment (PATIENT_TOKEN, ADMIN_TOKEN,
                        CONTENT_MANAGER_TOKEN, FIRST_LOGIN_TOKEN) and from --token-file
  --token-file FILE     tokens as lines VARIABLE=TOKEN with the variables above (# comments);
                        --token wins over the file, the file over the environment
  --header 'NAME: VALUE'
                        send this header with every request (a gateway key, a tenant);
                        repeatable. Reports show values of 8+ characters as $NAME_HEADER
  --out DIR             where the reports go (default reports/conformance):
                        ${HTML_FILE}, ${MARKDOWN_FILE},
                        ${SUMMARY_FILE}, ${JUNIT_FILE},
                        ${JSON_FILE} and ${WFC_FILE} (Web Fuzzing Commons)
  --compare-with URL    run the same checks (same seed) against a second server too, and list
                        where outcomes, statuses or body shapes differ (${COMPARE_FILE}); with
                        --login-as, tokens both servers accept, or --compare-token-file
  --compare-token-file FILE
                        the second server's tokens, as in --token-file (instead of the first's)
  --baseline FILE       known failures (YAML: operation, check id, reason, ticket, expires):
                        a failure it lists is reported as known and does not fail the run; an
                        expired entry fails again and says so; one that no longer fails is
                        reported as stale
  --baseline-prune      rewrite the --baseline file without its stale entries
  --baseline-write FILE write a baseline of this run's failures (its known ones kept as they
                        are; reason and ticket left for you to fill, expiring in 90 days)
  --only-failed         rerun only the checks that failed in the last report in --out
                        (default reports/conformance); every check when the server stopped
                        answering in it
  --replay FILE         rerun the checks that failed in this report (conformance-report.json),
                        against --base-url: another server, a fixed build
  --published-only      only the clinic's published calls (x-status: published)
  --operation ID        only this operation (operationId); repeatable or comma-separated
  --checks ID           only the checks of this id (--list-checks lists them); repeatable or
                        comma-separated. A flow runs when it or one of its invariants is
                        selected; its other steps run too, unreported
  --exclude-checks ID   not the checks of this id; repeatable or comma-separated
  --list-checks         list the check ids, each with what it verifies, and exit
  --timeout-ms N        per-request timeout in milliseconds (default 10000)
  --max-time SECONDS    a time box: once it has passed, no new check starts (a flow already
                        begun runs to its end); what did not run is listed as not run, and the
                        exit code is 3 unless a check failed before it (then 1)
  --max-examples N      bodies and query strings generated from each operation's schemas
                        (default 5; 0: none)
  --seed N              seed of the generated bodies: the same seed sends the same bodies
                        (default: a new one each run, named in the report)
  --no-destructive      read-only run: sends GET requests only (and the dev sign-ins of
                        --login-as); every check that would send a write is skipped
  --fail-on-skipped     a skipped check fails the run (no token for a role, a read-only run…)
  --reset               also call POST /api/dev/reset at the end (wipes a dev server's data)
  --language LANG       Accept-Language of the requests: fi, sv or en (default en)
  -h, --help            this help

Without tokens only the public operations and the 401 checks can run; give a patient, an admin and
a content manager (and first-login for the terms checks) to run everything. Each token is checked
first (GET /api/me: its role, the terms accepted except by first-login): a token the server rejects
or gives to another kind of user stops the run before any check.

Each report names the contract it checked: its title, info.version and the SHA-256 of the file.

Exit code: 0 when every check passed (skipped checks do not fail without --fail-on-skipped; the
result line counts them), 1 when a check failed or the server could not be reached, 2 for bad
arguments, a contract that cannot be read, a rejected or wrong token, or a dev-mode option
(--login-as, --reset) against a server without dev mode, 3 when --max-time ran out before every
check ran and none of those that ran failed.

Example (dev server):
  portal-conformance --base-url http://127.0.0.1:3000 --login-as patient --login-as admin \\
    --login-as content-manager --login-as first-login
Example (real server, tokens in the environment):
  export PATIENT_TOKEN=… ADMIN_TOKEN=… CONTENT_MANAGER_TOKEN=…
  portal-conformance --base-url https://test.example.com --no-destructive`;

export class UsageError extends Error {}

function testUser(value: string): TestUser {
  const user = value === 'contentManager' ? 'content-manager' : value;
  if (!(TEST_USERS as readonly string[]).includes(user)) {
    throw new UsageError(`unknown user "${value}" (expected ${TEST_USERS.join(', ')})`);
  }
  return user as TestUser;
}

/** What the command line says, before the files it names are read. */
interface ParsedCli {
  options: ConformanceOptions;
  out: string;
  onlyFailed: boolean;
  /** `--replay FILE`: the report whose failed checks to run again (against `--base-url`). */
  replay: string | null;
  /** `--compare-with URL`: a second server to run the same checks against. */
  compareWith: string | null;
  /** `--contract`, resolved; null for the default. */
  contract: string | null;
  /** `--token-file`, resolved. */
  tokenFile: string | null;
  /** `--compare-token-file`, resolved: the second server's tokens. */
  compareTokenFile: string | null;
  /** `--baseline`, resolved: the known failures. */
  baseline: string | null;
  /** `--baseline-prune`: rewrite the baseline without its stale entries. */
  baselinePrune: boolean;
  /** `--baseline-write`, resolved: where to write a baseline of the run's failures. */
  baselineWrite: string | null;
}

/** An http(s) URL option (`--base-url`, `--compare-with`), without trailing slashes. */
function httpUrl(option: string, value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
  } catch {
    throw new UsageError(`${option} must be an http(s) URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

/** `Name: value` → [lower-case name, value]; throws UsageError. */
function headerOption(entry: string): [string, string] {
  const at = entry.indexOf(':');
  const name = entry.slice(0, Math.max(at, 0)).trim();
  const value = entry.slice(at + 1).trim();
  if (at <= 0 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || value === '') {
    throw new UsageError(`--header expects 'NAME: VALUE', got "${entry}"`);
  }
  const lower = name.toLowerCase();
  if (['authorization', 'host', 'content-length', 'content-type'].includes(lower)) {
    throw new UsageError(
      `--header cannot set ${name}: ${lower === 'authorization' ? 'give tokens with --token, --token-file or the environment' : 'the checker sets it per request'}`,
    );
  }
  return [lower, value];
}

/** The test user whose token a variable holds (`CONTENT_MANAGER_TOKEN` → `content-manager`). */
const userOfVariable = new Map(TEST_USERS.map((user) => [tokenVariable(user), user]));

/** Tokens from the environment's PATIENT_TOKEN, ADMIN_TOKEN… (empty values ignored). */
export function tokensFromEnvironment(
  env: Readonly<Record<string, string | undefined>>,
): Partial<Record<TestUser, string>> {
  const tokens: Partial<Record<TestUser, string>> = {};
  for (const [variable, user] of userOfVariable) {
    const value = env[variable]?.trim();
    if (value) tokens[user] = value;
  }
  return tokens;
}

/** Tokens from a file of `VARIABLE=TOKEN` lines (`export ` and quotes allowed, `#` comments). */
export function tokensFromFile(text: string, file: string): Partial<Record<TestUser, string>> {
  const tokens: Partial<Record<TestUser, string>> = {};
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    const user = match ? userOfVariable.get(match[1] ?? '') : undefined;
    if (!match || !user) {
      throw new UsageError(
        `${file}, line ${i + 1}: expected VARIABLE=TOKEN with one of ${[...userOfVariable.keys()].join(', ')}`,
      );
    }
    const value = (match[2] ?? '').replace(/^(['"])(.*)\1$/, '$2');
    if (value !== '') tokens[user] = value;
  });
  return tokens;
}

/**
 * The ids of `--checks` or `--exclude-checks` (repeatable, comma-separated); an unknown id is a
 * usage error that names the closest ones.
 */
function checkIds(option: string, values: readonly string[] | undefined): string[] {
  const ids = (values ?? [])
    .flatMap((value) => value.split(','))
    .map((id) => id.trim())
    .filter(Boolean);
  for (const id of ids) {
    if (isSelectableCheck(id)) continue;
    if (isSetupCheck(id))
      throw new UsageError(`${option}: ${id} is a setup step, which every run makes`);
    const close = closeMatches(id);
    throw new UsageError(
      `${option}: unknown check id "${id}"${close.length > 0 ? `; did you mean ${close.join(', ')}?` : ''} (--list-checks lists them all)`,
    );
  }
  return ids;
}

/** Parses the command line into options (throws UsageError), or what to print instead. */
export function parseCli(argv: readonly string[]): ParsedCli | { print: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv].filter((arg) => arg !== '--'),
      strict: true,
      allowPositionals: false,
      options: {
        'base-url': { type: 'string' },
        contract: { type: 'string' },
        token: { type: 'string', multiple: true },
        'token-file': { type: 'string' },
        'compare-token-file': { type: 'string' },
        header: { type: 'string', multiple: true },
        'login-as': { type: 'string', multiple: true },
        out: { type: 'string' },
        'published-only': { type: 'boolean' },
        operation: { type: 'string', multiple: true },
        checks: { type: 'string', multiple: true },
        'exclude-checks': { type: 'string', multiple: true },
        'list-checks': { type: 'boolean' },
        'timeout-ms': { type: 'string' },
        'max-time': { type: 'string' },
        seed: { type: 'string' },
        'max-examples': { type: 'string' },
        'no-destructive': { type: 'boolean' },
        'fail-on-skipped': { type: 'boolean' },
        reset: { type: 'boolean' },
        'only-failed': { type: 'boolean' },
        replay: { type: 'string' },
        'compare-with': { type: 'string' },
        baseline: { type: 'string' },
        'baseline-prune': { type: 'boolean' },
        'baseline-write': { type: 'string' },
        language: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const values = parsed.values;
  if (values.help) return { print: HELP };
  if (values['list-checks']) return { print: checkListText() };
  if (!values['base-url']) throw new UsageError('--base-url is required');
  const baseUrl = httpUrl('--base-url', values['base-url']);
  const tokens: Partial<Record<TestUser, string>> = {};
  for (const entry of values.token ?? []) {
    const at = entry.indexOf('=');
    if (at <= 0 || at === entry.length - 1)
      throw new UsageError(`--token expects USER=TOKEN, got "${entry}"`);
    tokens[testUser(entry.slice(0, at))] = entry.slice(at + 1);
  }
  const loginAs = (values['login-as'] ?? []).map(testUser);
  const headers = Object.fromEntries((values.header ?? []).map(headerOption));
  let timeoutMs: number | undefined;
  if (values['timeout-ms'] !== undefined) {
    timeoutMs = Number(values['timeout-ms']);
    if (!Number.isInteger(timeoutMs) || timeoutMs < 1) {
      throw new UsageError(
        `--timeout-ms expects a positive integer, got "${values['timeout-ms']}"`,
      );
    }
  }
  const maxTime = values['max-time'];
  if (maxTime !== undefined && (!/^\d+(\.\d+)?$/.test(maxTime) || Number(maxTime) <= 0)) {
    throw new UsageError(`--max-time expects a number of seconds above 0, got "${maxTime}"`);
  }
  const integer = (name: 'seed' | 'max-examples', max: number): number | undefined => {
    const raw = values[name];
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value > max) {
      throw new UsageError(`--${name} expects a whole number from 0 to ${max}, got "${raw}"`);
    }
    return value;
  };
  const seed = integer('seed', 2 ** 32 - 1);
  const maxExamples = integer('max-examples', 100);
  const language = values.language;
  if (language !== undefined && language !== 'fi' && language !== 'sv' && language !== 'en') {
    throw new UsageError(`--language expects fi, sv or en, got "${language}"`);
  }
  const operations = (values.operation ?? [])
    .flatMap((o) => o.split(','))
    .map((o) => o.trim())
    .filter(Boolean);
  const checks = checkIds('--checks', values.checks);
  const excludeChecks = checkIds('--exclude-checks', values['exclude-checks']);
  const options: ConformanceOptions = {
    baseUrl,
    tokens,
    loginAs,
    publishedOnly: values['published-only'] ?? false,
    destructive: !(values['no-destructive'] ?? false),
    reset: values.reset ?? false,
    failOnSkipped: values['fail-on-skipped'] ?? false,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(operations.length > 0 ? { operations } : {}),
    ...(checks.length > 0 ? { checks } : {}),
    ...(excludeChecks.length > 0 ? { excludeChecks } : {}),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(maxTime === undefined ? {} : { maxTimeSeconds: Number(maxTime) }),
    ...(seed === undefined ? {} : { seed }),
    ...(maxExamples === undefined ? {} : { maxExamples }),
    ...(language === undefined ? {} : { language }),
  };
  // pnpm runs the script in the package's folder; relative paths are meant from where the user typed.
  const from = process.env.INIT_CWD ?? process.cwd();
  const path = (option: string): string => (isAbsolute(option) ? option : resolve(from, option));
  const out = path(values.out ?? 'reports/conformance');
  const onlyFailed = values['only-failed'] ?? false;
  const replay = values.replay === undefined ? null : path(values.replay);
  if ((onlyFailed || replay) && operations.length > 0) {
    throw new UsageError(
      `${replay ? '--replay' : '--only-failed'} and --operation cannot be used together`,
    );
  }
  if (onlyFailed && replay) {
    throw new UsageError(
      '--only-failed reads the report in --out, --replay the one it names: give one',
    );
  }
  const baselinePrune = values['baseline-prune'] ?? false;
  if (baselinePrune && values.baseline === undefined)
    throw new UsageError('--baseline-prune goes with --baseline FILE');
  return {
    options,
    baseline: values.baseline === undefined ? null : path(values.baseline),
    baselinePrune,
    baselineWrite: values['baseline-write'] === undefined ? null : path(values['baseline-write']),
    out,
    onlyFailed,
    replay,
    compareWith:
      values['compare-with'] === undefined
        ? null
        : httpUrl('--compare-with', values['compare-with']),
    contract: values.contract === undefined ? null : path(values.contract),
    tokenFile: values['token-file'] === undefined ? null : path(values['token-file']),
    compareTokenFile:
      values['compare-token-file'] === undefined ? null : path(values['compare-token-file']),
  };
}

/** Where the command runs: its environment and the contract it checks by default. */
export interface CliContext {
  env: Readonly<Record<string, string | undefined>>;
  /** The contract file read without `--contract`. */
  defaultContract: string;
  /** How reports name it: `openapi/portal.yaml`, `packed with the checker`. */
  defaultContractName: string;
}

/** The tokens of a `--token-file`. */
async function readTokenFile(file: string): Promise<Partial<Record<TestUser, string>>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new UsageError(`cannot read the token file ${file}`);
  }
  return tokensFromFile(text, file);
}

/** The known failures of a `--baseline` file (a usage error when it cannot be read as one). */
async function readBaseline(file: string): Promise<{ file: string; entries: BaselineEntry[] }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new UsageError(`cannot read the baseline ${file}`);
  }
  try {
    return { file, entries: parseBaseline(text, file) };
  } catch (error) {
    if (error instanceof BaselineError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * What `--baseline-write` and `--baseline-prune` do after a run: write a baseline of its
 * failures, rewrite the baseline without its stale entries. Says what it wrote.
 */
async function updateBaselines(
  parsed: ParsedCli,
  options: ConformanceOptions,
  report: Report,
): Promise<void> {
  if (parsed.baselineWrite !== null) {
    const { text, entries } = baselineOf(
      report.operations,
      options.baseline?.entries ?? [],
      report.startedAt.slice(0, 10),
    );
    await writeFile(parsed.baselineWrite, text);
    process.stdout.write(
      `Baseline: wrote ${entries} entries to ${parsed.baselineWrite} (fill in each reason and ticket)\n`,
    );
  }
  const stale = report.baseline?.stale ?? [];
  if (parsed.baselinePrune && parsed.baseline !== null) {
    if (stale.length > 0) {
      const text = await readFile(parsed.baseline, 'utf8');
      await writeFile(parsed.baseline, prunedBaseline(text, stale));
    }
    process.stdout.write(
      `Baseline: removed ${stale.length} stale entries from ${parsed.baseline}\n`,
    );
  }
}

/**
 * Reads what the command line names (token files, contract) into the run's options, and the
 * second server's tokens for `--compare-with` (null: the same as the first's).
 */
async function resolveFiles(
  parsed: ParsedCli,
  context: CliContext,
): Promise<{ options: ConformanceOptions; compareTokens: ConformanceOptions['tokens'] | null }> {
  if (parsed.compareTokenFile !== null && parsed.compareWith === null)
    throw new UsageError('--compare-token-file goes with --compare-with');
  const fromFile = parsed.tokenFile === null ? {} : await readTokenFile(parsed.tokenFile);
  const tokens = {
    ...tokensFromEnvironment(context.env),
    ...fromFile,
    ...parsed.options.tokens,
  };
  const { index, source } = await readContract(parsed.contract ?? context.defaultContract);
  const name = parsed.contract ?? context.defaultContractName;
  const baseline = parsed.baseline === null ? null : await readBaseline(parsed.baseline);
  return {
    options: {
      ...parsed.options,
      tokens,
      contract: index,
      contractSource: { ...source, path: name },
      ...(baseline === null ? {} : { baseline }),
    },
    compareTokens:
      parsed.compareTokenFile === null ? null : await readTokenFile(parsed.compareTokenFile),
  };
}

/** The command: returns the exit code. */
export async function main(argv: readonly string[], context: CliContext): Promise<number> {
  let parsed;
  let options: ConformanceOptions;
  let compareTokens: ConformanceOptions['tokens'] | null;
  try {
    const command = parseCli(argv);
    if ('print' in command) {
      process.stdout.write(`${command.print}\n`);
      return 0;
    }
    parsed = command;
    ({ options, compareTokens } = await resolveFiles(parsed, context));
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`conformance: ${error.message}\n\n${HELP}\n`);
      return 2;
    }
    if (error instanceof ContractError) {
      process.stderr.write(`conformance: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const { out, onlyFailed, replay } = parsed;
  if (onlyFailed || replay) {
    const last = replay ?? join(out, JSON_FILE);
    let previous: Report;
    try {
      previous = JSON.parse(await readFile(last, 'utf8')) as Report;
      if (!Array.isArray(previous.operations)) throw new Error('not a report');
    } catch {
      process.stderr.write(
        replay
          ? `conformance: --replay needs a report written by this checker (${JSON_FILE}); cannot read ${last}\n`
          : `conformance: --only-failed needs the last report, ${last}: run without it first\n`,
      );
      return 2;
    }
    if (replay && previous.baseUrl !== options.baseUrl) {
      process.stderr.write(
        `Replaying the failures of ${previous.baseUrl} against ${options.baseUrl}\n`,
      );
    }
    const failedIds = failedOperations(previous);
    if (previous.stopped) {
      // Most of its checks never ran: what fails is not known yet, so every check runs again.
      process.stderr.write(
        `The last run stopped (${stoppedLine(previous.stopped)}): running every check again\n`,
      );
    } else if (failedIds.length === 0) {
      process.stdout.write(`Nothing to rerun: no check failed in ${last}.\n`);
      return 0;
    } else {
      const onlyChecks = failedChecks(previous, Object.values(ANSWER_CHECKS));
      const checks = Object.values(onlyChecks).reduce((sum, names) => sum + names.length, 0);
      const whole = failedIds.filter((id) => !(id in onlyChecks));
      process.stderr.write(
        `Rerunning the ${failedIds.length} operations that failed: ${failedIds.join(', ')}\n` +
          `(${checks} failed checks of ${Object.keys(onlyChecks).length} operations alone; every check of ${whole.length} operations whose answers failed a check over every answer)\n`,
      );
      options = { ...options, operations: failedIds, onlyChecks };
    }
  }
  if (options.contractSource) {
    process.stderr.write(
      `Checking ${options.baseUrl} against ${contractLine({ contract: options.contractSource })}…\n`,
    );
  }
  // Compared with a second server: each answer's shape is kept, to compare keys and types.
  if (parsed.compareWith) options = { ...options, keepShapes: true };
  let report;
  try {
    report = await runConformance(options);
  } catch (error) {
    process.stderr.write(
      `conformance: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 2;
  }
  const columns =
    process.stdout.columns && process.stdout.columns > 80 ? process.stdout.columns : 200;
  process.stdout.write(`${formatTable(report, columns)}\n`);
  const files = await writeReports(report, out);
  await updateBaselines(parsed, options, report);
  process.stdout.write(
    `\nReport: ${files.html}\nMarkdown: ${files.markdown} (summary for a pull request: ${files.summary})\nJUnit: ${files.junit}\nData: ${files.json}\nWFC: ${files.wfc}\n`,
  );
  if (!parsed.compareWith) return exitCode(report);
  return compareWith(
    parsed.compareWith,
    { ...options, seed: report.generated.seed, tokens: compareTokens ?? options.tokens ?? {} },
    report,
    out,
  );
}

/** Most differences printed to the terminal (all are in the comparison file). */
const PRINTED_DIFFERENCES = 20;

/**
 * `--compare-with URL`: the same checks, with the same seed, against a second server; the
 * differences in outcomes, statuses and body shapes go to the terminal and COMPARE_FILE. Exit 0
 * only when both passed and nothing differs.
 */
async function compareWith(
  url: string,
  options: ConformanceOptions,
  left: Report,
  out: string,
): Promise<number> {
  process.stderr.write(`\nChecking ${url} the same way, to compare…\n`);
  let right: Report;
  try {
    right = await runConformance({ ...options, baseUrl: url });
  } catch (error) {
    process.stderr.write(
      `conformance: ${url}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 2;
  }
  const files = await writeReports(right, join(out, 'compared'));
  const differences = compareReports(left, right);
  await writeFile(join(out, COMPARE_FILE), comparisonMarkdown(left, right, differences));
  process.stdout.write(
    `\n${differences.length} differences between ${left.baseUrl} and ${right.baseUrl}` +
      ` (${right.baseUrl}: ${resultLine(right)})\n`,
  );
  for (const d of differences.slice(0, PRINTED_DIFFERENCES)) {
    process.stdout.write(
      `  ${d.operationId}: ${d.check} (${d.kind}${d.path === undefined ? '' : ` ${d.path}`}): ${oneLineOf(d.left)} | ${oneLineOf(d.right)}\n`,
    );
  }
  process.stdout.write(
    `Comparison: ${join(out, COMPARE_FILE)}\nReport of ${right.baseUrl}: ${files.html}\n`,
  );
  return left.ok && right.ok && differences.length === 0 ? 0 : 1;
}

const oneLineOf = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
};

/** Runs the command with the process's arguments and sets its exit code. */
export function runFromCommandLine(defaultContract: string, defaultContractName: string): void {
  main(process.argv.slice(2), { env: process.env, defaultContract, defaultContractName }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        `conformance: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exitCode = 1;
    },
  );
}
