import { isApiError, TooManyRequestsError } from '@portal/sdk';
import type { TFunction } from 'i18next';

/** A failed login call as a translated message: 429 says how long to wait. */
export function loginErrorMessage(error: unknown, t: TFunction<'auth'>): string {
  if (error instanceof TooManyRequestsError) {
    return error.retryAfterSeconds === undefined
      ? t('errors.tooManyAttemptsLater')
      : t('errors.tooManyAttempts', { count: error.retryAfterSeconds });
  }
  if (isApiError(error)) {
    if (error.kind === 'network' || error.kind === 'timeout') return t('errors.network');
    if (error.kind === 'bad-request' && error.code === 'invalid-grant') {
      return t('errors.invalidGrant');
    }
  }
  return t('errors.generic');
}
