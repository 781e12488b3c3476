import { describe, expect, test } from 'vitest';
import { pathGlob } from './glob.ts';

describe('a path pattern of the dev controls', () => {
  test.each([
    ['/api/reservations', '/api/reservations', true],
    ['/api/reservations', '/api/reservations/1', false],
    ['/api/reservations*', '/api/reservations/12/move', true],
    ['/api/reservations*', '/api/reservation', false],
    ['*/move', '/api/reservations/12/move', true],
    ['/api/*/move', '/api/reservations/12/move', true],
    ['/api/*/move', '/api/reservations/12/cancel', false],
    ['/api/*s/*/m*e', '/api/reservations/12/move', true],
    ['*', '', true],
    ['a*a', 'a', false],
    ['a*a', 'aa', true],
    ['*ab*ab*', 'xabyab', true],
    ['*ab*ab*', 'xaby', false],
    ['/api/**/move', '/api/reservations/12/move', true],
    ['/api/.*', '/api/x', false],
    ['/api/(a|b)', '/api/(a|b)', true],
  ])('%s against %s: %s', (pattern, path, expected) => {
    expect(pathGlob(pattern).test(path)).toBe(expected);
  });

  test('runs of stars count once', () => {
    expect(pathGlob('/api/***/x**').stars).toBe(2);
    expect(pathGlob('/api/x').stars).toBe(0);
  });

  test('agrees with the regular expression it replaces on generated patterns and paths', () => {
    // A fixed pseudo-random sequence: the same cases in every run.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const alphabet = ['a', 'b', '/', '*'];
    for (let i = 0; i < 2000; i++) {
      const pattern = Array.from({ length: 1 + next(8) }, () => alphabet[next(4)]).join('');
      const path = Array.from({ length: next(10) }, () => alphabet[next(3)]).join('');
      const regex = new RegExp(`^${pattern.replace(/[/]/g, '\\/').replace(/\*/g, '.*')}$`);
      expect(pathGlob(pattern).test(path), `${pattern} ${path}`).toBe(regex.test(path));
    }
  });

  test('a 300-character pattern of stars against a 256-character path answers at once (it backtracked for seconds as a regular expression)', () => {
    // As `.*` each, these two would backtrack for hours (the test would never end); the matcher
    // reads the path once per piece.
    const pattern = '*a'.repeat(150);
    const path = 'a'.repeat(255) + 'b';
    expect(pathGlob(pattern).test(path)).toBe(false);
    expect(pathGlob(`${'*a'.repeat(127)}*`).test(path)).toBe(true);
  });
});
