import type { OperationId } from '@portal/sdk/contract';
import type { CheckId } from '../check-ids.ts';
import { isContractNotFound } from '../conformity.ts';
import { ownUserId, validBody } from '../discovery.ts';
import { expectErrorCode, expectStatus, idOf, jsonObject, listItems } from '../expect.ts';
import type { HttpAnswer } from '../http.ts';
import { describe, fail, skip, type Runner } from '../runner.ts';
import { anySelected, Flow, hasAll, stringField, tokenOrReason } from './flow.ts';

/** The operations of the QR login flow, end to end. */
export const QR_LOGIN_FLOW_OPERATIONS: readonly OperationId[] = [
  'startQrLogin',
  'getQrLoginStatus',
  'approveQrLogin',
  'exchangeToken',
  'logout',
  'getMe',
];
const DEV_QR: readonly OperationId[] = ['startQrLogin', 'devApproveQrLogin', 'getQrLoginStatus'];
const MOBILE: readonly OperationId[] = [
  'startMobileLogin',
  'getMobileLoginStatus',
  'devResolveMobileLogin',
];
const BANK: readonly OperationId[] = ['listBanks', 'startBankLogin'];
const UNKNOWN_CODE = 'ac_conformance_unknown_0000';

function status(answer: HttpAnswer): string | undefined {
  return stringField(answer.json, 'status');
}

interface StartedLogin {
  id: string;
  /** The `loginSecret` only the starter gets: `X-Login-Secret` of the polls, `state` of the exchange. */
  secret: string;
}

/** Starts a QR login and returns its id and secret. */
async function startQr(runner: Runner, label: string): Promise<StartedLogin> {
  const answer = await runner.call('startQrLogin', label, {});
  expectStatus(runner.op('startQrLogin'), answer, [200]);
  const qrId = stringField(answer.json, 'qrId');
  const secret = stringField(answer.json, 'loginSecret');
  if (!qrId || !secret) fail(`no qrId or loginSecret in ${describe(answer)}`);
  if (stringField(answer.json, 'qrContent')?.includes(secret))
    fail(`the QR content holds the login secret: ${describe(answer)}`);
  return { id: qrId, secret };
}

/** The poll header of a started login (a flow whose start failed is blocked before it is used). */
const secretHeader = (login: StartedLogin | undefined) => ({
  'X-Login-Secret': login?.secret ?? '',
});

/** The server offers no such login (409 `login-rejected` to the start): its flow is skipped. */
function skipWhenLoginOff(answer: HttpAnswer, method: string): void {
  if (answer.status === 409 && stringField(answer.json, 'Code') === 'login-rejected') {
    skip(`the server offers no ${method} login (409 login-rejected)`);
  }
}

/** A dev control answered 404: dev mode is off, so the dev steps are skipped. */
function skipWhenDevOff(runner: Runner, id: OperationId, answer: HttpAnswer): void {
  if (isContractNotFound(runner, runner.op(id), answer) && answer.url.includes('/api/dev/')) {
    skip('the server answers 404 to dev controls: dev mode is off');
  }
}

/**
 * The QR login end to end, without touching the checker's own tokens: start, pending, approved
 * by the signed-in app user, code exchanged for a token, the token works, the code cannot be
 * reused, logout kills the token. Also the dev approvals, the mobile login and the bank login start.
 */
