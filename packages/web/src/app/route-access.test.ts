import { describe, expect, test } from 'vitest';
import type { User } from '../shared/session.tsx';
import { routeAccess } from './router.tsx';
import { patternMatches, registeredRoutes, routes } from './routes.tsx';

const user = (WebRole: string): User =>
  ({
    Id: 1,
    WebRole,
    TermsAccepted: true,
    PrivacyPolicyAccepted: true,
    EmailMarketingEnabled: false,
    SmsMarketingEnabled: false,
    AreasOfInterests: [],
    OwnBranchId: null,
    OwnEmployeeId: null,
    ShouldShowProfilePage: false,
    Person: {
      FirstName: 'Maija',
      LastName: 'Testi',
      SSN: '131052-908T',
      PhoneNumber: '',
      EmailAddress: '',
    },
  }) as User;

describe('routeAccess', () => {
  test('a public route is shown to everyone', () => {
    expect(routeAccess(undefined, null)).toBe('show');
  });

  test('a signed-out visitor is sent to log in first', () => {
    expect(routeAccess('signedIn', null)).toBe('login');
    expect(routeAccess(['admin'], null)).toBe('login');
  });

  test('a route for signed-in users is shown to any role', () => {
    expect(routeAccess('signedIn', user('patient'))).toBe('show');
  });

  test('a staff route is forbidden to a patient and a patients route to a content manager', () => {
    expect(routeAccess(['admin', 'contentManager'], user('patient'))).toBe('forbidden');
    expect(routeAccess(['admin'], user('contentManager'))).toBe('forbidden');
    expect(routeAccess(['admin', 'contentManager'], user('contentManager'))).toBe('show');
  });
});

describe('route patterns for preloading', () => {
  test('match paths as wouter does: parameters, a trailing slash and wildcards', () => {
    expect(patternMatches('/', '/')).toBe(true);
    expect(patternMatches('/index/:page', '/index/2')).toBe(true);
    expect(patternMatches('/index/:page', '/index')).toBe(false);
    expect(patternMatches('/reservation/:step', '/reservation/slot/')).toBe(true);
    expect(patternMatches('/app/*', '/app/qr/ABC123')).toBe(true);
    expect(patternMatches('/admin/coupon/:id/edit', '/admin/coupon/7/edit')).toBe(true);
    expect(patternMatches('/about', '/aboutx')).toBe(false);
  });

  test('every path of the route table matches itself, so its module can be preloaded', () => {
    for (const route of routes) {
      for (const pattern of route.paths) {
        const example = pattern.replace(/:[^/]+/g, '1').replace('*', 'x');
        expect(patternMatches(pattern, example), pattern).toBe(true);
      }
    }
  });
});

describe('the coupons feature flag', () => {
  const couponPaths = (features: { coupons?: boolean }) =>
    registeredRoutes(features)
      .flatMap((route) => route.paths)
      .filter((path) => path.includes('coupon'));

  test('with the flag off (or unknown) no coupon route exists, staff or patient', () => {
    expect(couponPaths({ coupons: false })).toEqual([]);
    expect(couponPaths({})).toEqual([]);
    // Everything else stays.
    expect(registeredRoutes({ coupons: false })).toHaveLength(
      routes.filter((route) => route.flag === undefined).length,
    );
  });

  test('with the flag on the patient and staff coupon routes are there', () => {
    expect(couponPaths({ coupons: true }).sort()).toEqual(
      routes
        .filter((route) => route.flag === 'coupons')
        .flatMap((route) => route.paths)
        .sort(),
    );
    expect(couponPaths({ coupons: true })).toEqual(
      expect.arrayContaining(['/coupons', '/admin/coupons']),
    );
  });
});
