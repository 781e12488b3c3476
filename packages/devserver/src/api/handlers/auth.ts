import { listBanks } from '../../core/auth/banks.ts';
import {
  approveQrLoginAs,
  exchangeToken,
  getMobileLoginStatus,
  getQrLoginStatus,
  startBankLogin,
  startMobileLogin,
  startQrLogin,
} from '../../core/auth/logins.ts';
import { reply } from '../pipeline.ts';
import type { OperationContext, OperationHandlers } from '../types.ts';
import { DEFAULT_PORTAL_ORIGIN } from '../../core/notifications/notifications.ts';

/**
 * Where this server is reached, per the request (proxies' forwarded headers first): a DNS name
 * (at most 253 characters) or an IPv6 address, and a port. A longer host is not taken, so that the
 * links made from it stay inside the contract's bounds (an outbox message's `url`, a redirect).
 */
const HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;
const ORIGIN = /^https?:\/\/(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

function first(value: string | undefined): string | undefined {
  return value?.split(',')[0]?.trim();
}

/** This server's origin as the browser sees it (for the absolute broker URL). */
export function serverOrigin(headers: OperationContext['headers']): string {
  const host = first(headers['x-forwarded-host']) ?? headers.host;
  const proto = first(headers['x-forwarded-proto']) === 'https' ? 'https' : 'http';
  return host && HOST.test(host) ? `${proto}://${host}` : DEFAULT_PORTAL_ORIGIN;
}

/** The calling page's origin (`Origin` header), when it is a plain http(s) origin. */
export function callerOrigin(headers: OperationContext['headers']): string | null {
  const origin = headers.origin;
  return origin && ORIGIN.test(origin) ? origin : null;
}

/** The `X-Login-Secret` of a login status poll (the contract requires it). */
function loginSecret(headers: OperationContext['headers']): string {
  return headers['x-login-secret'] ?? '';
}

/** Handlers of the auth operations: request → core → reply. */
export const authHandlers: OperationHandlers = {
  listBanks: () => reply.json(200, listBanks()),
  startBankLogin: ({ state, body, headers }) => {
    const result = startBankLogin(state, body, {
      brokerUrl: `${serverOrigin(headers)}/dev/bank-broker`,
      portalOrigin: callerOrigin(headers),
    });
    return result.ok ? reply.json(200, result.value) : result;
  },
  startMobileLogin: ({ state, body }) => {
    const result = startMobileLogin(state, body);
    return result.ok ? reply.json(200, result.value) : result;
  },
  getMobileLoginStatus: ({ state, path, headers }) => {
    const result = getMobileLoginStatus(state, path.transactionId, loginSecret(headers));
    return result.ok ? reply.json(200, result.value) : result;
  },
  startQrLogin: ({ state }) => reply.json(200, startQrLogin(state)),
  getQrLoginStatus: ({ state, path, headers }) => {
    const result = getQrLoginStatus(state, path.qrId, loginSecret(headers));
    return result.ok ? reply.json(200, result.value) : result;
  },
  approveQrLogin: ({ state, path, user }) => {
    const result = approveQrLoginAs(state, path.qrId, user.id);
    return result.ok ? reply.noContent() : result;
  },
  exchangeToken: ({ state, body }) => {
    const result = exchangeToken(state, body);
    return result.ok ? reply.json(200, result.value, { 'Cache-Control': 'no-store' }) : result;
  },
};
