import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const here = import.meta.dirname;
const sources = readdirSync(here).filter(
  (name) => /\.tsx?$/.test(name) && !name.includes('.test.') && name !== 'test-utils.tsx',
);

describe('the UI kit', () => {
  test('imports no feature and not the app shell', () => {
    for (const name of sources) {
      const text = readFileSync(join(here, name), 'utf8');
      const imports = [...text.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
      for (const path of imports) {
        expect(path, `${name} imports ${path}`).not.toMatch(/(^|\/)(features|app)\//);
      }
    }
  });

  test('exports every component file from its index', () => {
    const index = readFileSync(join(here, 'index.ts'), 'utf8');
    for (const name of sources.filter((file) => file !== 'index.ts')) {
      expect(index, `${name} is missing from index.ts`).toContain(`'./${name}'`);
    }
  });
});
