import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tokenVariable, type Report } from '../src/index.ts';
import { cli, CONTRACT, start, tokenEnv } from './harness.ts';

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

const folder = (): string => mkdtempSync(join(tmpdir(), 'conformance-cli-'));

function reportIn(out: string): Report {
  return JSON.parse(readFileSync(join(out, 'conformance-report.json'), 'utf8')) as Report;
}

describe('--contract: the checker reads the contract file itself', () => {
  test('without it, openapi/portal.yaml as it is now; every report names its version and hash', async () => {
    const baseUrl = await start();
    const out = folder();
    const run = await cli(['--base-url', baseUrl, '--operation', 'getConfig', '--out', out]);
    expect(run.code).toBe(0);
    const hash = sha256(readFileSync(CONTRACT));
    const line = `Dental portal API 1.0.0, sha256 ${hash} (openapi/portal.yaml)`;
    expect(run.printed).toContain(`Checking ${baseUrl} against ${line}…`);
    expect(run.printed).toContain(`Contract: ${line}`);
    expect(reportIn(out).contract).toEqual({
      title: 'Dental portal API',
      version: '1.0.0',
      sha256: hash,
      path: 'openapi/portal.yaml',
    });
    expect(readFileSync(join(out, 'conformance-report.md'), 'utf8')).toContain(
      `- Contract: ${line}`,
    );
    expect(readFileSync(join(out, 'conformance-report.html'), 'utf8')).toContain(
      `checked against <code>${line}</code>`,
    );
    const junit = readFileSync(join(out, 'conformance-junit.xml'), 'utf8');
    expect(junit).toContain(`<property name="contractSha256" value="${hash}"/>`);
    expect(junit).toContain('<property name="contractVersion" value="1.0.0"/>');
  }, 30_000);

  test('an edited contract is checked as edited (a published path renamed fails at once)', async () => {
    const baseUrl = await start();
    const dir = folder();
    const edited = join(dir, 'renamed.yaml');
    const text = readFileSync(CONTRACT, 'utf8').replace(
      /^ {2}\/api\/branches:$/m,
      '  /api/clinics:',
    );
    expect(text).toContain('  /api/clinics:');
    writeFileSync(edited, text.replace(/^ {2}version: 1\.0\.0$/m, '  version: 1.1.0-draft'));
    const run = await cli([
      '--base-url',
      baseUrl,
      '--contract',
      edited,
      '--operation',
      'listBranches',
      '--out',
      dir,
    ]);
    expect(run.code).toBe(1);
    const report = reportIn(dir);
    expect(report.contract.version).toBe('1.1.0-draft');
    expect(report.contract.sha256).toBe(sha256(readFileSync(edited)));
    expect(report.contract.path).toBe(edited);
    const listBranches = report.operations[0];
    expect(listBranches?.path).toBe('/api/clinics');
    expect(listBranches?.failed).toBeGreaterThan(0);
  }, 30_000);

  test.each([
    ['a missing file', null, /cannot read the contract .*missing\.yaml: no such file/],
    ['a file that is not YAML', 'paths: [unclosed', /is not YAML or JSON/],
    ['YAML that is not OpenAPI 3', 'swagger: "2.0"\npaths: {}\n', /is not an OpenAPI 3 document/],
    [
      'an external reference',
      'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    get:\n      operationId: a\n      parameters: [{$ref: "other.yaml#/p"}]\n      responses: {"200": {description: ok}}\n',
      /cannot be checked: external \$ref not supported: other\.yaml#\/p/,
    ],
  ])('%s is a configuration error (exit 2), before any request', async (_, content, message) => {
    const dir = folder();
    const file = join(dir, 'missing.yaml');
    if (content !== null) writeFileSync(file, content);
    const run = await cli(['--base-url', 'http://127.0.0.1:9', '--contract', file]);
    expect(run.code).toBe(2);
    expect(run.printed).toMatch(message);
    expect(run.printed).not.toContain('Checking');
  });
});

