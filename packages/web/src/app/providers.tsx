import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AssetUrlContext, Toaster } from '../ui/index.ts';
import { ApiContext } from '../shared/api.tsx';
import { SessionContext, type Session } from '../shared/session.tsx';
import type { AppServices } from './services.ts';

/** The app's providers: i18n, TanStack Query, the portal client, the API's image URLs and the session. */
export function AppProviders({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}) {
  const { i18n, queryClient, api, assetUrl, sessionStore, session } = services;
  const { user } = useSyncExternalStore(
    sessionStore.subscribe,
    sessionStore.getSnapshot,
    sessionStore.getServerSnapshot,
  );
  const value = useMemo<Session>(
    () => ({
      user,
      currentUser: session.currentUser,
      login: session.login,
      refresh: session.refresh,
      logout: session.logout,
      token: session.token,
      forgetToken: session.forgetToken,
    }),
    [user, session],
  );
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ApiContext.Provider value={api}>
          <AssetUrlContext.Provider value={assetUrl}>
            <SessionContext.Provider value={value}>
              {children}
              <Toaster />
            </SessionContext.Provider>
          </AssetUrlContext.Provider>
        </ApiContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
