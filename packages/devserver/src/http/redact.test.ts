import { describe, expect, test } from 'vitest';
import { redact } from './redact.ts';

describe('log masking', () => {
  test.each([
    ['/api/admin/patients?search=150385-914H', '/api/admin/patients?search=[redacted]'],
    ['/x/150385-914H', '/x/150385-****'],
    ['/x/150385-914h', '/x/150385-****'],
    ['/x/150385%2D914H', '/x/150385-****'],
    ['/x/150385%2d914H', '/x/150385-****'],
    ['/x/010100%2B123A', '/x/010100-****'],
    ['/x/id_150385-914H_y', '/x/id_150385-****_y'],
    ['/x/abc150385A914Hdef', '/x/abc150385-****def'],
    ['/x/150385-914H', '/x/150385-****'],
  ])('a national id is masked in %s', (url, masked) => {
    expect(redact(url)).toBe(masked);
  });

  test.each([
    ['/a?access_token=abc.def&x=1', '/a?access_token=[redacted]&x=1'],
    ['/a?ACCESS_TOKEN=abc', '/a?ACCESS_TOKEN=[redacted]'],
    [
      '/login?returnTo=%2Ffi%3Faccess_token%3Dsecret123%26lang%3Dfi',
      '/login?returnTo=%2Ffi%3Faccess_token%3D[redacted]%26lang%3Dfi',
    ],
    ['/login?returnTo=%2Fcb%3Fcode%3Dabc', '/login?returnTo=%2Fcb%3Fcode%3D[redacted]'],
    ['/cb?code=abc&state=def#top', '/cb?code=[redacted]&state=[redacted]#top'],
  ])('a token or code is masked in %s', (url, masked) => {
    expect(redact(url)).toBe(masked);
  });

  test.each([
    ['/api/slot-holds/hZ3kq9V1tX0bN4mR7yW2cE8uJ5aL6sD', '/api/slot-holds/[redacted]'],
    [
      '/api/availability/day?date=2026-12-01&holdId=hZ3kq9V1tX0bN4mR7yW2cE8uJ5aL6sD&reasonId=1',
      '/api/availability/day?date=2026-12-01&holdId=[redacted]&reasonId=1',
    ],
  ])('a slot hold’s key is masked in %s (decision 025)', (url, masked) => {
    expect(redact(url)).toBe(masked);
  });

  test('ordinary numbers, dates and ids stay readable', () => {
    for (const text of [
      '/api/reservations/1503851',
      '/api/availability/month?month=2026-11',
      '/x/20261126-1430',
    ]) {
      expect(redact(text)).toBe(text);
    }
  });
});
