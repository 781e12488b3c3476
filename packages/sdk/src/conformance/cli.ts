import { readFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  failedOperations,
  formatTable,
  HTML_FILE,
  JSON_FILE,
  JUNIT_FILE,
  MARKDOWN_FILE,
  writeReports,
} from './report.ts';
import { runConformance } from './run.ts';
import { TEST_USERS, type ConformanceOptions, type Report, type TestUser } from './types.ts';

export const HELP = `Contract conformance checker: does a server honour openapi/portal.yaml, operation by operation?

Usage:
  pnpm conformance --base-url URL [options]

Options:
  --base-url URL        the server under test, e.g. http://127.0.0.1:3000 (required)
  --login-as USER       sign in through the dev server's POST /api/dev/session; repeatable.
                        USER: patient, admin, content-manager, first-login
  --token USER=TOKEN    use this bearer token for USER (for a real server); repeatable
  --out DIR             where to write ${HTML_FILE}, ${MARKDOWN_FILE}, ${JUNIT_FILE} and
                        ${JSON_FILE} (default reports/conformance)
  --only-failed         rerun only the operations that failed in the last report in --out
                        (default reports/conformance)
  --published-only      only the clinic's published calls (x-status: published)
  --operation ID        only this operation (operationId); repeatable or comma-separated
  --timeout-ms N        per-request timeout in milliseconds (default 10000)
  --no-destructive      read-only run: skip every check that creates, changes or deletes data
  --fail-on-skipped     a skipped check fails the run (no token for a role, a read-only run…)
  --reset               also call POST /api/dev/reset at the end (wipes a dev server's data)
  --language LANG       Accept-Language of the requests: fi, sv or en (default en)
  -h, --help            this help

Without tokens only the public operations and the 401 checks can run; give a patient, an admin and
a content manager (and first-login for the terms checks) to run everything. Each token is checked
first (GET /api/me: its role, the terms accepted except by first-login): a token the server rejects
or gives to another kind of user stops the run before any check.

Exit code: 0 when every check passed (skipped checks do not fail without --fail-on-skipped; the
result line counts them), 1 when a check failed or the server could not be reached, 2 for bad
arguments, a rejected or wrong token, or a dev-mode option (--login-as, --reset) against a server
without dev mode.

Example (dev server):
  pnpm conformance --base-url http://127.0.0.1:3000 --login-as patient --login-as admin \\
    --login-as content-manager --login-as first-login
Example (real server):
  pnpm conformance --base-url https://test.example.com --token patient=… --token admin=… \\
    --token content-manager=… --no-destructive`;

export class UsageError extends Error {}

function testUser(value: string): TestUser {
  const user = value === 'contentManager' ? 'content-manager' : value;
  if (!(TEST_USERS as readonly string[]).includes(user)) {
    throw new UsageError(`unknown user "${value}" (expected ${TEST_USERS.join(', ')})`);
  }
  return user as TestUser;
}

/** Parses the command line into options (throws UsageError), or null for --help. */
export function parseCli(
  argv: readonly string[],
): { options: ConformanceOptions; out: string; onlyFailed: boolean } | null {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv].filter((arg) => arg !== '--'),
      strict: true,
      allowPositionals: false,
      options: {
        'base-url': { type: 'string' },
        token: { type: 'string', multiple: true },
        'login-as': { type: 'string', multiple: true },
        out: { type: 'string' },
        'published-only': { type: 'boolean' },
        operation: { type: 'string', multiple: true },
        'timeout-ms': { type: 'string' },
        'no-destructive': { type: 'boolean' },
        'fail-on-skipped': { type: 'boolean' },
        reset: { type: 'boolean' },
        'only-failed': { type: 'boolean' },
        language: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const values = parsed.values;
  if (values.help) return null;
  const baseUrl = values['base-url'];
  if (!baseUrl) throw new UsageError('--base-url is required');
  try {
    const url = new URL(baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
  } catch {
    throw new UsageError(`--base-url must be an http(s) URL, got "${baseUrl}"`);
  }
  const tokens: Partial<Record<TestUser, string>> = {};
  for (const entry of values.token ?? []) {
    const at = entry.indexOf('=');
    if (at <= 0 || at === entry.length - 1)
      throw new UsageError(`--token expects USER=TOKEN, got "${entry}"`);
    tokens[testUser(entry.slice(0, at))] = entry.slice(at + 1);
  }
  const loginAs = (values['login-as'] ?? []).map(testUser);
  let timeoutMs: number | undefined;
  if (values['timeout-ms'] !== undefined) {
    timeoutMs = Number(values['timeout-ms']);
    if (!Number.isInteger(timeoutMs) || timeoutMs < 1) {
      throw new UsageError(
        `--timeout-ms expects a positive integer, got "${values['timeout-ms']}"`,
      );
    }
  }
  const language = values.language;
  if (language !== undefined && language !== 'fi' && language !== 'sv' && language !== 'en') {
    throw new UsageError(`--language expects fi, sv or en, got "${language}"`);
  }
  const operations = (values.operation ?? [])
    .flatMap((o) => o.split(','))
    .map((o) => o.trim())
    .filter(Boolean);
  const options: ConformanceOptions = {
    baseUrl,
    tokens,
    loginAs,
    publishedOnly: values['published-only'] ?? false,
    destructive: !(values['no-destructive'] ?? false),
    reset: values.reset ?? false,
    failOnSkipped: values['fail-on-skipped'] ?? false,
    ...(operations.length > 0 ? { operations } : {}),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(language === undefined ? {} : { language }),
  };
  // pnpm runs the script in packages/sdk; relative paths are meant from where the user typed.
  const from = process.env.INIT_CWD ?? process.cwd();
  const outOption = values.out ?? 'reports/conformance';
  const out = isAbsolute(outOption) ? outOption : resolve(from, outOption);
  const onlyFailed = values['only-failed'] ?? false;
  if (onlyFailed && operations.length > 0) {
    throw new UsageError('--only-failed and --operation cannot be used together');
  }
  return { options, out, onlyFailed };
}

/** The command: returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseCli(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`conformance: ${error.message}\n\n${HELP}\n`);
      return 2;
    }
    throw error;
  }
  if (!parsed) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const { out, onlyFailed } = parsed;
  let { options } = parsed;
  if (onlyFailed) {
    const last = join(out, JSON_FILE);
    let previous: Report;
    try {
      previous = JSON.parse(await readFile(last, 'utf8')) as Report;
    } catch {
      process.stderr.write(
        `conformance: --only-failed needs the last report, ${last}: run without it first\n`,
      );
      return 2;
    }
    const failedIds = failedOperations(previous);
    if (failedIds.length === 0) {
      process.stdout.write(`Nothing to rerun: no check failed in ${last}.\n`);
      return 0;
    }
    process.stderr.write(
      `Rerunning the ${failedIds.length} operations that failed: ${failedIds.join(', ')}\n`,
    );
    options = { ...options, operations: failedIds };
  }
  process.stderr.write(`Checking ${options.baseUrl} against the contract…\n`);
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
  process.stdout.write(
    `\nReport: ${files.html}\nMarkdown: ${files.markdown}\nJUnit: ${files.junit}\nData: ${files.json}\n`,
  );
  return report.ok ? 0 : 1;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (invokedDirectly) {
  main(process.argv.slice(2)).then(
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
