import type { OperationId } from '@portal/sdk/contract';
import { validBody } from '../discovery.ts';
import { errorCode, expectErrorCode, expectStatus, jsonObject } from '../expect.ts';
import { describe, fail, type Runner } from '../runner.ts';
import { hasAll } from './flow.ts';

const CODES: readonly { id: OperationId; invalid: string; field: string; unknown: string }[] = [
  {
    id: 'checkCampaignCode',
    invalid: 'invalid-campaign-code',
    field: 'code',
    unknown: 'CONFORMANCE-0000',
  },
  {
    id: 'checkVoucher',
    invalid: 'invalid-voucher',
    field: 'identifier',
    unknown: 'CONFORMANCE-0000-0000',
  },
];

/**
 * Campaign codes and voucher identifiers: the contract's example answers 200 (valid) or 400 with
 * the specific invalid code, and an identifier that cannot exist answers 400 with it.
 */
export async function codeChecks(runner: Runner): Promise<void> {
  for (const { id, invalid, field, unknown } of CODES) {
    if (!hasAll(runner, [id]) || !runner.isSelected(id)) continue;
    const spec = runner.op(id);
    await runner.check(
      id,
      `answers 200 with valid: true, or 400 ${invalid}, for the contract's example`,
      { id: 'code_example_answered', category: 'business' },
      async () => {
        const answer = await runner.call(id, 'the example', {
          json: await validBody(runner, spec),
        });
        expectStatus(spec, answer, [200, 400]);
        if (answer.status === 200 && jsonObject(answer).valid !== true)
          fail(`200 without valid: true: ${describe(answer)}`);
        if (answer.status === 400 && errorCode(answer) !== invalid)
          fail(
            `400 with Code ${errorCode(answer) ?? 'none'}, expected ${invalid}: ${describe(answer)}`,
          );
      },
    );
    await runner.check(
      id,
      `answers 400 ${invalid} for an unknown ${field}`,
      { id: 'unknown_code_refused', category: 'business' },
      async () => {
        const body = await validBody(runner, spec);
        const answer = await runner.call(id, `an unknown ${field}`, {
          json: { ...(body as object), [field]: unknown },
        });
        expectStatus(spec, answer, [400]);
        expectErrorCode(answer, [invalid]);
      },
    );
  }
}
