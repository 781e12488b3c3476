import { BadRequestError } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { serverFieldErrors } from './field-errors.ts';

function badRequest(errors: { field: string; errorMessage: string }[]): BadRequestError {
  return new BadRequestError({
    status: 400,
    method: 'POST',
    url: '/api/admin/articles',
    body: { Code: 'validation-failed', UserMessage: 'Check the fields', Errors: errors },
  });
}

describe('serverFieldErrors', () => {
  test('gives each named field its message and the first of them in form order', () => {
    const error = badRequest([
      { field: 'body', errorMessage: 'Body is required' },
      { field: 'title', errorMessage: 'Title is too long' },
      { field: 'unknown', errorMessage: 'Not on this form' },
    ]);
    expect(serverFieldErrors(error, ['title', 'author', 'body'] as const)).toEqual({
      errors: { title: 'Title is too long', body: 'Body is required' },
      first: 'title',
    });
  });

  test('gives nothing for an error without field errors or one that is not from the API', () => {
    expect(serverFieldErrors(badRequest([]), ['title'] as const)).toEqual({
      errors: {},
      first: undefined,
    });
    expect(serverFieldErrors(new Error('offline'), ['title'] as const).first).toBeUndefined();
  });
});
