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
        expect(path, `${name} imports ${path}`).not.toMatch(/(^|\/)(features|app|shared)\//);
      }
    }
  });

  // A module with a default export is a chunk for React.lazy (sonner's toaster): the index must
  // not import it, or it would be bundled with everything that uses the kit.
  const isLazyChunk = (name: string): boolean =>
    /^export default function/m.test(readFileSync(join(here, name), 'utf8'));

  test('exports every component file from its index', () => {
    const index = readFileSync(join(here, 'index.ts'), 'utf8');
    for (const name of sources.filter((file) => file !== 'index.ts' && !isLazyChunk(file))) {
      expect(index, `${name} is missing from index.ts`).toContain(`'./${name}'`);
    }
  });

  test('leaves its lazily loaded chunks out of the index', () => {
    const index = readFileSync(join(here, 'index.ts'), 'utf8');
    const lazyChunks = sources.filter(isLazyChunk);
    expect(lazyChunks).toContain('sonner-toaster.tsx');
    for (const name of lazyChunks) expect(index).not.toContain(`'./${name}'`);
  });
});
