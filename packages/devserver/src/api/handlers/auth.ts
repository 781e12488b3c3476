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

/** The `X-Login-Secret` of a login status poll (the contract requires it). */
function loginSecret(headers: OperationContext['headers']): string {
  return headers['x-login-secret'] ?? '';
}

/** Handlers of the auth operations: request → core → reply. */
export const authHandlers: OperationHandlers = {
  listBanks: () => reply.json(200, listBanks()),
  startBankLogin: ({ state, body, origin, portalOrigin }) => {
    const result = startBankLogin(state, body, {
      brokerUrl: `${origin}/dev/bank-broker`,
      portalOrigin,
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
