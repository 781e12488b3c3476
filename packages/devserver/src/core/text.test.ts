import { describe, expect, test } from 'vitest';
import { isValidEmail } from './email.ts';
import { isWellFormedText } from './text.ts';

describe('whole characters', () => {
  test.each([
    ['plain', 'Maija', true],
    ['an emoji (a surrogate pair)', 'hymy 😀', true],
    ['a lone high surrogate', '\ud800', false],
    ['a lone low surrogate', 'a\udc00b', false],
    ['a pair the wrong way round', '\udc00\ud800', false],
    ['a high surrogate at the end', 'abc\ud83d', false],
  ])('%s', (_name, text, whole) => {
    expect(isWellFormedText(text)).toBe(whole);
  });

  test('an e-mail address with a lone surrogate is simply not valid (the parser threw a URIError)', () => {
    for (const value of ['\ud800', 'a\ud800@x.fi', 'a@x\ud800.fi', 'a@x.fi\ud800'])
      expect(isValidEmail(value)).toBe(false);
  });
});
