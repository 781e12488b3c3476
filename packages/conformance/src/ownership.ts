import type { OperationSpec } from '@portal/sdk/contract';
import { isContractNotFound } from './conformity.ts';
import { errorCode, expectStatus } from './expect.ts';
import type { HttpAnswer } from './http.ts';
import { describe, fail, type Runner } from './runner.ts';

// What the namespace and hierarchy rules (RESTler's) expect of a resource that is not the
// caller's to reach: the contract's refusal, never the resource.

/**
 * The statuses an operation refuses a resource that is not the caller's with: of 403 and 404,
 * those it documents (a contract that documents neither is held to both).
 */
export function refusalStatuses(spec: OperationSpec): number[] {
  const documented = [403, 404].filter((s) => spec.responses.some((r) => r.status === String(s)));
  return documented.length > 0 ? documented : [403, 404];
}

/**
 * Fails unless the answer is the contract's refusal: a 2xx is the resource served (`served`
 * says whose), a 404 must be the contract's not-found, a 403 not `terms-not-accepted` (the
 * checker's users have accepted the terms).
 */
export function expectRefusal(
  runner: Runner,
  spec: OperationSpec,
  answer: HttpAnswer,
  served: string,
): void {
  const status = answer.status;
  if (status !== null && status >= 200 && status < 300) fail(`${served}: ${describe(answer)}`);
  expectStatus(spec, answer, refusalStatuses(spec));
  if (status === 404 && !isContractNotFound(runner, spec, answer))
    fail(`404 without the contract's Error body (Code not-found): ${describe(answer)}`);
  if (status === 403 && errorCode(answer) === 'terms-not-accepted')
    fail(`403 terms-not-accepted for a user who has accepted them: ${describe(answer)}`);
}
