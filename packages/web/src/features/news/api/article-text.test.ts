import { describe, expect, test } from 'vitest';
import { excerptOf, helsinkiDate } from './article-text.ts';

describe('article text', () => {
  test('an excerpt is the plain text, paragraphs apart, without scripts', () => {
    expect(
      excerptOf('<p>First.</p><script>alert("x")</script><ul><li>One</li><li>Two</li></ul>'),
    ).toBe('First. One Two');
  });

  test('a long excerpt is cut at a word with an ellipsis', () => {
    const excerpt = excerptOf(`<p>${'word '.repeat(100)}</p>`, 22);
    expect(excerpt).toBe('word word word word…');
  });

  test('a publication time is its Helsinki date, whatever the offset it comes with', () => {
    expect(helsinkiDate('2026-11-24T23:30:00Z')).toBe('25.11.2026');
    expect(helsinkiDate('2026-12-01T08:00:00+02:00')).toBe('1.12.2026');
  });
});
