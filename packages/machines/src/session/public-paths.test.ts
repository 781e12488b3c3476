import { describe, expect, test } from 'vitest';
import { isPublicPath } from './public-paths.ts';

describe('isPublicPath', () => {
  test.each(['/', '/reservation', '/login', '/maintenance'])('%s is public', (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  test.each(['/fi', '/sv/', '/en/reservation', '/fi/login', '/sv/maintenance', '/login?next=1'])(
    '%s, a language-prefixed or decorated form, is public',
    (path) => {
      expect(isPublicPath(path)).toBe(true);
    },
  );

  test.each([
    '/reservation/confirm',
    '/fi/reservation/slot',
    '/sv/reservation/customer-type?customerType=serviceVoucher',
    '/en/reservation/thank-you/',
  ])('%s, a step of the booking wizard, is the reservation page and public', (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  test.each([
    '/profile',
    '/reservations',
    '/fi/profile',
    '/de/reservation',
    '/reservationx',
    '/fi/reservations/1',
  ])('%s is not public', (path) => {
    expect(isPublicPath(path)).toBe(false);
  });

  test('An empty path is the front page', () => {
    expect(isPublicPath('')).toBe(true);
  });
});
