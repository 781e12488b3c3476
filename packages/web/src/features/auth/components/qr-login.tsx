import type { Schemas } from '@portal/sdk';
import { QRCodeSVG } from 'qrcode.react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataOf, useApi } from '../../../shared/api.tsx';
import { loginErrorMessage } from '../api/login-errors.ts';
import { useFinishLogin } from '../api/use-finish-login.ts';
import { useLoginPolling, type PollTarget } from '../api/use-login-polling.ts';
import { Button, Spinner } from '../../../ui/index.ts';
import { appNow } from '../../../shared/app-clock.ts';

type Start = Schemas['AuthQrLoginStart'];
type State =
  | { step: 'starting' }
  | { step: 'showing'; start: Start }
  | { step: 'expired' }
  | { step: 'failed'; message: string }
  | { step: 'finishing' };

function secondsUntil(iso: string): number {
  return Math.max(0, Math.ceil((new Date(iso).getTime() - appNow().getTime()) / 1000));
}

/**
 * QR-code login: shows `qrContent` as a QR image for the clinic's app, polls every
 * `pollIntervalMs`, counts down to expiry and offers a new code; approved → token.
 */
export function QrLogin({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation('auth');
  const { client } = useApi();
  const finishLogin = useFinishLogin();
  const [state, setState] = useState<State>({ step: 'starting' });
  const [secondsLeft, setSecondsLeft] = useState(0);

  /** Asks for a QR login; the state stays 'starting' until it answers. */
  const requestQr = useCallback(
    () =>
      client
        .POST('/api/auth/qr')
        .then(dataOf)
        .then(
          (data) => {
            setSecondsLeft(secondsUntil(data.expiresAt));
            setState({ step: 'showing', start: data });
          },
          (error: unknown) => setState({ step: 'failed', message: loginErrorMessage(error, t) }),
        ),
    [client, t],
  );

  useEffect(() => {
    void requestQr();
  }, [requestQr]);

  const startQr = () => {
    setState({ step: 'starting' });
    void requestQr();
  };

  const showing = state.step === 'showing' ? state.start : null;
  useEffect(() => {
    if (showing === null) return;
    const timer = setInterval(() => {
      const left = secondsUntil(showing.expiresAt);
      setSecondsLeft(left);
      if (left === 0) setState({ step: 'expired' });
    }, 1000);
    return () => clearInterval(timer);
  }, [showing]);

  const pollTarget = useMemo<PollTarget | null>(
    () =>
      showing === null
        ? null
        : {
            kind: 'qr',
            id: showing.qrId,
            secret: showing.loginSecret,
            pollIntervalMs: showing.pollIntervalMs,
          },
    [showing],
  );

  useLoginPolling(pollTarget, (result) => {
    if ('error' in result) {
      setState({ step: 'failed', message: loginErrorMessage(result.error, t) });
      return;
    }
    const { status } = result;
    if (status.status === 'approved' && pollTarget !== null) {
      setState({ step: 'finishing' });
      finishLogin(status.code, pollTarget.secret, returnTo).catch((error: unknown) =>
        setState({ step: 'failed', message: loginErrorMessage(error, t) }),
      );
    } else if (status.status === 'expired') {
      setState({ step: 'expired' });
    } else if (status.status === 'rejected') {
      setState({ step: 'failed', message: t('qr.rejected') });
    }
  });

  return (
    <div className="flex flex-col items-start gap-4">
      <p className="text-slate-700">{t('qr.intro')}</p>
      {state.step === 'starting' && <Spinner label={t('qr.loading')} />}
      {state.step === 'finishing' && <Spinner label={t('finishing')} />}
      {state.step === 'showing' && (
        <>
          <figure className="rounded-lg border border-slate-200 bg-white p-4">
            <QRCodeSVG
              value={state.start.qrContent}
              size={208}
              marginSize={2}
              role="img"
              aria-label={t('qr.imageLabel')}
              data-qr-id={state.start.qrId}
            />
          </figure>
          <p aria-live="off">{t('qr.expiresIn', { count: secondsLeft })}</p>
          <Button variant="secondary" onClick={startQr}>
            {t('qr.renew')}
          </Button>
        </>
      )}
      {(state.step === 'expired' || state.step === 'failed') && (
        <>
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3">
            {state.step === 'expired' ? t('qr.expired') : state.message}
          </p>
          <Button onClick={startQr}>{t('qr.renew')}</Button>
        </>
      )}
    </div>
  );
}
