import type { OperationSpec } from '@portal/sdk/contract';
import type { HttpAnswer } from './http.ts';
import { isObject, type JsonObject } from './json.ts';
import { describe, fail, skip } from './runner.ts';

/** What a check accepts: exact statuses, or a class (`2xx`, `4xx`). */
export type StatusExpectation = number | '2xx' | '4xx';

function matches(status: number, expected: StatusExpectation): boolean {
  if (expected === '2xx') return status >= 200 && status < 300;
  if (expected === '4xx') return status >= 400 && status < 500;
  return status === expected;
}

/**
 * Fails unless the answer has one of the statuses. A 429 the contract documents skips the
 * check instead (the server is rate limiting; run again later).
 */
export function expectStatus(
  spec: OperationSpec,
  answer: HttpAnswer,
  expected: readonly StatusExpectation[],
): asserts answer is HttpAnswer & { status: number } {
  const status = answer.status;
  if (status === null) fail(describe(answer));
  if (expected.some((e) => matches(status, e))) return;
  if (answer.status === 429 && spec.responses.some((r) => r.status === '429')) {
    skip(
      `rate limited (429, Retry-After ${answer.headers['retry-after'] ?? '?'}); run again later`,
    );
  }
  fail(`expected ${expected.join(' or ')}, got ${describe(answer)}`);
}

/** The `Code` of an `Error` body, or undefined. */
export function errorCode(answer: HttpAnswer): string | undefined {
  return isObject(answer.json) && typeof answer.json.Code === 'string'
    ? answer.json.Code
    : undefined;
}

/** Fails unless the answer is an `Error` body with one of the codes. */
export function expectErrorCode(answer: HttpAnswer, codes: readonly string[]): void {
  const code = errorCode(answer);
  if (code === undefined || !codes.includes(code)) {
    fail(`expected an Error body with Code ${codes.join(' or ')}, got ${describe(answer)}`);
  }
}

/** The JSON body as an object, or a failure. */
export function jsonObject(answer: HttpAnswer): JsonObject {
  if (!isObject(answer.json)) fail(`expected a JSON object, got ${describe(answer)}`);
  return answer.json;
}

/** The items of a list answer (a plain array or a page `{items}`). */
export function listItems(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isObject(value) && Array.isArray(value.items)) return value.items;
  return [];
}

/** The `id` (or published `Id`) of an item. */
export function idOf(value: unknown): number | undefined {
  if (!isObject(value)) return undefined;
  const id = value.id ?? value.Id;
  return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
}
