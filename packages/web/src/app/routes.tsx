import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Role } from '../lib/session.tsx';

/** Every screen of spec §2, by id. A later feature registers its screen with one line below. */
export type RouteId =
  | 'home'
  | 'about'
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
  | 'appOpen';

export interface AppRoute {
  id: RouteId;
  /** wouter patterns, relative to the optional language prefix. */
  paths: readonly string[];
  component: LazyExoticComponent<ComponentType>;
  /** Who may open it; absent: everyone. Signed-out visitors are sent to /login first. */
  access?: 'signedIn' | readonly Role[];
  /** Registered only when this feature flag is on (GET /api/config). */
  flag?: 'coupons';
}

/** The single route table: lazy route modules `src/features/<name>/routes/<name>-route.tsx`. */
export const routes: readonly AppRoute[] = [
  {
    id: 'home',
    paths: ['/', '/index', '/index/:page'],
    component: lazy(() => import('../features/home/routes/home-route.tsx')),
  },
  {
    id: 'about',
    paths: ['/about'],
    component: lazy(() => import('../features/home/routes/about-route.tsx')),
  },
  {
    id: 'login',
    paths: ['/login'],
    component: lazy(() => import('../features/auth/routes/login-route.tsx')),
  },
  {
    id: 'loginCallback',
    paths: ['/login/callback'],
    component: lazy(() => import('../features/auth/routes/login-callback-route.tsx')),
  },
  {
    id: 'maintenance',
    paths: ['/maintenance'],
    component: lazy(() => import('../features/maintenance/routes/maintenance-route.tsx')),
  },
  {
    id: 'terms',
    paths: ['/terms'],
    component: lazy(() => import('../features/terms/routes/terms-route.tsx')),
  },
  {
    id: 'appOpen',
    paths: ['/app', '/app/*'],
    component: lazy(() => import('../features/app-open/routes/app-open-route.tsx')),
  },
  {
    id: 'reservation',
    paths: ['/reservation', '/reservation/:step'],
    component: lazy(() => import('../features/booking/routes/reservation-route.tsx')),
  },
  {
    id: 'reservations',
    paths: ['/reservations'],
    component: lazy(() => import('../features/reservations/routes/reservations-route.tsx')),
    access: 'signedIn',
  },
  {
    id: 'history',
    paths: ['/history'],
    component: lazy(() => import('../features/history/routes/history-route.tsx')),
    access: 'signedIn',
  },
];

/** The routes that exist with the given feature flags. */
export function registeredRoutes(features: { coupons?: boolean }): readonly AppRoute[] {
  return routes.filter((route) => route.flag === undefined || features[route.flag] === true);
}
