import type { Schemas } from '@portal/sdk';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dataOf, useApi } from '../../../shared/api.tsx';
import { loginErrorMessage } from '../api/login-errors.ts';
import { phoneNumberError } from '../api/phone-number.ts';
import { useFinishLogin } from '../api/use-finish-login.ts';
import { useLoginPolling, type PollTarget } from '../api/use-login-polling.ts';
import { Button, NotificationBox, Spinner, TextField } from '../../../ui/index.ts';

type Start = Schemas['AuthMobileLoginStart'];
type State =
  | { step: 'form'; message: string | null }
  | { step: 'starting' }
  | { step: 'waiting'; start: Start }
  | { step: 'finishing' };

/**
 * Mobile-certificate login: the phone number (validated as a Finnish mobile number), then a
 * waiting state with the verification code and a cancel; approved → token, rejected or
 * expired → a clear message and a retry.
 */
export function MobileLogin({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation('auth');
  const { client } = useApi();
  const finishLogin = useFinishLogin();
  const [phone, setPhone] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [state, setState] = useState<State>({ step: 'form', message: null });
  const inputRef = useRef<HTMLInputElement>(null);

  const pollTarget = useMemo<PollTarget | null>(
    () =>
      state.step === 'waiting'
        ? {
            kind: 'mobile',
            id: state.start.transactionId,
            secret: state.start.loginSecret,
            pollIntervalMs: state.start.pollIntervalMs,
          }
        : null,
    [state],
  );

  const backToForm = (message: string | null) => {
    setState({ step: 'form', message });
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  useLoginPolling(pollTarget, (result) => {
    if ('error' in result) return backToForm(loginErrorMessage(result.error, t));
    const { status } = result;
    if (status.status === 'approved' && pollTarget !== null) {
      setState({ step: 'finishing' });
      finishLogin(status.code, pollTarget.secret, returnTo).catch((error: unknown) =>
        backToForm(loginErrorMessage(error, t)),
      );
    } else if (status.status === 'rejected') {
      backToForm(t('mobile.rejected'));
    } else if (status.status === 'expired') {
      backToForm(t('mobile.expired'));
    }
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errorKey = phoneNumberError(phone);
    setFieldError(errorKey === null ? null : t(errorKey));
    if (errorKey !== null) {
      inputRef.current?.focus();
      return;
    }
    setState({ step: 'starting' });
    try {
      const data = dataOf(
        await client.POST('/api/auth/mobile', { body: { phoneNumber: phone.trim() } }),
      );
      setState({ step: 'waiting', start: data });
    } catch (error) {
      backToForm(loginErrorMessage(error, t));
    }
  };

  if (state.step === 'waiting' || state.step === 'finishing') {
    return (
      <div className="flex flex-col gap-4" role="status" aria-live="polite">
        {state.step === 'waiting' ? (
          <>
            <p>{t('mobile.waiting')}</p>
            <p>
              {t('mobile.codeLabel')}{' '}
              <strong className="font-mono text-2xl tracking-widest">
                {state.start.verificationCode}
              </strong>
            </p>
            <p className="text-sm text-slate-700">{t('mobile.codeHelp')}</p>
            <div>
              <Button variant="secondary" onClick={() => backToForm(t('mobile.cancelled'))}>
                {t('mobile.cancel')}
              </Button>
            </div>
          </>
        ) : (
          <Spinner label={t('finishing')} />
        )}
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p className="text-slate-700">{t('mobile.intro')}</p>
      {state.step === 'form' && state.message && (
        <NotificationBox variant="danger" role="alert">
          {state.message}
        </NotificationBox>
      )}
      <TextField
        ref={inputRef}
        label={t('mobile.phoneLabel')}
        hint={t('mobile.phoneHint')}
        error={fieldError ?? undefined}
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        className="max-w-sm"
      />
      <div>
        <Button type="submit" loading={state.step === 'starting'}>
          {state.step === 'form' && state.message ? t('mobile.retry') : t('mobile.submit')}
        </Button>
      </div>
    </form>
  );
}
