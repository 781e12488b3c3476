import {
  acceptNewMarketingTerms,
  acceptPrivacyStatement,
  acceptTerms,
  deleteAccount,
  toUser,
  updateProfile,
  updateUserSettings,
  userSettings,
} from '../../core/users/users.ts';
import { endSession } from '../../core/users/sessions.ts';
import { reply, signedIn } from '../pipeline.ts';
import type { OperationHandlers } from '../types.ts';

/** Handlers of the signed-in user's operations: request → core → reply. */
export const usersHandlers: OperationHandlers = {
  getMe: signedIn(({ state, user }) => reply.json(200, toUser(state, user))),
  logout: ({ state, token }) => {
    if (token) endSession(state, token);
    return reply.noContent();
  },
  updateProfile: signedIn(({ state, user, path, body }) => {
    const result = updateProfile(state, user, path.id, body);
    return result.ok ? reply.json(200, result.value) : result;
  }),
  deleteCurrentPatient: signedIn(({ state, user }) => {
    deleteAccount(state, user);
    return reply.noContent();
  }),
  acceptNewMarketingTerms: signedIn(({ state, user }) => {
    acceptNewMarketingTerms(state, user);
    return reply.noContent();
  }),
  acceptTerms: signedIn(({ state, user, body }) => {
    const result = acceptTerms(state, user, body.version);
    return result.ok ? reply.noContent() : result;
  }),
  acceptPrivacyStatement: signedIn(({ state, user, body }) => {
    const result = acceptPrivacyStatement(state, user, body.version);
    return result.ok ? reply.noContent() : result;
  }),
  getUserSettings: signedIn(({ user }) => reply.json(200, userSettings(user))),
  updateUserSettings: signedIn(({ state, user, body }) =>
    reply.json(200, updateUserSettings(state, user, body)),
  ),
};
