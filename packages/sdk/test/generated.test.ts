import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { generatedTypesUrl, renderTypes } from '../scripts/render-types.ts';

test('the committed SDK types match the contract (run `pnpm generate` when this fails)', async () => {
  const committed = await readFile(generatedTypesUrl, 'utf8');
  expect(committed === (await renderTypes()), 'packages/sdk/src/generated/portal.ts is stale').toBe(
    true,
  );
});
