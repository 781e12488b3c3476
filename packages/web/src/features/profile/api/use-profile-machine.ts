import { profileMachine, type ProfileMode } from '@portal/machines';
import type { PortalClient } from '@portal/sdk';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { fromPromise } from 'xstate';
import { dataOf, useApi } from '../../../shared/api.tsx';
import { splitLanguagePrefix, toLanguage, withLanguagePrefix } from '../../../shared/language.ts';
import { useSession, type Session, type User } from '../../../shared/session.tsx';

type ProfileImplementations = Parameters<typeof profileMachine.provide>[0];

/** An actor without input whose result the machine does not read. */
function task(run: () => Promise<unknown>) {
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- the machine declares these actors' input as void
  return fromPromise<unknown, void>(run);
}

/** An absolute app path: targets without a language prefix keep the current one. */
function appPath(to: string): string {
  if (splitLanguagePrefix(to).language !== null) return to;
  return withLanguagePrefix(to, window.location.pathname);
}

/**
 * The profile machine's implementations over the portal client and the session:
 * - `saveProfile` PUT /api/patients/{id}/profile, `acceptNewMarketingTerms` POST
 *   /api/user/accept/new-marketing-terms, `deleteAccount` DELETE /api/patients/, `logout`
 *   GET /api/logout, `clearToken` drops the stored token through the session.
 * - `refreshUser` loads the user, but the session takes it only at `navigate`: the gate or dialog
 *   showing the countdown would otherwise unmount (and stop the machine) before it navigates.
 *   After an account deletion there is no token: the session is then cleared on arrival at `/`
 *   (its reload answers 401 on a public path, which signs out without leaving it).
 * - `getLocation` reads the path and the interface language (`<html lang>`, which i18n keeps).
 */
function profileImplementations(client: PortalClient, session: Session): ProfileImplementations {
  let loadedUser: User | null = null;

  const applySession = (): void => {
    // Failures are handled by the session itself (it signs out); nothing is left to do here.
    const ignore = (): void => undefined;
    if (loadedUser !== null) session.refresh(loadedUser).catch(ignore);
    else session.refresh().catch(ignore);
  };

  return {
    actors: {
      saveProfile: fromPromise(async ({ input }) => {
        if (input.userId === null) throw new Error('No signed-in user to save');
        return dataOf(
          await client.PUT('/api/patients/{id}/profile', {
            params: { path: { id: input.userId } },
            body: input.profile,
          }),
        );
      }),
      acceptNewMarketingTerms: task(async () => {
        await client.POST('/api/user/accept/new-marketing-terms');
        return null;
      }),
      refreshUser: task(async () => {
        loadedUser = null;
        if (session.token() === null) return null;
        loadedUser = dataOf(await client.GET('/api/me'));
        return loadedUser;
      }),
      getLocation: fromPromise(async () => ({
        pathname: window.location.pathname,
        search: window.location.search,
        language: toLanguage(document.documentElement.lang),
      })),
      deleteAccount: task(async () => {
        await client.DELETE('/api/patients/');
        return null;
      }),
      logout: task(async () => {
        await client.GET('/api/logout');
        return null;
      }),
    },
    actions: {
      navigate: (_, { to }) => {
        browserNavigate(appPath(to));
        applySession();
      },
      clearToken: () => session.forgetToken(),
      logError: (_, { message, error }) => console.error(message, error),
    },
  };
}

/** The profile machine of `@portal/machines` with the portal's implementations. */
export function useProfileMachine(mode: ProfileMode) {
  const { client } = useApi();
  const session = useSession();
  // The actor keeps the implementations of its first render (useMachine starts it once).
  const [machine] = useState(() => profileMachine.provide(profileImplementations(client, session)));
  return useMachine(machine, { input: { mode, user: session.user } });
}