export async function loginFlows(runner: Runner): Promise<void> {
  await requestGuards(runner);
  const runs = (ids: readonly OperationId[], checkId: CheckId): boolean =>
    anySelected(runner, ids) && hasAll(runner, ids) && runner.wants(checkId);
  if (runs(QR_LOGIN_FLOW_OPERATIONS, 'qr_login_flow')) await qrFlow(runner);
  if (runs(DEV_QR, 'dev_qr_approval')) await devQrFlow(runner);
  if (runs(MOBILE, 'mobile_login_flow')) await mobileFlow(runner);
  if (runs(BANK, 'bank_login_start')) await bankFlow(runner);
  if (
    hasAll(runner, ['createDevSession', 'getMe', 'logout']) &&
    runner.isSelected('createDevSession')
  ) {
    await runner.check(
      'createDevSession',
      'creates a session for a test user (200 with a working access_token)',
      { id: 'dev_session_works', category: 'auth' },
      async () => {
        const answer = await runner.call('createDevSession', 'dev session: sign in as patient', {
          json: { user: 'patient' },
        });
        skipWhenDevOff(runner, 'createDevSession', answer);
        expectStatus(runner.op('createDevSession'), answer, [200]);
        const token = stringField(answer.json, 'access_token');
        if (!token) fail(`no access_token in ${describe(answer)}`);
        const me = await runner.call('getMe', 'dev session: who is it', { token });
        expectStatus(runner.op('getMe'), me, [200]);
        await runner.call('logout', 'dev session: log it out again', { token });
      },
    );
  }
  if (runner.has('exchangeToken') && runner.isSelected('exchangeToken')) {
    await runner.check(
      'exchangeToken',
      'answers 400 invalid-grant for an unknown code',
      { id: 'unknown_grant_refused', category: 'auth' },
      async () => {
        const answer = await runner.call('exchangeToken', 'an unknown code', {
          json: { grantType: 'authorization_code', code: UNKNOWN_CODE },
        });
        expectStatus(runner.op('exchangeToken'), answer, [400]);
        expectErrorCode(answer, ['invalid-grant']);
      },
    );
  }
}

/**
 * What a page of another site could send: a plain form's body without `X-Requested-With` must
 * not start anything; a JSON operation given another content type answers 415.
 */
async function requestGuards(runner: Runner): Promise<void> {
  if (runner.isSelected('startQrLogin')) {
    await runner.check(
      'startQrLogin',
      'refuses a cross-site form post (no X-Requested-With, a form body) with 400 bad-request',
      { id: 'cross_site_form_refused', category: 'auth' },
      async () => {
        const answer = await runner.call('startQrLogin', 'guards: a cross-site form post', {
          raw: { body: 'start=1', contentType: 'application/x-www-form-urlencoded' },
          omitHeaders: ['x-requested-with'],
        });
        expectStatus(runner.op('startQrLogin'), answer, [400]);
        expectErrorCode(answer, ['bad-request']);
      },
    );
  }
  if (runner.isSelected('exchangeToken')) {
    await runner.check(
      'exchangeToken',
      'answers 415 unsupported-media-type to a body that is not JSON',
      { id: 'non_json_body_refused', category: 'auth' },
      async () => {
        const answer = await runner.call('exchangeToken', 'guards: an XML body', {
          raw: { body: '<grant code="x"/>', contentType: 'application/xml' },
        });
        expectStatus(runner.op('exchangeToken'), answer, [415]);
        expectErrorCode(answer, ['unsupported-media-type']);
      },
    );
  }
}

