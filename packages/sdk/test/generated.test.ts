import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import {
  generatedActingForUrl,
  generatedContractUrl,
  generatedTypesUrl,
  renderActingFor,
  renderContractJson,
  renderTypes,
} from '../scripts/render-types.ts';

test('the committed SDK types match the contract (run `pnpm generate` when this fails)', async () => {
  const committed = await readFile(generatedTypesUrl, 'utf8');
  expect(committed === (await renderTypes()), 'packages/sdk/src/generated/portal.ts is stale').toBe(
    true,
  );
});

test('the committed contract JSON matches the contract (run `pnpm generate` when this fails)', async () => {
  const committed = await readFile(generatedContractUrl, 'utf8');
  expect(
    committed === (await renderContractJson()),
    'packages/sdk/src/generated/contract.json is stale',
  ).toBe(true);
});

test('the committed acting-for calls match the contract (run `pnpm generate` when this fails)', async () => {
  const committed = await readFile(generatedActingForUrl, 'utf8');
  expect(
    committed === (await renderActingFor()),
    'packages/sdk/src/generated/acting-for.ts is stale',
  ).toBe(true);
});
