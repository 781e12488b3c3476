import { indexContract } from '@portal/sdk/contract';
import { expect, test } from 'vitest';
import { PUBLIC_OPERATIONS } from './public-operations.ts';

test('the handlers that may run without a user are exactly the contract’s public operations', () => {
  const contractPublic = indexContract()
    .operations.filter((operation) => operation.isPublic)
    .map((operation) => operation.operationId);
  expect([...PUBLIC_OPERATIONS].sort()).toEqual(contractPublic.sort());
});
