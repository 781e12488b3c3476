import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

test('the build is JavaScript and declarations that name no workspace package', () => {
  execFileSync(process.execPath, ['--import', 'tsx', `${root}scripts/build.ts`], {
    cwd: root,
    stdio: 'pipe',
  });
  const files = readdirSync(`${root}dist`).sort();
  expect(files).toEqual([
    'client.d.ts',
    'client.js',
    'index.d.ts',
    'index.js',
    'playwright.d.ts',
    'playwright.js',
    'portal.d.ts',
  ]);
  for (const file of files.filter((name) => name !== 'portal.d.ts')) {
    const text = readFileSync(`${root}dist/${file}`, 'utf8');
    // Only the public packages it depends on, and its own files.
    const specifiers = [...text.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
    for (const specifier of specifiers) {
      expect(specifier, file).toMatch(
        /^(\.\/[\w-]+\.js|openapi-fetch|@playwright\/test|node:crypto)$/,
      );
    }
  }
  const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
    private?: boolean;
    dependencies: Record<string, string>;
    peerDependencies: Record<string, string>;
  };
  expect(manifest.private).toBeUndefined();
  expect(Object.keys(manifest.dependencies)).toEqual(['openapi-fetch']);
  expect(Object.keys(manifest.peerDependencies)).toEqual(['@playwright/test']);
});
