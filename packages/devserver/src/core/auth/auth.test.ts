import { describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.ts';
import { userOfToken } from '../users/sessions.ts';
import {
  CODE_TTL_MS,
  MOBILE_ANSWER_DELAY_MS,
  MOBILE_LOGIN_TTL_MS,
  QR_LOGIN_TTL_MS,
  approveQrLoginAs,
  completeBankLogin,
  isSameOriginPath,
  normalisePhone,
  resolveMobileLogin,
} from './logins.ts';

/** Each started mobile or QR login's secret, as the browser that started it keeps it. */
const secrets = new Map<string, string>();
/** The secret of the login each polled code came from. */
const codeSecrets = new Map<string, string>();

function remember<T extends { json: any }>(answer: T, id: 'transactionId' | 'qrId'): T {
  if (typeof answer.json?.loginSecret === 'string')
    secrets.set(answer.json[id], answer.json.loginSecret);
  return answer;
}

async function startQr(h: Harness) {
  return remember(await h.call('startQrLogin'), 'qrId');
}

/** Polls a login as the browser that started it (`X-Login-Secret`), keeping the code's secret. */
async function poll(
  h: Harness,
  operation: 'getMobileLoginStatus' | 'getQrLoginStatus',
  path: Record<string, string>,
) {
  const id = Object.values(path)[0] ?? '';
  const secret = secrets.get(id) ?? 'ls_not_started_in_this_test_0';
  const answer = await h.call(operation, { path, headers: { 'X-Login-Secret': secret } });
  if (typeof answer.json?.code === 'string') codeSecrets.set(answer.json.code, secret);
  return answer;
}

/** Exchanges a code; a polled code brings its login's secret unless told otherwise. */
async function exchange(h: Harness, code: string, state = codeSecrets.get(code)) {
  return h.call('exchangeToken', {
    body: { grantType: 'authorization_code', code, ...(state ? { state } : {}) },
  });
}

async function expectInvalidGrant(h: Harness, code: string, state?: string): Promise<void> {
  const { status, json } = await exchange(h, code, state);
  expect(status).toBe(400);
  expect(json.Code).toBe('invalid-grant');
}

async function startMobile(h: Harness, phoneNumber: string) {
  return remember(await h.call('startMobileLogin', { body: { phoneNumber } }), 'transactionId');
}

describe('banks', () => {
  test('Seven Finnish banks are offered in display order, with self-contained logos', async () => {
    const h = createHarness();
    const { status, json } = await h.call('listBanks');
    expect(status).toBe(200);
    expect(json.map((b: { name: string }) => b.name)).toEqual([
      'OP',
      'Nordea',
      'Danske Bank',
      'S-Pankki',
      'Aktia',
      'Säästöpankki',
      'Ålandsbanken',
    ]);
    for (const bank of json) expect(bank.logoUrl).toMatch(/^data:image\/svg\+xml,/);
  });
});

describe('bank ID login', () => {
  test('A bank login sends the browser to the broker page of this server with a state', async () => {
    const h = createHarness();
    const { status, json } = await h.call('startBankLogin', {
      body: { bankId: 2, returnPath: '/fi/reservation?step=3' },
      headers: { host: 'localhost:3000' },
    });
    expect(status).toBe(200);
    expect(json.state).toMatch(/^st_[A-Za-z0-9_-]{32}$/);
    expect(json.redirectUrl).toBe(
      `http://localhost:3000/dev/bank-broker?state=${json.state}&bank=2`,
    );
  });

  test('Every bank login gets a new state', async () => {
    const h = createHarness();
    const body = { bankId: 1, returnPath: '/' };
    const a = (await h.call('startBankLogin', { body })).json.state;
    const b = (await h.call('startBankLogin', { body })).json.state;
    expect(a).not.toBe(b);
  });

  test('An unknown bank or a return path off the portal is a validation error', async () => {
    const h = createHarness();
    const unknown = await h.call('startBankLogin', { body: { bankId: 99, returnPath: '/fi' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.Errors).toEqual([
      { field: 'bankId', errorMessage: 'The chosen item does not exist.' },
    ]);
    for (const returnPath of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const response = await h.call('startBankLogin', { body: { bankId: 1, returnPath } });
      expect(response.status).toBe(400);
      expect(response.json.Errors[0].field).toBe('returnPath');
    }
  });

  test('A return path must stay on the portal’s origin', () => {
    expect(isSameOriginPath('/fi/reservation?x=1#top')).toBe(true);
    expect(isSameOriginPath('/')).toBe(true);
    expect(isSameOriginPath('//evil.example')).toBe(false);
    expect(isSameOriginPath('/\\evil.example')).toBe(false);
    expect(isSameOriginPath('fi/reservation')).toBe(false);
  });

  test('The code from the bank works once, only with its state, for the chosen user', async () => {
    const h = createHarness();
    const { state } = (await h.call('startBankLogin', { body: { bankId: 1, returnPath: '/' } }))
      .json;
    const other = (await h.call('startBankLogin', { body: { bankId: 1, returnPath: '/' } })).json
      .state;
    const done = completeBankLogin(h.state, state, 'antti');
    if (!done.ok) throw new Error('not completed');
    const code = new URL(done.value.location, 'http://x').searchParams.get('code')!;

    await expectInvalidGrant(h, code); // no state
    await expectInvalidGrant(h, code, other); // someone else's state
    const { status, json } = await exchange(h, code, state);
    expect(status).toBe(200);
    expect(json).toMatchObject({ token_type: 'Bearer', expires_in: 8 * 60 * 60 });
    expect(userOfToken(h.state, json.access_token)?.devKey).toBe('admin');
    await expectInvalidGrant(h, code, state); // used
  });

  test('A bank code expires 2 minutes after it was issued', async () => {
    const h = createHarness();
    const { state } = (await h.call('startBankLogin', { body: { bankId: 1, returnPath: '/' } }))
      .json;
    const done = completeBankLogin(h.state, state, 'maija');
    if (!done.ok) throw new Error('not completed');
    const code = new URL(done.value.location, 'http://x').searchParams.get('code')!;
    h.state.clock.advance(CODE_TTL_MS);
    await expectInvalidGrant(h, code, state);
  });

  test('Unknown codes are an invalid grant, malformed bodies a validation error', async () => {
    const h = createHarness();
    await expectInvalidGrant(h, 'ac_doesnotexist0000000000');
    const malformed = await h.call('exchangeToken', {
      body: { grantType: 'password', code: 'x' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json.Code).toBe('validation-failed');
  });
});

describe('mobile certificate login', () => {
  test('A user’s number is approved 3 seconds later by the clock and the code gives a token', async () => {
    const h = createHarness();
    const { status, json } = await startMobile(h, '040 100 0001');
    expect(status).toBe(200);
    expect(json).toMatchObject({
      transactionId: expect.stringMatching(/^mTx_/),
      loginSecret: expect.stringMatching(/^ls_[A-Za-z0-9_-]{32}$/),
      verificationCode: expect.stringMatching(/^\d{4}$/),
      expiresAt: '2026-11-23T10:02:00+02:00',
      pollIntervalMs: 2000,
    });
    const path = { transactionId: json.transactionId };
    h.state.clock.advance(MOBILE_ANSWER_DELAY_MS - 1);
    expect((await poll(h, 'getMobileLoginStatus', path)).json).toEqual({ status: 'pending' });
    h.state.clock.advance(1);
    const approved = (await poll(h, 'getMobileLoginStatus', path)).json;
    expect(approved).toEqual({ status: 'approved', code: expect.stringMatching(/^ac_/) });
    // Polling again shows the same code.
    expect((await poll(h, 'getMobileLoginStatus', path)).json).toEqual(approved);

    const token = (await exchange(h, approved.code)).json.access_token;
    expect(userOfToken(h.state, token)?.devKey).toBe('patient');
    await expectInvalidGrant(h, approved.code);
  });

  test('National and international forms of a number are the same number', () => {
    expect(normalisePhone('040 100 0001')).toBe('+358401000001');
    expect(normalisePhone('+358 40 100 0001')).toBe('+358401000001');
    expect(normalisePhone('+358401000001')).toBe('+358401000001');
    expect(normalisePhone('0501234567')).toBe('+358501234567');
  });

  test('A number in international form with spaces finds its user too', async () => {
    const h = createHarness();
    const { transactionId } = (await startMobile(h, '+358 40 100 0004')).json;
    h.state.clock.advance(MOBILE_ANSWER_DELAY_MS);
    const { code } = (await poll(h, 'getMobileLoginStatus', { transactionId })).json;
    const token = (await exchange(h, code)).json.access_token;
    expect(userOfToken(h.state, token)?.devKey).toBe('admin');
  });

  test('+358 40 111 1111 is rejected, and so is a number of nobody', async () => {
    const h = createHarness();
    for (const phoneNumber of ['+358401111111', '0409999999']) {
      const { transactionId } = (await startMobile(h, phoneNumber)).json;
      h.state.clock.advance(MOBILE_ANSWER_DELAY_MS);
      expect((await poll(h, 'getMobileLoginStatus', { transactionId })).json).toEqual({
        status: 'rejected',
      });
    }
  });

  test('+358 40 222 2222 never answers and expires after 2 minutes', async () => {
    const h = createHarness();
    const { transactionId } = (await startMobile(h, '040 222 2222')).json;
    const path = { transactionId };
    h.state.clock.advance(MOBILE_LOGIN_TTL_MS - 1);
    expect((await poll(h, 'getMobileLoginStatus', path)).json.status).toBe('pending');
    h.state.clock.advance(1);
    expect((await poll(h, 'getMobileLoginStatus', path)).json).toEqual({ status: 'expired' });
  });

  test('A number that is not a Finnish mobile number is a validation error', async () => {
    const h = createHarness();
    const { status, json } = await startMobile(h, '09 123 4567');
    expect(status).toBe(400);
    expect(json.Errors[0].field).toBe('phoneNumber');
  });

  test('An unknown transaction is not found', async () => {
    const h = createHarness();
    const { status } = await h.call('getMobileLoginStatus', {
      path: { transactionId: 'mTx_unknown0000000000000' },
      headers: { 'X-Login-Secret': 'ls_unknown00000000000000' },
    });
    expect(status).toBe(404);
  });

  test('A sixth request to one number within 10 minutes is refused with Retry-After', async () => {
    const h = createHarness();
    for (let n = 0; n < 5; n++) {
      expect((await startMobile(h, '040 100 0003')).status).toBe(200);
      h.state.clock.advance(60_000);
    }
    const refused = await startMobile(h, '+358401000003');
    expect(refused.status).toBe(429);
    expect(refused.json.Code).toBe('too-many-requests');
    expect(refused.headers['Retry-After']).toBe('300');
    expect((await startMobile(h, '040 100 0002')).status).toBe(200);
    h.state.clock.advance(300_000);
    expect((await startMobile(h, '040 100 0003')).status).toBe(200);
  });

  test('QA can approve, reject or expire a pending mobile login at once', async () => {
    const h = createHarness();
    const start = async (phone: string) => (await startMobile(h, phone)).json.transactionId;
    const status = async (transactionId: string) =>
      (await poll(h, 'getMobileLoginStatus', { transactionId })).json;

    const approved = await start('040 100 0005');
    expect(resolveMobileLogin(h.state, approved, 'approve')).toEqual({ ok: true, value: null });
    const { code } = await status(approved);
    expect(userOfToken(h.state, (await exchange(h, code)).json.access_token)?.devKey).toBe(
      'content-manager',
    );

    const rejected = await start('040 100 0001');
    resolveMobileLogin(h.state, rejected, 'reject');
    h.state.clock.advance(MOBILE_ANSWER_DELAY_MS);
    expect(await status(rejected)).toEqual({ status: 'rejected' });

    const expired = await start('040 100 0001');
    resolveMobileLogin(h.state, expired, 'expire');
    expect(await status(expired)).toEqual({ status: 'expired' });
  });

  test('QA’s resolve refuses unknown, finished and ownerless logins', async () => {
    const h = createHarness();
    expect(resolveMobileLogin(h.state, 'mTx_nope', 'approve')).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    const done = (await startMobile(h, '040 100 0001')).json.transactionId;
    h.state.clock.advance(MOBILE_ANSWER_DELAY_MS);
    expect(resolveMobileLogin(h.state, done, 'reject')).toMatchObject({
      ok: false,
      error: { code: 'login-expired' },
    });
    const nobody = (await startMobile(h, '040 222 2222')).json.transactionId;
    expect(resolveMobileLogin(h.state, nobody, 'approve')).toMatchObject({
      ok: false,
      error: { code: 'login-rejected' },
    });
    expect((await poll(h, 'getMobileLoginStatus', { transactionId: nobody })).json.status).toBe(
      'pending',
    );
  });
});

describe('QR login', () => {
  test('A QR login approved in the app gives that app user a token', async () => {
    const h = createHarness();
    const { status, json } = await startQr(h);
    expect(status).toBe(200);
    expect(json).toEqual({
      qrId: expect.stringMatching(/^qr_[A-Za-z0-9_-]{32}$/),
      loginSecret: expect.stringMatching(/^ls_[A-Za-z0-9_-]{32}$/),
      qrContent: `dentalportal://login?qr=${json.qrId}`,
      expiresAt: '2026-11-23T10:02:00+02:00',
      pollIntervalMs: 2000,
    });
    const path = { qrId: json.qrId };
    expect((await poll(h, 'getQrLoginStatus', path)).json).toEqual({ status: 'pending' });

    const approve = await h.call('approveQrLogin', { as: 'survey', path });
    expect(approve.status).toBe(204);
    const { code } = (await poll(h, 'getQrLoginStatus', path)).json;
    const token = (await exchange(h, code)).json.access_token;
    expect(userOfToken(h.state, token)?.devKey).toBe('survey');
  });

  test('A QR code expires after 2 minutes and can no longer be approved', async () => {
    const h = createHarness();
    const { qrId } = (await startQr(h)).json;
    h.state.clock.advance(QR_LOGIN_TTL_MS);
    expect((await poll(h, 'getQrLoginStatus', { qrId })).json).toEqual({
      status: 'expired',
    });
    const late = await h.call('approveQrLogin', { as: 'patient', path: { qrId } });
    expect(late.status).toBe(409);
    expect(late.json.Code).toBe('login-expired');
  });

  test('An approved QR login cannot be approved again, and unknown ones are not found', async () => {
    const h = createHarness();
    const { qrId } = (await startQr(h)).json;
    expect(approveQrLoginAs(h.state, qrId, h.userId('admin'))).toEqual({ ok: true, value: null });
    expect((await h.call('approveQrLogin', { as: 'patient', path: { qrId } })).status).toBe(409);
    const unknown = { qrId: 'qr_unknown00000000000000' };
    expect((await h.call('approveQrLogin', { as: 'patient', path: unknown })).status).toBe(404);
    expect((await poll(h, 'getQrLoginStatus', unknown)).status).toBe(404);
  });

  test('Approving a QR login needs a signed-in app user, terms or not', async () => {
    const h = createHarness();
    const { qrId } = (await startQr(h)).json;
    expect((await h.call('approveQrLogin', { path: { qrId } })).status).toBe(401);
    expect((await h.call('approveQrLogin', { as: 'first-login', path: { qrId } })).status).toBe(
      204,
    );
  });

  test('A mobile transaction id is not a QR id, nor the other way round', async () => {
    const h = createHarness();
    const { qrId } = (await startQr(h)).json;
    const { transactionId } = (await startMobile(h, '040 100 0001')).json;
    expect((await poll(h, 'getMobileLoginStatus', { transactionId: qrId })).status).toBe(404);
    expect((await poll(h, 'getQrLoginStatus', { qrId: transactionId })).status).toBe(404);
  });

  test('A QR code is exchanged only with its login secret, and expires 2 minutes after approval', async () => {
    const h = createHarness();
    const { qrId } = (await startQr(h)).json;
    approveQrLoginAs(h.state, qrId, h.userId('patient'));
    const { code } = (await poll(h, 'getQrLoginStatus', { qrId })).json;
    h.state.clock.advance(CODE_TTL_MS - 1);
    await expectInvalidGrant(h, code, 'st_ignoredforqrcodes0000');
    expect((await exchange(h, code)).status).toBe(200);

    const second = (await startQr(h)).json.qrId;
    approveQrLoginAs(h.state, second, h.userId('patient'));
    const late = (await poll(h, 'getQrLoginStatus', { qrId: second })).json.code;
    h.state.clock.advance(CODE_TTL_MS);
    await expectInvalidGrant(h, late);
  });

  test('Whoever sees the QR code (its id) can neither read the approved login nor use its code', async () => {
    const h = createHarness();
    const { qrId, loginSecret, qrContent } = (await startQr(h)).json;
    expect(qrContent).not.toContain(loginSecret);
    approveQrLoginAs(h.state, qrId, h.userId('admin'));
    // The photographer polls with the id alone, or with a guess: as unknown as a missing login.
    const noSecret = await h.call('getQrLoginStatus', { path: { qrId } });
    expect(noSecret.status).toBe(404);
    const guessed = await h.call('getQrLoginStatus', {
      path: { qrId },
      headers: { 'X-Login-Secret': 'ls_guessedguessedguessed00' },
    });
    expect(guessed.status).toBe(404);
    expect(guessed.json.Code).toBe('not-found');
    // Even a code that leaked (a log, a shoulder) needs the secret; trying does not use it up.
    const { code } = (await poll(h, 'getQrLoginStatus', { qrId })).json;
    await expectInvalidGrant(h, code, 'ls_guessedguessedguessed00');
    await expectInvalidGrant(h, code, qrId);
    const token = (await exchange(h, code, loginSecret)).json.access_token;
    expect(userOfToken(h.state, token)?.devKey).toBe('admin');
  });

  test('A mobile login is read and its code exchanged only with its login secret', async () => {
    const h = createHarness();
    const { transactionId, loginSecret } = (await startMobile(h, '040 100 0001')).json;
    h.state.clock.advance(MOBILE_ANSWER_DELAY_MS);
    const other = await h.call('getMobileLoginStatus', {
      path: { transactionId },
      headers: { 'X-Login-Secret': 'ls_someoneelsesomeoneelse0' },
    });
    expect(other.status).toBe(404);
    const { code } = (await poll(h, 'getMobileLoginStatus', { transactionId })).json;
    await expectInvalidGrant(h, code, 'ls_someoneelsesomeoneelse0');
    expect((await exchange(h, code, loginSecret)).status).toBe(200);
  });
});

describe('without dev mode', () => {
  test('nobody can sign in without credentials: no bank-ID broker, no simulated phone', async () => {
    const h = createHarness({ devMode: false });
    const bank = await h.call('startBankLogin', { body: { bankId: 1, returnPath: '/' } });
    expect(bank.status).toBe(409);
    expect(bank.json).toEqual({
      UserMessage: 'Bank ID is not available on this server.',
      Code: 'login-rejected',
    });
    const mobile = await startMobile(h, '040 100 0004');
    expect(mobile.status).toBe(409);
    expect(mobile.json.UserMessage).toBe(
      'Mobile certificate login is not available on this server.',
    );
    expect(completeBankLogin(h.state, 'st_anything', 'antti')).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    // A QR login still needs an app user who is signed in (a credential).
    const { qrId } = (await startQr(h)).json;
    expect((await h.call('approveQrLogin', { path: { qrId } })).status).toBe(401);
  });
});
