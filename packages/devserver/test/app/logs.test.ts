import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { loggerOptions } from '../../src/http/app.ts';
import { appPerTest } from './app-per-test.ts';

const { start } = appPerTest();

describe('logs', () => {
  test('no token, code, login id or national id reaches a log line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const server = await start({ logger: { ...loggerOptions('info'), stream } });
    const session = await server.inject({
      method: 'POST',
      url: '/api/dev/session',
      payload: { user: 'admin' },
    });
    const token = session.json().access_token as string;
    await server.inject({
      method: 'GET',
      url: '/api/admin/patients?search=150385-914H',
      headers: { authorization: `Bearer ${token}` },
    });
    await server.inject({
      method: 'GET',
      url: `/api/chat/conversations/1/events?access_token=${token}`,
    });
    // QR and mobile login ids (the QR id is in a code anyone can photograph) and their secrets.
    const qr = (
      await server.inject({
        method: 'POST',
        url: '/api/auth/qr',
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      })
    ).json();
    await server.inject({
      method: 'GET',
      url: `/api/auth/qr/${qr.qrId as string}`,
      headers: { 'x-login-secret': qr.loginSecret as string },
    });
    const mobile = (
      await server.inject({
        method: 'POST',
        url: '/api/auth/mobile',
        payload: { phoneNumber: '040 100 0001' },
      })
    ).json();
    await server.inject({
      method: 'GET',
      url: `/api/auth/mobile/${mobile.transactionId as string}`,
      headers: { 'x-login-secret': mobile.loginSecret as string },
    });
    const log = lines.join('\n');
    expect(log).toContain('/api/auth/qr/qr_[redacted]');
    expect(log).toContain('/api/auth/mobile/mTx_[redacted]');
    for (const secret of [qr.qrId, qr.loginSecret, mobile.transactionId, mobile.loginSecret])
      expect(log).not.toContain(secret);
    expect(log).toContain('/api/admin/patients');
    expect(log).not.toContain(token);
    expect(log).not.toContain('150385-914H');
    expect(log).not.toContain('914H');
  });
});
