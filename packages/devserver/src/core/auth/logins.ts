import type { Schemas } from '@portal/sdk';
import { toHelsinkiIso } from '../clock.ts';
import { fail, invalid, ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import { randomToken } from '../random.ts';
import { createSession } from '../users/sessions.ts';
import { findBank } from './banks.ts';

type LoginRow = ReturnType<DevState['db']['authLogin']['getAll']>[number];
type LoginKind = 'bank' | 'mobile' | 'qr';
type LoginStatus = Schemas['AuthLoginStatus']['status'];

const MINUTE = 60_000;

/** How long a bank-ID login may take at the broker. */
export const BANK_LOGIN_TTL_MS = 10 * MINUTE;
/** How long a mobile-certificate request waits for the user's answer. */
export const MOBILE_LOGIN_TTL_MS = 2 * MINUTE;
/** How long a QR code works. */
export const QR_LOGIN_TTL_MS = 2 * MINUTE;
/** A one-time code works once, within this time of the approval. */
export const CODE_TTL_MS = 2 * MINUTE;
/** The simulated phone answers this long after the request (by the clock). */
export const MOBILE_ANSWER_DELAY_MS = 3_000;
export const POLL_INTERVAL_MS = 2_000;
/** At most this many mobile-certificate requests to one number per window. */
export const MOBILE_START_LIMIT = { count: 5, windowMs: 10 * MINUTE };

/** The simulator's test numbers besides the users' own numbers. */
export const MOBILE_TEST_NUMBERS = {
  /** The user refuses on the phone: `rejected` after 3 s. */
  reject: '+358401111111',
  /** The phone never answers: `expired` once `expiresAt` has passed. */
  expire: '+358402222222',
} as const;

/** A phone number as `+358…` without spaces (`040 123 4567` → `+358401234567`). */
export function normalisePhone(input: string): string {
  const compact = input.replace(/[\s()-]/g, '');
  if (compact.startsWith('00358')) return `+358${compact.slice(5)}`;
  if (compact.startsWith('+')) return compact;
  if (compact.startsWith('0')) return `+358${compact.slice(1)}`;
  return compact;
}

function opaqueId(prefix: string): string {
  return `${prefix}_${randomToken(24)}`;
}

function findLogin(state: DevState, id: string, kind: LoginKind): LoginRow | null {
  const row = state.db.authLogin.findFirst({ where: { id: { equals: id } } });
  return row && row.kind === kind ? row : null;
}

/**
 * A mobile or QR login as the browser that started it asks for it: with the wrong secret it is
 * as unknown as a login that does not exist.
 */
function findOwnLogin(
  state: DevState,
  id: string,
  kind: 'mobile' | 'qr',
  secret: string,
): LoginRow | null {
  const row = findLogin(state, id, kind);
  return row !== null && row.secret !== null && row.secret === secret ? row : null;
}

/** The secret an exchange of the login's code must bring. */
function secretOf(login: LoginRow): string {
  return login.kind === 'bank' ? login.id : (login.secret ?? '');
}

function userExists(state: DevState, userId: number): boolean {
  return state.db.user.findFirst({ where: { id: { equals: userId } } }) !== null;
}

function userWithPhone(state: DevState, phone: string): number | null {
  const user = state.db.user
    .getAll()
    .filter((u) => u.phone !== null && normalisePhone(u.phone) === phone)
    .sort((a, b) => a.id - b.id)[0];
  return user?.id ?? null;
}

/** Approves the login for the user: a one-time code valid for `CODE_TTL_MS` from `atMs`. */
function approve(state: DevState, login: LoginRow, userId: number, atMs: number): LoginRow {
  const code = opaqueId('ac');
  state.db.authCode.create({
    code,
    loginId: login.id,
    kind: login.kind,
    secret: secretOf(login),
    userId,
    expiresAtMs: atMs + CODE_TTL_MS,
    usedAtMs: null,
  });
  return update(state, login, { status: 'approved', userId, code });
}

function update(state: DevState, login: LoginRow, data: Partial<LoginRow>): LoginRow {
  return (
    state.db.authLogin.update({ where: { id: { equals: login.id } }, data }) ?? {
      ...login,
      ...data,
    }
  );
}

/**
 * The login as it stands by the clock: a mobile login answers at `resolveAtMs` (when that comes
 * before its expiry), and a pending login past `expiresAtMs` has expired.
 */
function settle(state: DevState, login: LoginRow): LoginRow {
  if (login.status !== 'pending') return login;
  const now = state.clock.nowMs();
  const { resolveAtMs, plannedOutcome } = login;
  if (resolveAtMs !== null && resolveAtMs <= now && resolveAtMs < login.expiresAtMs) {
    if (plannedOutcome === 'approve' && login.userId !== null && userExists(state, login.userId)) {
      return approve(state, login, login.userId, resolveAtMs);
    }
    return update(state, login, { status: 'rejected', userId: null });
  }
  if (login.expiresAtMs <= now) return update(state, login, { status: 'expired' });
  return login;
}

function toStatus(login: LoginRow): Schemas['AuthLoginStatus'] {
  if (login.code !== null) return { status: 'approved', code: login.code };
  return { status: login.status as Exclude<LoginStatus, 'approved'> };
}

/** Logins and codes that ended over an hour ago are forgotten. */
function prune(state: DevState): void {
  const cutoff = state.clock.nowMs() - 60 * MINUTE;
  state.db.authLogin.deleteMany({ where: { expiresAtMs: { lt: cutoff } } });
  state.db.authCode.deleteMany({ where: { expiresAtMs: { lt: cutoff } } });
}

// Bank ID ------------------------------------------------------------------------------------

export interface BankLoginOptions {
  /** Absolute URL of the broker page (`http://127.0.0.1:3000/dev/bank-broker`). */
  brokerUrl: string;
  /** The portal's origin, where the broker sends the browser back; null: the broker's own. */
  portalOrigin: string | null;
}

/** A same-origin path: starts with one `/`, no backslash, and stays on the origin when resolved. */
export function isSameOriginPath(path: string): boolean {
  if (!/^\/([^/\\\s][^\\\s]*)?$/.test(path)) return false;
  const base = 'http://portal.invalid';
  try {
    return new URL(path, base).origin === base;
  } catch {
    return false;
  }
}

/**
 * Starts a bank-ID login: the browser goes to the broker page with the login's `state`; after
 * the user picks who they are, the broker returns to `/login/callback?code=…&state=…`.
 */
export function startBankLogin(
  state: DevState,
  input: Schemas['AuthBankLoginRequest'],
  options: BankLoginOptions,
): Result<Schemas['AuthBankLoginRedirect']> {
  // The broker is a stand-in that lets anyone be anyone: a dev-mode feature only.
  if (!state.settings.devMode) return fail('login-rejected', { message: 'auth.bankIdUnavailable' });
  const bank = findBank(input.bankId);
  const pathOk = isSameOriginPath(input.returnPath);
  if (!bank || !pathOk) {
    return invalid(
      ...(bank ? [] : [{ field: 'bankId', message: 'validation.unknownReference' as const }]),
      ...(pathOk ? [] : [{ field: 'returnPath', message: 'auth.returnPath' as const }]),
    );
  }
  prune(state);
  const now = state.clock.nowMs();
  const loginState = opaqueId('st');
  state.db.authLogin.create({
    id: loginState,
    kind: 'bank',
    status: 'pending',
    createdAtMs: now,
    expiresAtMs: now + BANK_LOGIN_TTL_MS,
    bankId: bank.id,
    returnPath: input.returnPath,
    portalOrigin: options.portalOrigin,
  });
  const url = new URL(options.brokerUrl);
  url.search = new URLSearchParams({ state: loginState, bank: String(bank.id) }).toString();
  return ok({ redirectUrl: url.toString(), state: loginState });
}

export interface BrokerPage {
  bank: Schemas['AuthBank'];
  /** The users one can log in as (the test users, by their bank user name). */
  users: { bankUser: string; name: string }[];
}

function pendingBankLogin(state: DevState, loginState: string): Result<LoginRow> {
  if (!state.settings.devMode) return fail('not-found');
  const found = findLogin(state, loginState, 'bank');
  if (!found) return fail('not-found');
  const login = settle(state, found);
  if (login.status !== 'pending') return fail('login-expired');
  return ok(login);
}

/** What the broker page shows for a pending bank-ID login. */
export function bankLoginAtBroker(state: DevState, loginState: string): Result<BrokerPage> {
  const login = pendingBankLogin(state, loginState);
  if (!login.ok) return login;
  const bank = findBank(login.value.bankId ?? 0);
  if (!bank) return fail('not-found');
  const users = state.db.user
    .getAll()
    .filter((u): u is typeof u & { bankUser: string } => u.bankUser !== null)
    .sort((a, b) => a.id - b.id)
    .map((u) => ({ bankUser: u.bankUser, name: `${u.firstName} ${u.lastName}` }));
  return ok({ bank, users });
}

function callback(login: LoginRow, params: Record<string, string>): string {
  return `${login.portalOrigin ?? ''}/login/callback?${new URLSearchParams(params).toString()}`;
}

/** The user authenticated at the bank: a one-time code and the portal's callback URL. */
export function completeBankLogin(
  state: DevState,
  loginState: string,
  bankUser: string,
): Result<{ location: string }> {
  const login = pendingBankLogin(state, loginState);
  if (!login.ok) return login;
  const user = state.db.user.getAll().find((u) => u.bankUser !== null && u.bankUser === bankUser);
  if (!user) return invalid({ field: 'user', message: 'validation.unknownReference' });
  const approved = approve(state, login.value, user.id, state.clock.nowMs());
  return ok({ location: callback(approved, { code: approved.code ?? '', state: loginState }) });
}

/** The user cancelled at the bank: back to the portal with `error=cancelled`. */
export function cancelBankLogin(state: DevState, loginState: string): Result<{ location: string }> {
  const login = pendingBankLogin(state, loginState);
  if (!login.ok) return login;
  const rejected = update(state, login.value, { status: 'rejected' });
  return ok({ location: callback(rejected, { error: 'cancelled', state: loginState }) });
}

// Mobile certificate -------------------------------------------------------------------------

/**
 * Sends a login request to the phone. The simulator answers 3 s later by the clock: approved
 * for a number of a user, rejected for `+358401111111` and for numbers of nobody; the phone
 * `+358402222222` never answers (expired after 2 minutes).
 */
export function startMobileLogin(
  state: DevState,
  input: Schemas['AuthMobileLoginRequest'],
): Result<Schemas['AuthMobileLoginStart']> {
  // The simulated phone approves any user's number: a dev-mode feature only.
  if (!state.settings.devMode) return fail('login-rejected', { message: 'auth.mobileUnavailable' });
  prune(state);
  const phone = normalisePhone(input.phoneNumber);
  const now = state.clock.nowMs();
  const recent = state.db.authLogin
    .getAll()
    .filter(
      (l) =>
        l.kind === 'mobile' &&
        l.phone === phone &&
        l.createdAtMs > now - MOBILE_START_LIMIT.windowMs,
    )
    .sort((a, b) => a.createdAtMs - b.createdAtMs);
  if (recent.length >= MOBILE_START_LIMIT.count) {
    const oldest = recent[recent.length - MOBILE_START_LIMIT.count]?.createdAtMs ?? now;
    const wait = Math.max(1, Math.ceil((oldest + MOBILE_START_LIMIT.windowMs - now) / 1000));
    return fail('too-many-requests', { headers: { 'Retry-After': String(wait) } });
  }
  const userId = userWithPhone(state, phone);
  const never = phone === MOBILE_TEST_NUMBERS.expire;
  const refuse = phone === MOBILE_TEST_NUMBERS.reject || userId === null;
  const transactionId = opaqueId('mTx');
  const verificationCode = String(
    (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) % 10_000,
  ).padStart(4, '0');
  const login = state.db.authLogin.create({
    id: transactionId,
    kind: 'mobile',
    status: 'pending',
    createdAtMs: now,
    expiresAtMs: now + MOBILE_LOGIN_TTL_MS,
    resolveAtMs: never ? null : now + MOBILE_ANSWER_DELAY_MS,
    plannedOutcome: never ? null : refuse ? 'reject' : 'approve',
    phone,
    verificationCode,
    userId: refuse ? null : userId,
    secret: opaqueId('ls'),
  });
  return ok({
    transactionId: login.id,
    loginSecret: login.secret ?? '',
    verificationCode,
    expiresAt: toHelsinkiIso(login.expiresAtMs),
    pollIntervalMs: POLL_INTERVAL_MS,
  });
}

/** The login's status, for the browser that started it (its `loginSecret`); otherwise 404. */
export function getMobileLoginStatus(
  state: DevState,
  transactionId: string,
  secret: string,
): Result<Schemas['AuthLoginStatus']> {
  const login = findOwnLogin(state, transactionId, 'mobile', secret);
  return login ? ok(toStatus(settle(state, login))) : fail('not-found');
}

/**
 * QA's shortcut (dev control `devResolveMobileLogin`): answers a pending mobile login at once.
 * Unknown → 404; no longer pending → 409 `login-expired`; `approve` for a number that no user
 * has → 409 `login-rejected` (the login stays pending).
 */
export function resolveMobileLogin(
  state: DevState,
  transactionId: string,
  outcome: 'approve' | 'reject' | 'expire',
): Result<null> {
  const found = findLogin(state, transactionId, 'mobile');
  if (!found) return fail('not-found');
  const login = settle(state, found);
  if (login.status !== 'pending') return fail('login-expired');
  const now = state.clock.nowMs();
  if (outcome === 'approve') {
    const userId = login.phone === null ? null : userWithPhone(state, login.phone);
    if (userId === null) return fail('login-rejected', { message: 'auth.phoneHasNoUser' });
    approve(state, login, userId, now);
  } else if (outcome === 'reject') {
    update(state, login, { status: 'rejected', userId: null });
  } else {
    update(state, login, { status: 'expired', expiresAtMs: Math.min(login.expiresAtMs, now) });
  }
  return ok(null);
}

// QR code ------------------------------------------------------------------------------------

/** A QR login for the clinic's app to approve; it works for 2 minutes. */
export function startQrLogin(state: DevState): Schemas['AuthQrLoginStart'] {
  prune(state);
  const now = state.clock.nowMs();
  const qrId = opaqueId('qr');
  const loginSecret = opaqueId('ls');
  state.db.authLogin.create({
    id: qrId,
    kind: 'qr',
    status: 'pending',
    createdAtMs: now,
    expiresAtMs: now + QR_LOGIN_TTL_MS,
    secret: loginSecret,
  });
  return {
    qrId,
    loginSecret,
    qrContent: `dentalportal://login?qr=${qrId}`,
    expiresAt: toHelsinkiIso(now + QR_LOGIN_TTL_MS),
    pollIntervalMs: POLL_INTERVAL_MS,
  };
}

/**
 * The QR login's status, for the browser that started it (its `loginSecret`): whoever photographs
 * the code knows the id but cannot read the one-time code.
 */
export function getQrLoginStatus(
  state: DevState,
  qrId: string,
  secret: string,
): Result<Schemas['AuthLoginStatus']> {
  const login = findOwnLogin(state, qrId, 'qr', secret);
  return login ? ok(toStatus(settle(state, login))) : fail('not-found');
}

/**
 * The app user approves the QR login (also the dev control `devApproveQrLogin`). Unknown → 404;
 * expired or no longer pending → 409 `login-expired`.
 */
export function approveQrLoginAs(state: DevState, qrId: string, userId: number): Result<null> {
  const found = findLogin(state, qrId, 'qr');
  if (!found) return fail('not-found');
  const login = settle(state, found);
  if (login.status !== 'pending') return fail('login-expired');
  approve(state, login, userId, state.clock.nowMs());
  return ok(null);
}

// Token --------------------------------------------------------------------------------------

/**
 * A one-time code for a bearer token. Unknown, used or expired codes, a code without its login's
 * secret as `state` (the bank `state`, or the mobile or QR `loginSecret`), or a user who no longer
 * exists: `invalid-grant`. A wrong secret does not use the code up.
 */
export function exchangeToken(
  state: DevState,
  input: Schemas['AuthTokenRequest'],
): Result<Schemas['AuthTokenResponse']> {
  const code = state.db.authCode.findFirst({ where: { code: { equals: input.code } } });
  const now = state.clock.nowMs();
  if (!code || code.usedAtMs !== null || code.expiresAtMs <= now) return fail('invalid-grant');
  if (input.state !== code.secret) return fail('invalid-grant');
  state.db.authCode.update({ where: { code: { equals: code.code } }, data: { usedAtMs: now } });
  if (!userExists(state, code.userId)) return fail('invalid-grant');
  const session = createSession(state, code.userId);
  return ok({ access_token: session.token, token_type: 'Bearer', expires_in: session.expiresIn });
}
