import { describe, expect, test } from 'vitest';
import { isValidSsn, ssnControl } from '../src/identity-code.ts';

describe('Finnish personal identity codes', () => {
  test('a code with its right control character and a real date is valid, in every century', () => {
    expect(isValidSsn('131052-308T')).toBe(true);
    expect(isValidSsn(`010101A987${ssnControl('010101987')}`)).toBe(true);
    expect(isValidSsn(`010199+123${ssnControl('010199123')}`)).toBe(true);
    expect(isValidSsn(`010199Y123${ssnControl('010199123')}`)).toBe(true);
  });

  test('a wrong control character, date, individual number or format is not', () => {
    // Issue 54: the booking's details step accepted this one.
    expect(isValidSsn('010101-123X')).toBe(false);
    expect(isValidSsn('131052-308U')).toBe(false);
    expect(isValidSsn(`310201-123${ssnControl('310201123')}`)).toBe(false);
    expect(isValidSsn(`010101-001${ssnControl('010101001')}`)).toBe(false);
    expect(isValidSsn('131052 308T')).toBe(false);
    expect(isValidSsn('131052-308t')).toBe(false);
    expect(isValidSsn('')).toBe(false);
  });
});
