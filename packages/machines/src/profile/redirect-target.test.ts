import { describe, expect, test } from 'vitest';
import { PROFILE_RETURN_PATHS, profileRedirectTarget } from './redirect-target.ts';

describe('profile redirect target', () => {
  test('The listed paths are exactly those of the spec', () => {
    expect([...PROFILE_RETURN_PATHS]).toEqual([
      '/',
      '/reservation',
      '/fi/reservation',
      '/en/reservation',
      '/sv/reservation',
      '/login',
      '/maintenance',
    ]);
  });

  test.each(PROFILE_RETURN_PATHS.map((path) => [path]))(
    'On %s the user goes to the same path with its query',
    (pathname) => {
      expect(
        profileRedirectTarget({ pathname, search: '?step=slot&reason=7', language: 'sv' }),
      ).toBe(`${pathname}?step=slot&reason=7`);
      expect(profileRedirectTarget({ pathname, search: '', language: 'sv' })).toBe(pathname);
    },
  );

  test('A trailing slash and a query without its question mark are handled', () => {
    expect(
      profileRedirectTarget({ pathname: '/fi/reservation/', search: 'a=1', language: 'fi' }),
    ).toBe('/fi/reservation?a=1');
    expect(profileRedirectTarget({ pathname: '/login', search: '?', language: 'fi' })).toBe(
      '/login',
    );
  });

  test.each([
    ['/reservation/confirm', '', '/reservation/confirm'],
    ['/fi/reservation/slot', '?customerType=private', '/fi/reservation/slot?customerType=private'],
    ['/en/reservation/details/', '', '/en/reservation/details'],
  ])(
    'A step of the booking wizard (%s) is the reservation page: back to it',
    (pathname, search, expected) => {
      expect(profileRedirectTarget({ pathname, search, language: 'sv' })).toBe(expected);
    },
  );

  test.each([
    ['/fi', 'fi', '/fi/reservation'],
    ['/sv/', 'sv', '/sv/reservation'],
    ['/en', 'fi', '/fi/reservation'],
  ] as const)(
    'On the language front page %s the user goes to the reservation page in the current language (%s)',
    (pathname, language, expected) => {
      expect(profileRedirectTarget({ pathname, search: '?x=1', language })).toBe(expected);
    },
  );

  test.each([
    '/profile',
    '/reservations',
    '/fi/login',
    '/sv/maintenance',
    '/de/reservation',
    '/de/reservation/confirm',
    '/reservations/12',
    '/terms',
  ])('Any other path (%s) goes to /login', (pathname) => {
    expect(profileRedirectTarget({ pathname, search: '?x=1', language: 'fi' })).toBe('/login');
  });
});
