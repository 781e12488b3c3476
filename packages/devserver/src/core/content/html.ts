import type * as Xss from 'xss';
import xssModule from 'xss';

// A CommonJS module: its named exports hang on the default export at run time.
const { FilterXSS, getDefaultWhiteList } = xssModule as unknown as typeof Xss;

/**
 * Staff HTML (article content, event descriptions) as it is stored: an allow-list sanitiser
 * (js-xss) keeps the formatting tags and their harmless attributes; scripts and styles go with
 * their content, event handlers and `javascript:` links go, unknown tags leave only their text.
 * Every consumer of the API gets safe HTML, not only the web app (which sanitises again).
 */
const filter = new FilterXSS({
  whiteList: getDefaultWhiteList(),
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'noscript'],
  allowCommentTag: false,
});

export function sanitiseHtml(html: string): string {
  return filter.process(html);
}
