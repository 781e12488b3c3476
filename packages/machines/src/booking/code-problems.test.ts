import { describe, expect, test } from 'vitest';
import { badRequest, serverError } from '../testing/fixtures.ts';
import { codeProblemKey, codeProblemOf } from './code-problems.ts';

describe('a refused code’s case', () => {
  test('The case and its date are read from a 400 answer', () => {
    const error = badRequest({
      UserMessage: 'No',
      Code: 'invalid-voucher',
      Problem: 'ends-before-visit',
      ProblemDate: '2026-11-30',
    });
    expect(codeProblemOf(error, 'voucherIdentifier')).toEqual({
      field: 'voucherIdentifier',
      problem: 'ends-before-visit',
      date: '2026-11-30',
    });
    expect(codeProblemOf(serverError(), 'campaignCode')).toBeNull();
  });

  test('An identifier’s message is its customer type’s; without a voucher type, the generic one', () => {
    const problem = { field: 'voucherIdentifier', problem: 'used-up' } as const;
    expect(codeProblemKey('voucherIdentifier', problem, 'paymentCommitment')).toBe(
      'reservation.code.paymentCommitment.usedUp',
    );
    expect(codeProblemKey('voucherIdentifier', problem, 'private')).toBe(
      'reservation.invalidVoucher',
    );
    expect(codeProblemKey('voucherIdentifier', null, 'serviceVoucher')).toBe(
      'reservation.invalidVoucher',
    );
  });
});
