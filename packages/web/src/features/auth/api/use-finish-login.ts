import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { dataOf, useApi } from '../../../shared/api.tsx';
import { withLanguagePrefix } from '../../../shared/language.ts';
import { takeReturnPath } from '../../../shared/return-to.ts';
import { useSession } from '../../../shared/session.tsx';

/**
 * The end of every login method: exchanges the one-time code for a token (POST /api/auth/token)
 * with the login's secret as `state` (the bank-ID `state`, or the mobile or QR `loginSecret`),
 * stores it and loads the user through the session, then returns to the page that required the
 * login (`?returnTo=` or the remembered path; only same-origin paths) or the front page.
 */
export function useFinishLogin() {
  const { client } = useApi();
  const { login } = useSession();
  const [, navigate] = useLocation();
  return useCallback(
    async (code: string, state: string, returnTo?: string | null) => {
      const data = dataOf(
        await client.POST('/api/auth/token', {
          body: { grantType: 'authorization_code', code, state },
        }),
      );
      await login(data.access_token);
      const target = takeReturnPath(withLanguagePrefix('/', window.location.pathname), returnTo);
      navigate(`~${target}`, { replace: true });
    },
    [client, login, navigate],
  );
}
