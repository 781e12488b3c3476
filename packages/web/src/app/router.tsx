import { Suspense, lazy, useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import ForbiddenRoute from '../features/errors/routes/forbidden-route.tsx';
import NotFoundRoute from '../features/errors/routes/not-found-route.tsx';
import { rememberReturnPath } from '../shared/return-to.ts';
import { roleOf } from '../shared/roles.ts';
import { useSession, type User } from '../shared/session.tsx';
import { useActingChoice } from '../shared/acting-for.ts';
import { loadRoute, registeredRoutes, routes, routeScreen, type AppRoute } from './routes.tsx';
import { useConfig } from '../shared/resources.ts';
import { PageSkeleton } from '../ui/index.ts';

// Only users with terms or a privacy statement to accept need these (and their HTML sanitiser).
// The terms gate is the FIRST_LOGIN profile form (with the booking it interrupts, if any); the
// survey is PROFILE_UPDATE_REQUIRED.
const TermsGate = lazy(() => import('./terms-gate.tsx').then((m) => ({ default: m.TermsGate })));
const ProfileSurvey = lazy(() =>
  import('../features/profile/components/profile-survey.tsx').then((m) => ({
    default: m.ProfileSurvey,
  })),
);
// Only a patient who has not chosen whom to act for in this tab needs the person choice (issue 55).
const PersonChoiceDialog = lazy(() =>
  import('../features/persons/components/person-choice.tsx').then((m) => ({
    default: m.PersonChoiceDialog,
  })),
);
const PrivacyStatementAcceptance = lazy(() =>
  import('../features/terms/components/privacy-statement-acceptance.tsx').then((m) => ({
    default: m.PrivacyStatementAcceptance,
  })),
);

function PageLoading() {
  const { t } = useTranslation('app');
  return <PageSkeleton label={t('page.loading')} />;
}

/**
 * Sends a signed-out visitor to /login and back afterwards. The page is remembered while this
 * renders: the Redirect navigates in its layout effect, before any effect here would run (an
 * effect read /login and remembered nothing, so a message's link lost its page at the login).
 */
function LoginRedirect() {
  useState(() => rememberReturnPath(window.location.pathname + window.location.search));
  return <Redirect to="/login" replace />;
}

/** Whether a user may open a route: show it, log in first, or forbidden (spec §6). */
export function routeAccess(
  access: AppRoute['access'],
  user: User | null,
): 'show' | 'login' | 'forbidden' {
  if (access === undefined) return 'show';
  if (user === null) return 'login';
  if (access === 'signedIn' || access.includes(roleOf(user))) return 'show';
  return 'forbidden';
}

/**
 * A route's screen. Once its module has loaded (always on a prerendered page, which waits for it
 * before hydrating) it renders directly. Before that, the page's loading state until the module
 * is in, then the screen: no Suspense boundary, whose content React reveals no sooner than 300 ms
 * after its fallback (its throttle), however soon the code came; and React hydrates a boundary's
 * content in a later pass, after the layout's effects have started fetching (data arriving in
 * between would make the page render anew). Code that cannot be fetched: the lazy screen, which
 * throws the failure to the app's error boundary.
 */
function RouteScreen({ route }: { route: AppRoute }) {
  const [screen, setScreen] = useState<{ Screen: ComponentType | null }>(() => {
    const Screen = routeScreen(route);
    return { Screen: Screen === route.component ? null : Screen };
  });
  const { Screen } = screen;
  useEffect(() => {
    if (Screen !== null) return;
    let current = true;
    loadRoute(route).then(
      (loaded) => current && setScreen({ Screen: loaded }),
      () => current && setScreen({ Screen: route.component }),
    );
    return () => {
      current = false;
    };
  }, [Screen, route]);
  if (Screen === null) return <PageLoading />;
  if (Screen !== route.component) return <Screen />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Screen />
    </Suspense>
  );
}

/** An error page (its texts load on demand). */
function ErrorScreen({ kind }: { kind: 'notFound' | 'forbidden' }) {
  return (
    <Suspense fallback={<PageLoading />}>
      {kind === 'notFound' ? <NotFoundRoute /> : <ForbiddenRoute />}
    </Suspense>
  );
}

