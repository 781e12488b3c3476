import { profileMachine, type ProfileMode } from '@portal/machines';
import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { fromPromise } from 'xstate';
import { dataOf, useApi } from '../../../shared/api.tsx';
import { splitLanguagePrefix, useLanguage, withLanguagePrefix } from '../../../shared/language.ts';
import { useSession, type User } from '../../../shared/session.tsx';

const ACCESS_TOKEN_KEY = 'access_token';

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
 * The profile machine of `@portal/machines` with the portal's implementations:
 * - `saveProfile` PUT /api/patients/{id}/profile, `acceptNewMarketingTerms` POST
 *   /api/user/accept/new-marketing-terms, `deleteAccount` DELETE /api/patients/, `logout`
 *   GET /api/logout, `clearToken` removes `access_token`.
 * - `refreshUser` loads the user, but the session takes it only at `navigate`: the gate or dialog
 *   showing the countdown would otherwise unmount (and stop the machine) before it navigates.
 *   After an account deletion there is no token: the session is then cleared on arrival at `/`
 *   (its reload answers 401 on a public path, which signs out without leaving it).
 */
export function useProfileMachine(mode: ProfileMode) {
  const { client } = useApi();
  const session = useSession();
  const language = useLanguage();
  const languageRef = useRef(language);
  useEffect(() => {
    languageRef.current = language;
  }, [language]);
  const loadedUser = useRef<User | null>(null);

  const applySession = (): void => {
    const user = loadedUser.current;
    // Failures are handled by the session itself (it signs out); nothing is left to do here.
    const ignore = (): void => undefined;
    if (user !== null) session.refresh(user).catch(ignore);
    else session.refresh().catch(ignore);
  };

  return useMachine(
    profileMachine.provide({
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
          loadedUser.current = null;
          if (localStorage.getItem(ACCESS_TOKEN_KEY) === null) return null;
          loadedUser.current = dataOf(await client.GET('/api/me'));
          return loadedUser.current;
        }),
        getLocation: fromPromise(async () => ({
          pathname: window.location.pathname,
          search: window.location.search,
          language: languageRef.current,
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
        clearToken: () => localStorage.removeItem(ACCESS_TOKEN_KEY),
        logError: (_, { message, error }) => console.error(message, error),
      },
    }),
    { input: { mode, user: session.user } },
  );
}
