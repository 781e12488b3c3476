import { describe, expect, test } from 'vitest';
import { excerptOf } from './html-text.ts';

describe('excerpts of stored HTML', () => {
  test('an excerpt is the plain text, paragraphs apart, without scripts', () => {
    expect(
      excerptOf('<p>First.</p><script>alert("x")</script><ul><li>One</li><li>Two</li></ul>'),
    ).toBe('First. One Two');
  });

  test('a long excerpt is cut at a word with an ellipsis', () => {
    const excerpt = excerptOf(`<p>${'word '.repeat(100)}</p>`, 22);
    expect(excerpt).toBe('word word word word…');
  });

  test('entities are decoded and a stray angle bracket stays text', () => {
    expect(excerptOf('<p>Fish &amp; chips &lt;3</p><p>a < b</p>')).toBe('Fish & chips <3 a < b');
  });

  test('no element of the HTML is ever created, so no handler of it is ever seen', () => {
    const created: string[] = [];
    const parse = DOMParser.prototype.parseFromString;
    DOMParser.prototype.parseFromString = function (text, type) {
      const doc = parse.call(this, text, type);
      created.push(...[...doc.body.querySelectorAll('*')].map((element) => element.tagName));
      return doc;
    };
    try {
      expect(excerptOf('<p>Hi <img src="x" onerror="alert(1)"> there</p><style>p{}</style>')).toBe(
        'Hi there',
      );
    } finally {
      DOMParser.prototype.parseFromString = parse;
    }
    expect(created).toEqual([]);
  });
});
