import type { Schemas } from '@portal/sdk';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dataOf, useApi } from '../../../shared/api.tsx';
import { loginErrorMessage } from '../api/login-errors.ts';
import { phoneNumberError } from '../api/phone-number.ts';
import { useFinishLogin } from '../api/use-finish-login.ts';
import { useLoginPolling, type PollTarget } from '../api/use-login-polling.ts';
import { Button, ErrorSummary, NotificationBox, Spinner, TextField } from '../../../ui/index.ts';

type Start = Schemas['AuthMobileLoginStart'];
type State =
  | { step: 'form'; message: string | null }
  | { step: 'starting' }
  | { step: 'waiting'; start: Start }
  | { step: 'finishing' };

/**
 * Mobile-certificate login: the phone number (validated as a Finnish mobile number), then a
 * waiting state with the verification code and a cancel; approved → token, rejected or
 * expired → a clear message and a retry. A refused number is summed up above the form, which
 * takes the focus (the portal's one error pattern); the code is said as it appears: the status
 * region is there before it, in both states, and the focus moves to the cancel button meanwhile.
 */
export function MobileLogin({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation('auth');
  const { client } = useApi();
  const finishLogin = useFinishLogin();
  const [phone, setPhone] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusals, setRefusals] = useState(0);
  const [state, setState] = useState<State>({ step: 'form', message: null });
  const inputRef = useRef<HTMLInputElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const phoneId = `phone-${useId()}`;
  const waiting = state.step === 'waiting';
  useEffect(() => {
    if (waiting) cancelRef.current?.focus();
  }, [waiting]);

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
      setRefusals((count) => count + 1);
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

  const pending = state.step === 'waiting' || state.step === 'finishing';
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-4" role="status" aria-live="polite">
        {state.step === 'waiting' && (
          <>
            <p>{t('mobile.waiting')}</p>
            <p>
              {t('mobile.codeLabel')}{' '}
              <strong className="font-mono text-2xl tracking-widest">
                {state.start.verificationCode}
              </strong>
            </p>
            <p className="text-sm text-slate-700">{t('mobile.codeHelp')}</p>
          </>
        )}
        {state.step === 'finishing' && <Spinner label={t('finishing')} />}
      </div>
      {/* Beside the status region, not in it: the button is no news to read out. */}
      {state.step === 'waiting' && (
        <div>
          <Button
            ref={cancelRef}
            variant="secondary"
            onClick={() => backToForm(t('mobile.cancelled'))}
          >
            {t('mobile.cancel')}
          </Button>
        </div>
      )}
      {!pending && (
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <ErrorSummary
            items={
              fieldError === null
                ? []
                : [{ target: phoneId, label: t('mobile.phoneLabel'), message: fieldError }]
            }
            focusKey={refusals}
          />
          <p className="text-slate-700">{t('mobile.intro')}</p>
          {state.step === 'form' && state.message && (
            <NotificationBox variant="danger" role="alert">
              {state.message}
            </NotificationBox>
          )}
          <TextField
            ref={inputRef}
            id={phoneId}
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
      )}
    </div>
  );
}
