import { BadRequestError, TooManyRequestsError } from '@portal/sdk';
import { createInstance } from 'i18next';
import { describe, expect, test } from 'vitest';
import en from '../locales/en.json';
import { loginErrorMessage } from './login-errors.ts';

const i18n = createInstance();
await i18n.init({ lng: 'en', resources: { en: { auth: en } }, initAsync: false });
const t = i18n.getFixedT('en', 'auth');

const request = { method: 'POST', url: 'http://localhost/api/auth/mobile' };

describe('loginErrorMessage', () => {
  test('too many attempts tells how many seconds to wait', () => {
    const error = new TooManyRequestsError({ status: 429, ...request, retryAfter: '42' });
    expect(loginErrorMessage(error, t)).toBe('Too many attempts. Wait 42 seconds and try again.');
  });

  test('too many attempts without Retry-After asks to wait a moment', () => {
    const error = new TooManyRequestsError({ status: 429, ...request, retryAfter: null });
    expect(loginErrorMessage(error, t)).toBe('Too many attempts. Wait a moment and try again.');
  });

  test('a used or expired code asks to start again', () => {
    const error = new BadRequestError({
      status: 400,
      ...request,
      body: { UserMessage: 'x', Code: 'invalid-grant' },
    });
    expect(loginErrorMessage(error, t)).toBe(
      'The login expired or was already used. Please start the login again.',
    );
  });

  test('anything else is a generic failure', () => {
    expect(loginErrorMessage(new Error('boom'), t)).toBe('The login failed. Please try again.');
  });
});