describe('tokens from the environment, a file or the command line', () => {
  test('PATIENT_TOKEN, ADMIN_TOKEN… are read from the environment', async () => {
    const baseUrl = await start();
    const env = await tokenEnv(baseUrl);
    const out = folder();
    const run = await cli(
      ['--base-url', baseUrl, '--operation', 'getMe', '--fail-on-skipped', '--out', out],
      Object.fromEntries(
        ['patient', 'admin', 'content-manager', 'first-login'].map((user) => [
          tokenVariable(user),
          env[tokenVariable(user)] ?? '',
        ]),
      ),
    );
    expect(run.code).toBe(0);
    expect(reportIn(out).signedIn).toEqual(['patient', 'admin', 'content-manager', 'first-login']);
  }, 30_000);

  test('--token wins over --token-file, and the file over the environment', async () => {
    const baseUrl = await start();
    const env = await tokenEnv(baseUrl);
    const good = (user: string): string => env[tokenVariable(user)] ?? '';
    const dir = folder();
    const file = join(dir, 'tokens.env');
    writeFileSync(
      file,
      [
        '# the test users of the staging server',
        `export ADMIN_TOKEN="${good('admin')}"`,
        'PATIENT_TOKEN=rejected-by-the-server',
        '',
      ].join('\n'),
    );
    const argv = ['--base-url', baseUrl, '--operation', 'getMe', '--out', dir];
    const wrongInEnvironment = { ADMIN_TOKEN: 'rejected-by-the-server' };
    const fileOverEnvironment = await cli([...argv, '--token-file', file], wrongInEnvironment);
    expect(fileOverEnvironment.code).toBe(2);
    expect(fileOverEnvironment.printed).toContain('the token for patient is rejected (401)');
    expect(fileOverEnvironment.printed).not.toContain('the token for admin');
    const optionOverFile = await cli(
      [...argv, '--token-file', file, '--token', `patient=${good('patient')}`],
      wrongInEnvironment,
    );
    expect(optionOverFile.code).toBe(0);
    expect(reportIn(dir).signedIn).toEqual(['patient', 'admin']);
  }, 30_000);

  test('--compare-token-file gives the second server its own tokens', async () => {
    const left = await start();
    const right = await start();
    const dir = folder();
    const fileOf = async (baseUrl: string, name: string): Promise<string> => {
      const env = await tokenEnv(baseUrl);
      const file = join(dir, name);
      writeFileSync(
        file,
        ['patient', 'admin']
          .map((user) => `${tokenVariable(user)}=${env[tokenVariable(user)] ?? ''}`)
          .join('\n'),
      );
      return file;
    };
    const leftFile = await fileOf(left, 'left.env');
    const rightFile = await fileOf(right, 'right.env');
    const argv = ['--base-url', left, '--compare-with', right, '--token-file', leftFile];
    const rest = ['--operation', 'getMe,listBranches', '--out', dir];
    // The first server's tokens mean nothing to the second: its run stops before checking.
    const shared = await cli([...argv, ...rest]);
    expect(shared.code).toBe(2);
    expect(shared.printed).toContain('the token for patient is rejected (401)');
    const own = await cli([...argv, '--compare-token-file', rightFile, ...rest]);
    expect(own.printed).toContain(`0 differences between ${left} and ${right}`);
    expect(own.code).toBe(0);
    const alone = await cli(['--base-url', left, '--compare-token-file', rightFile, ...rest]);
    expect(alone.code).toBe(2);
    expect(alone.printed).toContain('--compare-token-file goes with --compare-with');
  }, 60_000);

  test('a token file with a line it cannot read is a usage error naming the line', async () => {
    const file = join(folder(), 'tokens.env');
    writeFileSync(file, 'PATIENT_TOKEN=abc\nDOCTOR_TOKEN=def\n');
    const run = await cli(['--base-url', 'http://127.0.0.1:9', '--token-file', file]);
    expect(run.code).toBe(2);
    expect(run.printed).toContain(
      `${file}, line 2: expected VARIABLE=TOKEN with one of PATIENT_TOKEN, ADMIN_TOKEN, CONTENT_MANAGER_TOKEN, FIRST_LOGIN_TOKEN`,
    );
  });
});

describe('--header: extra headers on every request', () => {
  test('are sent with every request; a long value is a secret in the reports', async () => {
    const seen: Array<Record<string, unknown>> = [];
    const baseUrl = await start((app) =>
      app.addHook('onRequest', async (request) => {
        seen.push({ key: request.headers['x-api-key'], tenant: request.headers['x-tenant'] });
      }),
    );
    const out = folder();
    const key = 'gateway-key-0123456789';
    const run = await cli([
      '--base-url',
      baseUrl,
      '--operation',
      'getConfig',
      '--header',
      `X-Api-Key: ${key}`,
      '--header',
      'X-Tenant: 7',
      '--out',
      out,
    ]);
    expect(run.code).toBe(0);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.every((headers) => headers.key === key && headers.tenant === '7')).toBe(true);
    const text = readFileSync(join(out, 'conformance-report.json'), 'utf8');
    expect(text).not.toContain(key);
    const curl =
      reportIn(out)
        .operations.flatMap((o) => o.checks.flatMap((c) => c.exchanges))
        .find((exchange) => exchange.url.endsWith('/api/config'))?.curl ?? '';
    expect(curl).toContain(`-H 'x-api-key: '"$X_API_KEY_HEADER"`);
    expect(curl).toContain(`-H 'x-tenant: 7'`);
  }, 30_000);

  test.each([
    ['Authorization: Bearer abc', /--header cannot set Authorization: give tokens with --token/],
    ['X-Api-Key', /--header expects 'NAME: VALUE', got "X-Api-Key"/],
    ['Bad Name: 1', /--header expects 'NAME: VALUE'/],
  ])('refuses --header %s (exit 2)', async (header, message) => {
    const run = await cli(['--base-url', 'http://127.0.0.1:9', '--header', header]);
    expect(run.code).toBe(2);
    expect(run.printed).toMatch(message);
  });
});

test.each([
  ['--seed', 'abc', /--seed expects a whole number from 0 to 4294967295, got "abc"/],
  ['--max-examples', '101', /--max-examples expects a whole number from 0 to 100, got "101"/],
])('%s %s is a usage error (exit 2)', async (option, value, message) => {
  const run = await cli(['--base-url', 'http://127.0.0.1:9', option, value]);
  expect(run.code).toBe(2);
  expect(run.printed).toMatch(message);
});
