import {
  acceptNewMarketingTerms,
  acceptPrivacyStatement,
  acceptTerms,
  toUser,
  updateProfile,
  updateUserSettings,
  userSettings,
} from '../../core/users/users.ts';
import { endSession } from '../../core/users/sessions.ts';
import { deleteAccount } from '../../core/flows/account.ts';
import { reply } from '../pipeline.ts';
import type { OperationHandlers } from '../types.ts';

/** Handlers of the signed-in user's operations: request → core → reply. */
export const usersHandlers: OperationHandlers = {
  getMe: ({ state, user }) => reply.json(200, toUser(state, user)),
  logout: ({ state, token }) => {
    if (token) endSession(state, token);
    return reply.noContent();
  },
  updateProfile: ({ state, user, path, body }) => {
    const result = updateProfile(state, user, path.id, body);
    return result.ok ? reply.json(200, result.value) : result;
  },
  deleteCurrentPatient: ({ state, user }) => {
    deleteAccount(state, user);
    return reply.noContent();
  },
  acceptNewMarketingTerms: ({ state, user }) => {
    acceptNewMarketingTerms(state, user);
    return reply.noContent();
  },
  acceptTerms: ({ state, user, body }) => {
    const result = acceptTerms(state, user, body.version);
    return result.ok ? reply.noContent() : result;
  },
  acceptPrivacyStatement: ({ state, user, body }) => {
    const result = acceptPrivacyStatement(state, user, body.version);
    return result.ok ? reply.noContent() : result;
  },
  getUserSettings: ({ user }) => reply.json(200, userSettings(user)),
  updateUserSettings: ({ state, user, body }) =>
    reply.json(200, updateUserSettings(state, user, body)),
};
