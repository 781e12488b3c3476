import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';
import { BIN_FILE, packConformance, PACKAGE_NAME } from '../scripts/pack.ts';
import { CONTRACT, start } from './harness.ts';

// The packed checker as a backend team gets it: one tarball, run with npx from an empty folder
// with nothing but Node and npm (an empty npm cache, offline: it needs nothing from a registry).

const exec = promisify(execFile);

let tarball: string;
let unpacked: string;

beforeAll(async () => {
  const out = mkdtempSync(join(tmpdir(), 'conformance-pack-'));
  tarball = await packConformance(out);
  unpacked = join(out, 'unpacked');
  mkdirSync(unpacked);
  await exec('tar', ['-xzf', tarball, '-C', unpacked]);
}, 120_000);

/** Runs the tarball with npx in a new empty folder: its exit code and everything it printed. */
async function npx(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; output: string; folder: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'conformance-empty-'));
  try {
    // Asynchronous: the server under test runs in this process.
    const { stdout, stderr } = await exec('npx', ['--yes', `file:${tarball}`, ...args], {
      cwd: folder,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: folder,
        npm_config_cache: join(folder, '.npm'),
        npm_config_offline: 'true',
        npm_config_update_notifier: 'false',
        ...env,
      },
    });
    return { code: 0, output: stdout + stderr, folder };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`, folder };
  }
}

describe('the packed checker', () => {
  test('is one bundled command, the contract and a manifest without dependencies', () => {
    expect(tarball).toMatch(new RegExp(`${PACKAGE_NAME}-1\\.0\\.0\\.tgz$`));
    const root = join(unpacked, 'package');
    expect(readdirSync(root).sort()).toEqual(['README.md', 'contract', 'dist', 'package.json']);
    expect(readdirSync(join(root, 'dist'))).toEqual([`${PACKAGE_NAME}.js`]);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({
      name: PACKAGE_NAME,
      type: 'module',
      bin: { [PACKAGE_NAME]: BIN_FILE },
      engines: { node: '>=20' },
    });
    expect(manifest).not.toHaveProperty('dependencies');
    const bundle = readFileSync(join(root, BIN_FILE), 'utf8');
    expect(bundle.startsWith('#!/usr/bin/env node\n')).toBe(true);
    // Plain JavaScript with its libraries inside: no workspace package, no import of anything
    // but Node's own modules.
    const imported = [...bundle.matchAll(/(?:^|\n)import .* from ["']([^"']+)["']/g)].map(
      (m) => m[1],
    );
    expect(imported.every((name) => name?.startsWith('node:'))).toBe(true);
    expect(bundle).not.toMatch(/(?:from|import\(|require\()\s*["']@portal\//);
    // The contract inside is the repository's, byte for byte.
    expect(readFileSync(join(root, 'contract/portal.yaml'))).toEqual(readFileSync(CONTRACT));
  });

  test('from an empty folder: checks the dev server with every user and exits 0', async () => {
    const baseUrl = await start();
    const run = await npx([
      '--base-url',
      baseUrl,
      '--login-as',
      'patient',
      '--login-as',
      'admin',
      '--login-as',
      'content-manager',
      '--login-as',
      'first-login',
      '--seed',
      '7',
    ]);
    expect(run.output).toMatch(/RESULT: every check (that ran )?passed/);
    expect(run.code).toBe(0);
    expect(run.output).toContain(
      'Contract: Dental portal API 1.0.0, sha256 ' +
        /[0-9a-f]{64}/.exec(run.output)?.[0] +
        ' (contract/portal.yaml, packed with the checker)',
    );
    expect(readdirSync(join(run.folder, 'reports/conformance')).sort()).toEqual([
      'conformance-junit.xml',
      'conformance-report.html',
      'conformance-report.json',
      'conformance-report.md',
      'conformance-summary.md',
      'conformance-wfc.json',
    ]);
  }, 120_000);

  test('with a token the server rejects it stops before checking (exit 2)', async () => {
    const baseUrl = await start();
    const run = await npx(['--base-url', baseUrl], { ADMIN_TOKEN: 'expired-or-foreign' });
    expect(run.code).toBe(2);
    expect(run.output).toContain('stopped before checking');
    expect(run.output).toContain('the token for admin is rejected (401)');
  }, 60_000);

  test('against a broken server it exits 1 and names the broken check', async () => {
    const baseUrl = await start((app) =>
      app.addHook('preHandler', async (request, reply) => {
        if (request.url === '/api/config')
          await reply.code(418).send({ UserMessage: 'Broken on purpose.', Code: 'bad-request' });
      }),
    );
    const run = await npx(['--base-url', baseUrl, '--operation', 'getConfig,listBranches']);
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/getConfig +GET +\/api\/config .*→ 418/);
    expect(run.output).toContain('RESULT: ');
    expect(run.output).toMatch(/checks failed in 1 operations/);
  }, 60_000);

  test("installs with npm install --global, as the README's container does", async () => {
    const prefix = mkdtempSync(join(tmpdir(), 'conformance-global-'));
    await exec('npm', ['install', '--global', '--prefix', prefix, `file:${tarball}`], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: prefix,
        npm_config_cache: join(prefix, '.npm'),
        npm_config_offline: 'true',
        npm_config_update_notifier: 'false',
        npm_config_audit: 'false',
        npm_config_fund: 'false',
      },
    });
    const { stdout } = await exec(join(prefix, 'bin', PACKAGE_NAME), ['--help'], {
      encoding: 'utf8',
    });
    expect(stdout).toContain('portal-conformance --base-url URL [options]');
    expect(stdout).toContain('--contract FILE');
  }, 60_000);
});
