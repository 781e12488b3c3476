import type { Schemas } from '@portal/sdk';
import { useEffect, useRef } from 'react';
import { dataOf, useApi } from '../../../shared/api.tsx';

export type LoginStatus = Schemas['AuthLoginStatus'];

export interface PollTarget {
  kind: 'mobile' | 'qr';
  id: string;
  /** The start's `loginSecret`: only this browser can read the login (`X-Login-Secret`). */
  secret: string;
  pollIntervalMs: number;
}

/**
 * Polls a mobile or QR login every `pollIntervalMs` while `target` is set, and reports every
 * status that is no longer `pending` (and polling errors) once.
 */
export function useLoginPolling(
  target: PollTarget | null,
  onResult: (result: { status: LoginStatus } | { error: unknown }) => void,
) {
  const { client } = useApi();
  const report = useRef(onResult);
  useEffect(() => {
    report.current = onResult;
  });

  useEffect(() => {
    if (target === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const header = { 'X-Login-Secret': target.secret };
        const status = dataOf(
          target.kind === 'mobile'
            ? await client.GET('/api/auth/mobile/{transactionId}', {
                params: { path: { transactionId: target.id }, header },
              })
            : await client.GET('/api/auth/qr/{qrId}', {
                params: { path: { qrId: target.id }, header },
              }),
        );
        if (stopped) return;
        if (status.status === 'pending') {
          timer = setTimeout(() => void poll(), target.pollIntervalMs);
        } else {
          report.current({ status });
        }
      } catch (error) {
        if (!stopped) report.current({ error });
      }
    };
    timer = setTimeout(() => void poll(), target.pollIntervalMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [client, target]);
}
