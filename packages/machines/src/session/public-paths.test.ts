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

  test.each(['/profile', '/reservations', '/fi/profile', '/de/reservation', '/reservation/thanks'])(
    '%s is not public',
    (path) => {
      expect(isPublicPath(path)).toBe(false);
    },
  );

  test('An empty path is the front page', () => {
    expect(isPublicPath('')).toBe(true);
  });
});
