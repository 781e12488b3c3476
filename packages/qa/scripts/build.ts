import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Builds the package for use outside this repository: JavaScript and declarations from `src`
 * (tsc), the contract's generated types beside them as `portal.d.ts`, and the declarations'
 * imports of `@portal/sdk` (types only, erased from the JavaScript) pointed at that file, and their
 * `.ts` specifiers made `.js` as the JavaScript's are. Fails if
 * any built file still names a workspace package.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;
rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', `${root}tsconfig.build.json`], { stdio: 'inherit' });
copyFileSync(`${root}../sdk/src/generated/portal.ts`, `${dist}/portal.d.ts`);
for (const file of readdirSync(dist)) {
  const path = `${dist}/${file}`;
  const text = readFileSync(path, 'utf8');
  // Declarations keep the sources' `.ts` specifiers (tsc rewrites only the JavaScript's).
  const rewritten = file.endsWith('.d.ts')
    ? text
        .replaceAll("'@portal/sdk'", "'./portal.js'")
        .replace(/(from '\.\/[\w-]+)\.ts'/g, "$1.js'")
    : text;
  if (/(from\s*|import\()['"]@portal\//.test(rewritten))
    throw new Error(`${file} still imports a workspace package`);
  writeFileSync(path, rewritten);
}
console.info(`built ${readdirSync(dist).join(', ')}`);
