import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { preloadFeatureTexts } from './i18n.ts';
import type { Role } from '../shared/roles.ts';

/** Every screen of spec §2, by id. A later feature registers its screen with one line below. */
export type RouteId =
  | 'home'
  | 'about'
  | 'accessLog'
  | 'adminAccessLog'
  | 'accessibility'
  | 'anamnesis'
  | 'article'
  | 'chat'
  | 'coupons'
  | 'event'
  | 'events'
  | 'feedback'
  | 'history'
  | 'maintenance'
  | 'login'
  | 'loginCallback'
  | 'news'
  | 'patient'
  | 'patients'
  | 'profile'
  | 'rules'
  | 'reservation'
  | 'reservations'
  | 'terms'
  | 'settings'
  | 'adminCoupons'
  | 'adminCouponNew'
  | 'adminCouponEdit'
  | 'appOpen'
  | 'serviceVoucher'
  | 'reservationChange';

export interface AppRoute {
  id: RouteId;
  /** wouter patterns, relative to the optional language prefix. */
  paths: readonly string[];
  component: LazyExoticComponent<ComponentType>;
  /** Who may open it; absent: everyone. Signed-out visitors are sent to /login first. */
  access?: 'signedIn' | readonly Role[];
  /** Registered only when this feature flag is on (GET /api/config). */
  flag?: 'coupons';
  /**
   * The page shows the user's own data whoever they act for (issue 55): the banner says so while
   * they act for someone else.
   */
  ownData?: true;
}

/**
 * A route module loaded together with its feature's texts (the namespace named after the feature
 * folder), in parallel, so the screen does not wait for one and then the other. `moreTexts`: the
 * namespaces of shared components the screen shows (`waitlist`): a screen renders without a
 * Suspense boundary of its own once loaded, so texts fetched only when such a component first
 * renders would hide the whole page behind the app's loading state meanwhile.
 */
function featureRoute(
  feature: string,
  load: () => Promise<{ default: ComponentType }>,
  moreTexts: readonly string[] = [],
): LazyExoticComponent<ComponentType> {
  const namespaces = [feature, ...moreTexts];
  const loadWithTexts = () =>
    Promise.all([
      load(),
      Promise.all(namespaces.map((namespace) => preloadFeatureTexts(namespace))),
    ]).then(([module]) => {
      loaded.set(component, module.default);
      return module;
    });
  const component = lazy(loadWithTexts);
  loaders.set(component, loadWithTexts);
  texts.set(component, namespaces);
  return component;
}

const loaders = new WeakMap<LazyExoticComponent<ComponentType>, () => Promise<unknown>>();
const loaded = new WeakMap<LazyExoticComponent<ComponentType>, ComponentType>();
const texts = new WeakMap<LazyExoticComponent<ComponentType>, readonly string[]>();

/** The route of a path without language prefix; undefined for an unknown path. */
export function routeOf(path: string): AppRoute | undefined {
  return routes.find((candidate) =>
    candidate.paths.some((pattern) => patternMatches(pattern, path)),
  );
}

/**
 * A route's module as the build's manifest names it, by the table's rule: the route `loginCallback`
 * of the feature `auth` is `src/features/auth/routes/login-callback-route.tsx` (routes.test.ts
 * checks every route). A prerendered page preloads its chunks (scripts/prerender.ts).
 */
export function routeModule(route: AppRoute): string {
  const feature = routeTexts(route)[0];
  const name = route.id.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return `src/features/${feature}/routes/${name}-route.tsx`;
}

/** The text namespaces a route loads with its module: its feature's first, then `moreTexts`. */
export function routeTexts(route: AppRoute): readonly string[] {
  return texts.get(route.component) ?? [];
}

/**
 * The route's screen: the module itself once it has loaded (it renders at once, as hydrating a
 * prerendered page needs: a lazy component suspends on its first render even when loaded, and
 * data arriving meanwhile would make React render the page anew), the lazy component before
 * (the router's RouteScreen renders it only when the code could not be fetched).
 */
export function routeScreen(route: AppRoute): ComponentType {
  return loaded.get(route.component) ?? route.component;
}

