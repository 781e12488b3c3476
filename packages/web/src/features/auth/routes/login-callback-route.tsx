import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { usePageTitle } from '../../../shared/page-head.ts';
import { BANK_STATE_KEY } from '../api/bank-state.ts';
import { loginErrorMessage } from '../api/login-errors.ts';
import { useFinishLogin } from '../api/use-finish-login.ts';
import { Spinner } from '../../../ui/index.ts';

/** The callback's `state` is not the one this browser started (or it came without a code). */
class StateMismatch extends Error {}

/**
 * /login/callback?code=…&state=…: the end of a bank-ID login. The `state` must be the one this
 * browser started; then the code is exchanged for a token and the user returns where they were.
 */
export default function LoginCallbackRoute() {
  const { t } = useTranslation('auth');
  const search = useSearch();
  const finishLogin = useFinishLogin();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  usePageTitle(t('callback.title'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(search);
    const code = params.get('code');
    const state = params.get('state');
    const expected = sessionStorage.getItem(BANK_STATE_KEY);
    sessionStorage.removeItem(BANK_STATE_KEY);
    const complete = async (): Promise<void> => {
      if (!code || !state || expected === null || state !== expected) throw new StateMismatch();
      await finishLogin(code, state);
    };
    complete().catch((failure: unknown) =>
      setError(
        failure instanceof StateMismatch
          ? t('callback.stateMismatch')
          : loginErrorMessage(failure, t),
      ),
    );
  }, [search, finishLogin, t]);

  return (
    <section aria-labelledby="callback-title" className="mx-auto max-w-xl">
      <h1 id="callback-title" className="text-2xl font-bold">
        {t('callback.title')}
      </h1>
      {error === null ? (
        <Spinner label={t('finishing')} className="mt-4" />
      ) : (
        <>
          <p
            role="alert"
            className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-900"
          >
            {error}
          </p>
          <Link
            to="/login"
            className="mt-4 inline-block font-semibold text-brand-800 underline underline-offset-4"
          >
            {t('callback.retry')}
          </Link>
        </>
      )}
    </section>
  );
}
