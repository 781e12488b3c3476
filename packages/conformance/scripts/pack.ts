import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, type Plugin } from 'esbuild';

/**
 * `pnpm conformance:pack --out DIR`: the checker as one npm tarball for backend teams,
 * `DIR/portal-conformance-<version>.tgz`. Inside: `dist/portal-conformance.js` (the command
 * bundled to one plain-JavaScript ES module with its libraries: no dependencies to install, no
 * workspace links), `contract/portal.yaml` (the contract it checks by default), the README and a
 * package.json with `bin`, `files` and `engines`. Run anywhere with Node 20 and npm:
 * `npx --yes DIR/portal-conformance-<version>.tgz --base-url URL`.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const repository = resolve(root, '../..');

export const PACKAGE_NAME = 'portal-conformance';
export const BIN_FILE = `dist/${PACKAGE_NAME}.js`;

/**
 * The SDK's generated copy of the contract (its default document) stays out of the bundle: the
 * command always reads contract/portal.yaml or --contract, and the copy would double the size.
 */
const withoutGeneratedContract: Plugin = {
  name: 'without-generated-contract',
  setup(esbuild) {
    esbuild.onResolve({ filter: /generated\/contract\.json$/ }, (args) => ({
      path: args.path,
      namespace: 'no-generated-contract',
    }));
    esbuild.onLoad({ filter: /.*/, namespace: 'no-generated-contract' }, () => ({
      loader: 'js',
      contents:
        "export default { get paths() { throw new Error('the packed checker has no built-in contract: give --contract FILE'); } };",
    }));
  },
};

interface Manifest {
  version: string;
  description: string;
}

/** Builds the package into `stage` (emptied first) and packs it into `out`; returns the tarball. */
export async function packConformance(out: string): Promise<string> {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
  const stage = mkdtempSync(join(tmpdir(), 'portal-conformance-'));
  try {
    await build({
      entryPoints: [join(root, 'src/bin.ts')],
      outfile: join(stage, BIN_FILE),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      legalComments: 'linked',
      // CommonJS libraries bundled into an ES module still call require() for Node's modules.
      banner: {
        js: "#!/usr/bin/env node\nimport { createRequire as __portalRequire } from 'node:module';\nconst require = __portalRequire(import.meta.url);",
      },
      logLevel: 'warning',
      plugins: [withoutGeneratedContract],
    });
    mkdirSync(join(stage, 'contract'));
    copyFileSync(join(repository, 'openapi/portal.yaml'), join(stage, 'contract/portal.yaml'));
    copyFileSync(join(root, 'README.md'), join(stage, 'README.md'));
    writeFileSync(
      join(stage, 'package.json'),
      `${JSON.stringify(
        {
          name: PACKAGE_NAME,
          version: manifest.version,
          description: manifest.description,
          license: 'UNLICENSED',
          type: 'module',
          bin: { [PACKAGE_NAME]: BIN_FILE },
          files: ['dist', 'contract', 'README.md'],
          engines: { node: '>=20' },
        },
        null,
        2,
      )}\n`,
    );
    mkdirSync(out, { recursive: true });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const packed = execFileSync(npm, ['pack', '--json', '--pack-destination', out], {
      cwd: stage,
      encoding: 'utf8',
      env: { ...process.env, npm_config_loglevel: 'error', npm_config_update_notifier: 'false' },
    });
    const [result] = JSON.parse(packed) as [{ filename: string }];
    return join(out, result.filename);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

const invokedDirectly = process.argv[1] === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
  if (!values.out) {
    process.stderr.write('usage: pnpm conformance:pack --out DIR\n');
    process.exit(2);
  }
  const from = process.env.INIT_CWD ?? process.cwd();
  const tarball = await packConformance(
    isAbsolute(values.out) ? values.out : resolve(from, values.out),
  );
  process.stdout.write(
    `${tarball}\nRun it with Node 20 and npm: npx --yes ${tarball} --base-url URL [options]\n`,
  );
}
