import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { allLocaleResources } from './i18n.ts';

/** Every source file that may use a translation key: the web app and the machines (which return keys). */
const roots = ['../../src', '../../../machines/src'].map((p) =>
  fileURLToPath(new URL(p, import.meta.url)),
);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** i18next plural and context forms (`_one`, `_other`, `_male`…) belong to their base key. */
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

test('no translation key lingers unused', async () => {
  const code = roots
    .flatMap(sources)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const resources = await allLocaleResources();
  const unused: string[] = [];
  for (const [namespace, texts] of Object.entries(resources.en ?? {})) {
    for (const key of keysOf(texts)) {
      const base = baseKey(key);
      const quoted = ["'", '"', '`'].some(
        (q) => code.includes(`${q}${base}${q}`) || code.includes(`${q}${namespace}:${base}${q}`),
      );
      // A key built at run time (`steps.${step}`) counts as used through its parent.
      const parents = base
        .split('.')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('.'));
      const dynamic = parents.some((parent) => code.includes(`${parent}.\${`));
      // The last segment alone, for keys looked up under a prefix (`t(key, { keyPrefix })`) or from data.
      const leaf = base.split('.').pop() ?? base;
      const byLeaf = base.includes('.') && ["'", '"'].some((q) => code.includes(`${q}${leaf}${q}`));
      if (!quoted && !dynamic && !byLeaf) unused.push(`${namespace}:${key}`);
    }
  }
  expect(unused).toEqual([]);
});