async function qrFlow(runner: Runner): Promise<void> {
  const flow = new Flow(runner, 'QR login flow', 'qr_login_flow', 'auth');
  const patient = tokenOrReason(runner, 'patient');
  const login = await flow.step(
    'startQrLogin',
    'starts a QR login (200 with qrId and a loginSecret that is not in the QR content)',
    {},
    () => startQr(runner, 'qr: start'),
  );
  const qrId = login?.id;
  await flow.step('getQrLoginStatus', 'reports a new QR login as pending', {}, async () => {
    const answer = await runner.call('getQrLoginStatus', 'qr: status before approval', {
      path: { qrId },
      headers: secretHeader(login),
    });
    expectStatus(runner.op('getQrLoginStatus'), answer, [200]);
    if (status(answer) !== 'pending') fail(`expected status pending, got ${describe(answer)}`);
  });
  if ('reason' in patient) flow.block(patient.reason);
  const token = 'token' in patient ? patient.token : null;
  await flow.step(
    'approveQrLogin',
    'approves a pending QR login for the signed-in app user (204)',
    {},
    async () => {
      const answer = await runner.call('approveQrLogin', 'qr: approve in the app', {
        token,
        path: { qrId },
      });
      expectStatus(runner.op('approveQrLogin'), answer, [204]);
    },
  );
  await flow.step(
    'getQrLoginStatus',
    'answers 404 to a poll of an approved QR login without its secret (someone who saw the code)',
    { soft: true },
    async () => {
      const answer = await runner.call('getQrLoginStatus', 'qr: status with a wrong secret', {
        path: { qrId },
        headers: { 'X-Login-Secret': 'ls_conformance_wrong_secret_0000' },
      });
      expectStatus(runner.op('getQrLoginStatus'), answer, [404]);
    },
  );
  const code = await flow.step(
    'getQrLoginStatus',
    'reports an approved QR login with its one-time code',
    {},
    async () => {
      const answer = await runner.call('getQrLoginStatus', 'qr: status after approval', {
        path: { qrId },
        headers: secretHeader(login),
      });
      expectStatus(runner.op('getQrLoginStatus'), answer, [200]);
      const value = stringField(answer.json, 'code');
      if (status(answer) !== 'approved' || !value)
        fail(`expected status approved with a code, got ${describe(answer)}`);
      return value;
    },
  );
  await flow.step(
    'approveQrLogin',
    'answers 409 login-expired for a QR login that is no longer pending',
    { soft: true },
    async () => {
      const answer = await runner.call('approveQrLogin', 'qr: approve again', {
        token,
        path: { qrId },
      });
      expectStatus(runner.op('approveQrLogin'), answer, [409]);
      expectErrorCode(answer, ['login-expired']);
    },
  );
  await flow.step(
    'exchangeToken',
    "answers 400 invalid-grant for an approved login's code without its secret",
    { soft: true },
    async () => {
      const answer = await runner.call('exchangeToken', 'qr: exchange without the secret', {
        json: { grantType: 'authorization_code', code },
      });
      expectStatus(runner.op('exchangeToken'), answer, [400]);
      expectErrorCode(answer, ['invalid-grant']);
    },
  );
  const fresh = await flow.step(
    'exchangeToken',
    "exchanges an approved login's code with its secret for an access token",
    {},
    async () => {
      const answer = await runner.call('exchangeToken', 'qr: exchange the code', {
        json: { grantType: 'authorization_code', code, state: login?.secret },
      });
      expectStatus(runner.op('exchangeToken'), answer, [200]);
      const value = stringField(answer.json, 'access_token');
      if (!value) fail(`no access_token in ${describe(answer)}`);
      return value;
    },
  );
  await flow.step(
    'getMe',
    'accepts a token from exchangeToken and returns its user',
    { soft: true },
    async () => {
      const answer = await runner.call('getMe', 'qr: who is the new token', { token: fresh });
      expectStatus(runner.op('getMe'), answer, [200]);
      const expected = await ownUserId(runner, 'patient');
      if (expected !== undefined && idOf(answer.json) !== expected)
        fail(`expected the approving user ${expected}, got ${describe(answer)}`);
    },
  );
  await flow.step(
    'exchangeToken',
    'answers 400 invalid-grant for a code that was already used',
    { soft: true },
    async () => {
      const answer = await runner.call('exchangeToken', 'qr: exchange the code again', {
        json: { grantType: 'authorization_code', code, state: login?.secret },
      });
      expectStatus(runner.op('exchangeToken'), answer, [400]);
      expectErrorCode(answer, ['invalid-grant']);
    },
  );
  await flow.step('logout', 'logs out a token (204)', {}, async () => {
    const answer = await runner.call('logout', 'qr: log out the new token', { token: fresh });
    expectStatus(runner.op('logout'), answer, [204]);
  });
  await flow.step(
    'logout',
    'kills the token: getMe answers 401 unauthorized afterwards',
    {},
    async () => {
      const answer = await runner.call('getMe', 'qr: the logged-out token', { token: fresh });
      expectStatus(runner.op('getMe'), answer, [401]);
      expectErrorCode(answer, ['unauthorized']);
    },
  );
}

