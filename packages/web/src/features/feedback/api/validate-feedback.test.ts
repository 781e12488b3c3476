import { describe, expect, test } from 'vitest';
import { validateFeedback } from './validate-feedback.ts';

describe('feedback validation', () => {
  test('an office and a text that is not blank are required', () => {
    expect(validateFeedback({ branchId: '', text: '' })).toEqual({
      branchId: 'chooseOffice',
      text: 'required',
    });
    expect(validateFeedback({ branchId: '4', text: ' \n ' })).toEqual({ text: 'required' });
    expect(validateFeedback({ branchId: '4', text: 'Thank you' })).toEqual({});
  });
});