function Guarded({ route }: { route: AppRoute }) {
  const { user } = useSession();
  const decision = routeAccess(route.access, user);
  if (decision === 'login') return <LoginRedirect />;
  if (decision === 'forbidden') return <ErrorScreen kind="forbidden" />;
  if (route.flag !== undefined) return <Flagged route={route} />;
  return <RouteScreen route={route} />;
}

/** A route behind a feature flag waits for GET /api/config; without the flag it does not exist. */
function Flagged({ route }: { route: AppRoute }) {
  const config = useConfig();
  if (config.isPending) return <PageLoading />;
  if (registeredRoutes(config.data?.features ?? {}).includes(route)) {
    return <RouteScreen route={route} />;
  }
  return <ErrorScreen kind="notFound" />;
}

/** How long after a navigation the new page's heading is waited for, to take the focus. */
const HEADING_WAIT_MS = 3_000;

/**
 * Moves focus to the new page after a navigation in the app, so that screen readers announce it:
 * to the main content at once, then to the page's h1 when it is drawn (the page is named where
 * the patient lands; one that is no focus target yet is made one, from script only). From a link
 * outside the content, and from nowhere (the body), where a
 * control that had the focus went with the old page (a login form, when it lets the patient in).
 * Not on the page's first load, where the skip link comes first; not when the focus is in the
 * content already (a wizard moves it to its step's heading itself).
 */
function useFocusOnNavigation() {
  const [location] = useLocation();
  const shown = useRef(location);
  useEffect(() => {
    if (shown.current === location) return;
    shown.current = location;
    const main = document.getElementById('main-content');
    if (!main || main.contains(document.activeElement)) return;
    main.focus({ preventScroll: true });
    const until = Date.now() + HEADING_WAIT_MS;
    let frame = 0;
    const look = () => {
      // The page itself, or the patient, has moved the focus meanwhile.
      if (document.activeElement !== main) return;
      const heading = main.querySelector<HTMLElement>('h1');
      // The new page's: the location changes as a transition (transition-location.tsx), whose
      // commit shows the new page (its heading at once when its code and data were at hand).
      if (heading !== null) {
        // Focusable from script only (most pages' h1 is so already: ui/PageHeader).
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      } else if (Date.now() < until) {
        frame = requestAnimationFrame(look);
      }
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [location]);
}

/**
 * The routes of spec §2 (inside the language-prefix router). A signed-in user who has not
 * accepted the terms, or a new privacy statement, sees that acceptance on every route.
 */
export function AppRoutes() {
  const { user } = useSession();
  useFocusOnNavigation();

  if (user !== null && !user.TermsAccepted) {
    return (
      <Suspense fallback={<PageLoading />}>
        <TermsGate />
      </Suspense>
    );
  }
  if (user !== null && !user.PrivacyPolicyAccepted) {
    return (
      <Suspense fallback={<PageLoading />}>
        <PrivacyStatementAcceptance />
      </Suspense>
    );
  }
  // Only flagged routes wait for the configuration (Flagged): the others render at once. One key
  // per route, not per path: `/reservation` → `/reservation/:step` keeps the wizard (and a
  // hydrated prerendered page) mounted instead of rendering it again (Switch renders one match).
  return (
    <>
      <Switch>
        {routes.flatMap((route) =>
          route.paths.map((path) => (
            <Route key={route.id} path={path}>
              <Guarded route={route} />
            </Route>
          )),
        )}
        <Route>
          <ErrorScreen kind="notFound" />
        </Route>
      </Switch>
      {user?.ShouldShowProfilePage === true && (
        <Suspense fallback={null}>
          <ProfileSurvey />
        </Suspense>
      )}
      <PersonChoice user={user} />
    </>
  );
}

/**
 * A signed-in patient chooses whom to act for once per tab, after the login (issue 55): a
 * dialog over the page (features/persons), which renders meanwhile as the user's own. Visitors
 * and staff, and a patient who has chosen, see nothing of it.
 */
function PersonChoice({ user }: { user: User | null }) {
  const choice = useActingChoice(user?.Id ?? null);
  if (user === null || choice !== null || roleOf(user) !== 'patient') return null;
  return (
    <Suspense fallback={null}>
      <PersonChoiceDialog />
    </Suspense>
  );
}