async function devQrFlow(runner: Runner): Promise<void> {
  const flow = new Flow(runner, 'dev QR approval', 'dev_qr_approval');
  const login = await flow.step(
    'startQrLogin',
    'starts another QR login (200)',
    { soft: false },
    () => startQr(runner, 'dev qr: start'),
  );
  await flow.step('devApproveQrLogin', 'approves a QR login as a test user (204)', {}, async () => {
    const answer = await runner.call('devApproveQrLogin', 'dev qr: approve as patient', {
      path: { qrId: login?.id },
      json: { user: 'patient' },
    });
    skipWhenDevOff(runner, 'devApproveQrLogin', answer);
    expectStatus(runner.op('devApproveQrLogin'), answer, [204]);
  });
  await flow.step(
    'getQrLoginStatus',
    'reports the dev-approved QR login as approved',
    { soft: true },
    async () => {
      const answer = await runner.call('getQrLoginStatus', 'dev qr: status', {
        path: { qrId: login?.id },
        headers: secretHeader(login),
      });
      expectStatus(runner.op('getQrLoginStatus'), answer, [200]);
      if (status(answer) !== 'approved') fail(`expected approved, got ${describe(answer)}`);
    },
  );
}

async function mobileFlow(runner: Runner): Promise<void> {
  const flow = new Flow(runner, 'mobile login flow', 'mobile_login_flow', 'auth');
  const login = await flow.step(
    'startMobileLogin',
    'starts a mobile-certificate login (200 with transactionId and loginSecret)',
    {},
    async (): Promise<StartedLogin> => {
      const answer = await runner.call('startMobileLogin', 'mobile: start', {
        json: await validBody(runner, runner.op('startMobileLogin')),
      });
      skipWhenLoginOff(answer, 'mobile-certificate');
      expectStatus(runner.op('startMobileLogin'), answer, [200]);
      const id = stringField(answer.json, 'transactionId');
      const secret = stringField(answer.json, 'loginSecret');
      if (!id || !secret) fail(`no transactionId or loginSecret in ${describe(answer)}`);
      return { id, secret };
    },
  );
  const transactionId = login?.id;
  await flow.step(
    'getMobileLoginStatus',
    'reports a new mobile login as pending',
    { soft: true },
    async () => {
      const answer = await runner.call('getMobileLoginStatus', 'mobile: status', {
        path: { transactionId },
        headers: secretHeader(login),
      });
      expectStatus(runner.op('getMobileLoginStatus'), answer, [200]);
      if (status(answer) !== 'pending') fail(`expected pending, got ${describe(answer)}`);
    },
  );
  await flow.step(
    'devResolveMobileLogin',
    'rejects a mobile login on the simulated phone (204)',
    {},
    async () => {
      const answer = await runner.call('devResolveMobileLogin', 'mobile: reject on the phone', {
        path: { transactionId },
        json: { outcome: 'reject' },
      });
      skipWhenDevOff(runner, 'devResolveMobileLogin', answer);
      expectStatus(runner.op('devResolveMobileLogin'), answer, [204]);
    },
  );
  await flow.step(
    'getMobileLoginStatus',
    'reports the rejected mobile login as rejected',
    { soft: true },
    async () => {
      const answer = await runner.call('getMobileLoginStatus', 'mobile: status after rejection', {
        path: { transactionId },
        headers: secretHeader(login),
      });
      expectStatus(runner.op('getMobileLoginStatus'), answer, [200]);
      if (status(answer) !== 'rejected') fail(`expected rejected, got ${describe(answer)}`);
    },
  );
}

async function bankFlow(runner: Runner): Promise<void> {
  const flow = new Flow(runner, 'bank login', 'bank_login_start', 'auth');
  const bankId = await flow.step('listBanks', 'lists at least one bank', {}, async () => {
    const answer = await runner.call('listBanks', 'bank: list', {});
    expectStatus(runner.op('listBanks'), answer, [200]);
    const id = idOf(listItems(answer.json)[0]);
    if (id === undefined) skip('no bank listed');
    return id;
  });
  await flow.step(
    'startBankLogin',
    'starts a bank login (200 with redirectUrl and state)',
    {},
    async () => {
      const answer = await runner.call('startBankLogin', 'bank: start', {
        json: { bankId, returnPath: '/' },
      });
      skipWhenLoginOff(answer, 'bank-ID');
      expectStatus(runner.op('startBankLogin'), answer, [200]);
      const body = jsonObject(answer);
      if (typeof body.redirectUrl !== 'string' || typeof body.state !== 'string')
        fail(`no redirectUrl or state in ${describe(answer)}`);
    },
  );
}
