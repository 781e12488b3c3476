import { Suspense, useDeferredValue, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Router, useLocation } from 'wouter';
import { TransitionRouter } from './transition-location.tsx';
import { splitLanguagePrefix } from '../shared/language.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';
import type { AppServices } from './services.ts';
import { PageSkeleton } from '../ui/index.ts';
import { APP_STARTED_EVENT } from '../prerender/boot-script.ts';

/**
 * Reads the optional language prefix, follows it in i18next and gives the rest of the app a
 * router based on it, so that every link keeps the prefix (spec §2).
 */
function LanguageScope({ restoring }: { restoring: boolean }) {
  const [location] = useLocation();
  const { t, i18n } = useTranslation('app');
  const { language } = splitLanguagePrefix(location);
  useEffect(() => {
    if (language !== null && i18n.resolvedLanguage !== language) void i18n.changeLanguage(language);
  }, [language, i18n]);
  return (
    <Router base={language === null ? '' : `/${language}`}>
      <AppLayout restoring={restoring}>
        {restoring ? <PageSkeleton label={t('session.loading')} /> : <AppRoutes />}
      </AppLayout>
    </Router>
  );
}

/** Only if something suspends outside a route's own boundary (texts of a new language). */
function AppLoading() {
  const { t } = useTranslation('app');
  return <PageSkeleton label={t('page.loading')} />;
}

/**
 * Routes render only after a stored token has loaded its user (spec §4); meanwhile the layout is
 * in place with a skeleton page, so the page does not jump or flash the visitor's menu.
 */
function SessionGate({ services }: { services: AppServices }) {
  const { sessionStore } = services;
  const view = useSyncExternalStore(
    sessionStore.subscribe,
    sessionStore.getSnapshot,
    sessionStore.getServerSnapshot,
  );
  // The page that follows a checked token mounts as a deferred render, which yields to the
  // browser every few milliseconds: a store's change alone would render it in one blocking task
  // (the layout has the user at once; the skeleton stays until the page is ready to commit).
  const restoring = useDeferredValue(view.restoring);
  // The page answers taps from now on: a prerendered page has been hydrated (its content sits
  // in this boundary), another has rendered. QA and the e2e journeys wait for the mark; the
  // page's loader hands on a click it held meanwhile (boot-script.ts).
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
    window.dispatchEvent(new Event(APP_STARTED_EVENT));
  }, []);
  return <LanguageScope restoring={restoring} />;
}

/** The portal; `ssrPath` is the page's path when it is prerendered (src/prerender), not in the browser. */
export function App({ services, ssrPath }: { services: AppServices; ssrPath?: string }) {
  return (
    <AppProviders services={services}>
      {/* The one boundary a prerendered page's content sits in: React hydrates it in one pass,
          before any effect of the page has run (docs/decisions/012). */}
      <Suspense fallback={<AppLoading />}>
        <TransitionRouter ssrPath={ssrPath}>
          <SessionGate services={services} />
        </TransitionRouter>
      </Suspense>
    </AppProviders>
  );
}