/** Whether a wouter pattern (`/index/:page`, `/app/*`) matches a path without language prefix. */
export function patternMatches(pattern: string, path: string): boolean {
  const source = pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`).test(path);
}

/**
 * Starts fetching the route module (and its texts) of a path before React has rendered the
 * shell, so the two downloads overlap instead of following each other. Unknown paths: nothing.
 * Resolves (never rejects) once they are in.
 */
export function preloadRoute(path: string): Promise<void> {
  const route = routeOf(path);
  return (route === undefined ? Promise.resolve() : loadRoute(route)).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Loads a route's module and texts; resolves with its screen (then `routeScreen` returns it too),
 * rejects when the code cannot be fetched.
 */
export function loadRoute(route: AppRoute): Promise<ComponentType> {
  const load = loaders.get(route.component);
  return (load?.() ?? Promise.resolve()).then(() => routeScreen(route));
}

/** The single route table: lazy route modules `src/features/<name>/routes/<name>-route.tsx`. */
export const routes: readonly AppRoute[] = [
  {
    id: 'home',
    paths: ['/', '/index', '/index/:page'],
    component: featureRoute('home', () => import('../features/home/routes/home-route.tsx')),
  },
  {
    id: 'about',
    paths: ['/about'],
    component: featureRoute('home', () => import('../features/home/routes/about-route.tsx')),
  },
  {
    id: 'accessibility',
    paths: ['/accessibility'],
    component: featureRoute(
      'home',
      () => import('../features/home/routes/accessibility-route.tsx'),
    ),
  },
  {
    id: 'login',
    paths: ['/login'],
    component: featureRoute('auth', () => import('../features/auth/routes/login-route.tsx')),
  },
  {
    id: 'loginCallback',
    paths: ['/login/callback'],
    component: featureRoute(
      'auth',
      () => import('../features/auth/routes/login-callback-route.tsx'),
    ),
  },
  {
    id: 'maintenance',
    paths: ['/maintenance'],
    component: featureRoute(
      'maintenance',
      () => import('../features/maintenance/routes/maintenance-route.tsx'),
    ),
  },
  {
    id: 'terms',
    paths: ['/terms'],
    component: featureRoute('terms', () => import('../features/terms/routes/terms-route.tsx')),
  },
  {
    id: 'appOpen',
    paths: ['/app', '/app/*'],
    component: featureRoute(
      'app-open',
      () => import('../features/app-open/routes/app-open-route.tsx'),
    ),
  },
  {
    id: 'reservation',
    paths: ['/reservation', '/reservation/:step'],
    component: featureRoute(
      'booking',
      () => import('../features/booking/routes/reservation-route.tsx'),
    ),
  },
  {
    id: 'reservations',
    paths: ['/reservations'],
    component: featureRoute(
      'reservations',
      () => import('../features/reservations/routes/reservations-route.tsx'),
      // Each upcoming reservation has its earlier-time panel (shared/waitlist) and its calendar
      // file button (shared/calendar-file).
      ['waitlist', 'calendar-file'],
    ),
    access: 'signedIn',
  },
  {
    id: 'accessLog',
    paths: ['/access-log'],
    component: featureRoute(
      'access-log',
      () => import('../features/access-log/routes/access-log-route.tsx'),
    ),
    access: 'signedIn',
    ownData: true,
  },
  {
    id: 'adminAccessLog',
    paths: ['/admin/access-log'],
    component: featureRoute(
      'access-log',
      () => import('../features/access-log/routes/admin-access-log-route.tsx'),
    ),
    access: ['admin'],
  },
  {
    id: 'history',
    paths: ['/history'],
    component: featureRoute(
      'history',
      () => import('../features/history/routes/history-route.tsx'),
    ),
    access: 'signedIn',
  },
  {
    id: 'news',
    paths: ['/news'],
    component: featureRoute('news', () => import('../features/news/routes/news-route.tsx')),
    access: 'signedIn',
  },
  {
    id: 'article',
    paths: ['/article', '/article/:id'],
    component: featureRoute('news', () => import('../features/news/routes/article-route.tsx')),
    access: 'signedIn',
  },
  {
    id: 'events',
    paths: ['/events'],
    component: featureRoute('events', () => import('../features/events/routes/events-route.tsx')),
    access: 'signedIn',
  },
  {
    id: 'event',
    paths: ['/event', '/event/:id'],
    component: featureRoute('events', () => import('../features/events/routes/event-route.tsx')),
    access: 'signedIn',
  },
  {
    id: 'rules',
    paths: ['/rules'],
    component: featureRoute('rules', () => import('../features/rules/routes/rules-route.tsx')),
    access: ['admin', 'contentManager'],
  },
  {
    id: 'profile',
    paths: ['/profile'],
    component: featureRoute(
      'profile',
      () => import('../features/profile/routes/profile-route.tsx'),
    ),
    access: 'signedIn',
    ownData: true,
  },
  {
    id: 'settings',
    paths: ['/settings'],
    component: featureRoute(
      'settings',
      () => import('../features/settings/routes/settings-route.tsx'),
    ),
    access: 'signedIn',
    ownData: true,
  },
  {
    id: 'feedback',
    paths: ['/feedback'],
    component: featureRoute(
      'feedback',
      () => import('../features/feedback/routes/feedback-route.tsx'),
    ),
    access: 'signedIn',
    ownData: true,
  },
  {
    id: 'anamnesis',
    paths: ['/anamnesis'],
    component: featureRoute(
      'anamnesis',
      () => import('../features/anamnesis/routes/anamnesis-route.tsx'),
    ),
    access: 'signedIn',
  },
  {
    id: 'chat',
    paths: ['/chat'],
    component: featureRoute('chat', () => import('../features/chat/routes/chat-route.tsx')),
    access: 'signedIn',
    ownData: true,
  },
  {
    id: 'coupons',
    paths: ['/coupons', '/coupons/:id'],
    component: featureRoute(
      'coupons',
      () => import('../features/coupons/routes/coupons-route.tsx'),
    ),
    access: 'signedIn',
    flag: 'coupons',
  },
  {
    id: 'patients',
    paths: ['/patients'],
    component: featureRoute(
      'patients',
      () => import('../features/patients/routes/patients-route.tsx'),
    ),
    access: ['admin'],
  },
  {
    id: 'patient',
    paths: ['/patient/:id'],
    component: featureRoute(
      'patients',
      () => import('../features/patients/routes/patient-route.tsx'),
    ),
    access: ['admin'],
  },
  {
    id: 'adminCoupons',
    paths: ['/admin/coupons'],
    component: featureRoute(
      'admin-coupons',
      () => import('../features/admin-coupons/routes/admin-coupons-route.tsx'),
    ),
    access: ['admin', 'contentManager'],
    flag: 'coupons',
  },
  {
    id: 'adminCouponNew',
    paths: ['/admin/coupon/new'],
    component: featureRoute(
      'admin-coupons',
      () => import('../features/admin-coupons/routes/admin-coupon-new-route.tsx'),
    ),
    access: ['admin', 'contentManager'],
    flag: 'coupons',
  },
  {
    id: 'adminCouponEdit',
    paths: ['/admin/coupon/:id/edit'],
    component: featureRoute(
      'admin-coupons',
      () => import('../features/admin-coupons/routes/admin-coupon-edit-route.tsx'),
    ),
    access: ['admin', 'contentManager'],
    flag: 'coupons',
  },
  {
    id: 'serviceVoucher',
    paths: ['/service-voucher'],
    component: featureRoute(
      'service-voucher',
      () => import('../features/service-voucher/routes/service-voucher-route.tsx'),
    ),
  },
  {
    id: 'reservationChange',
    paths: ['/change-reservation'],
    component: featureRoute(
      'reservation-change',
      () => import('../features/reservation-change/routes/reservation-change-route.tsx'),
    ),
  },
];

/** The routes that exist with the given feature flags. */
export function registeredRoutes(features: { coupons?: boolean }): readonly AppRoute[] {
  return routes.filter((route) => route.flag === undefined || features[route.flag] === true);
}

/** The paths of the pages that show the user's own data whoever they act for (`ownData`). */
export const OWN_DATA_PATHS: ReadonlySet<string> = new Set(
  routes.flatMap((route) => (route.ownData ? route.paths : [])),
);
