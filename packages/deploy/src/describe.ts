import { siteRules, type SiteRules } from './site.ts';

const csp = (headers: Record<string, string>) => headers['content-security-policy'] ?? '';

/**
 * The rules as a list for a team serving the build from a CDN or another web server: what nginx's
 * generated configuration does, in words and values. With `generic` (the README's copy, from
 * `genericRules()`), what belongs to one build or API is named instead of given.
 */
export function describeRules(rules: SiteRules, options: { generic?: boolean } = {}): string {
  const generic = options.generic === true;
  const pageCsp = generic
    ? csp(rules.pageHeaders).replace(/'sha256-[^']+'(?: 'sha256-[^']+')*/, '<scriptHashes>')
    : csp(rules.pageHeaders);
  const others = Object.entries(rules.headers)
    .filter(([name]) => name !== 'content-security-policy')
    .map(([name, value]) => `   - \`${name}: ${value}\``);
  const count = (prefixed: boolean) =>
    generic
      ? ''
      : ` (${new Set(rules.pages.filter((page) => page.prefixed === prefixed).map((p) => p.url)).size})`;
  const api = generic
    ? 'the API origin'
    : rules.api.sameOrigin
      ? 'empty (this origin)'
      : `\`${rules.api.url}\``;
  const apiRule = generic
    ? 'same origin: proxy `/api/`, `/images/`, `/dev/` and `/docs` to the API host, unbuffered (the chat streams events), letting bodies of 16 MiB through (the API refuses a too-large upload itself, translated), with `X-Forwarded-For` set to the client address seen (not appended to). Another origin: the API answers CORS for this one (the dev server: `WEB_ORIGINS`), its origin is added to `connect-src` and `img-src`, and those four paths answer 404 here.'
    : rules.api.sameOrigin
      ? `proxy ${rules.api.proxiedPaths.map((path) => `\`${path}\``).join(', ')} to ${rules.api.url}, unbuffered (the chat streams events), letting bodies of 16 MiB through.`
      : `the pages call ${rules.api.url} directly: it must answer CORS for this origin (the dev server: \`WEB_ORIGINS\`). \`/api/\`, \`/images/\`, \`/dev/\` and \`/docs\` answer 404 here.`;
  return [
    '1. **Files**: the build (`packages/web/dist`) without `*.map` and `mockServiceWorker.js`' +
      ' (dev mode only). Every page names the API in `<meta name="portal-api" content="…">`:' +
      ` ${generic ? 'empty for the same origin, else the API origin' : api} (\`pnpm deploy:nginx\`` +
      ' writes it, and compresses the pages again).',
    `2. **Prerendered pages** (\`pages/manifest.json\`): each prefixed URL${count(true)}, such as` +
      ` \`/sv/reservation\`, answers its file. Each unprefixed URL${count(false)}, such as` +
      ` \`/reservation\`, answers the file of a language: the \`${rules.languageCookie}\` cookie's` +
      ` value if it starts with ${rules.languages.join(', ')}; else the first entry of` +
      ` \`Accept-Language\` that starts with one of them; else ${rules.defaultLanguage}. A trailing` +
      ' slash names the same page. A URL with a query string answers the shell instead (the app' +
      ' reads the query).',
    `3. **Shell**: every other path without a file extension answers \`${rules.shell}\` (200).` +
      ' A path with an extension answers its file or 404, never the shell.',
    `4. **Caching**: \`${rules.immutablePrefix}*\` \`cache-control: ${rules.immutable}\`;` +
      ` everything else \`cache-control: ${rules.revalidate}\`.`,
    '5. **Compression**: the build holds `FILE.br` and `FILE.gz` beside each text file over 1 KiB;' +
      ' send them for `Accept-Encoding: br` or `gzip`, with `content-encoding` and' +
      ' `vary: Accept-Encoding`. Asked for by name, they answer 404.',
    "6. **Headers** of every answer but the proxied API, the server's own errors (400, 414) too:",
    `   - \`content-security-policy: ${csp(rules.headers)}\``,
    ...others,
    `   - over HTTPS: \`strict-transport-security: ${rules.strictTransportSecurity}\``,
    "7. **A prerendered page's** headers: the same, with its inline scripts' hashes" +
      ` (${generic ? '`scriptHashes` of `pages/manifest.json`' : 'this build'}) in \`script-src\`` +
      ' and `vary: Cookie, Accept-Language`:',
    `   - \`content-security-policy: ${pageCsp}\``,
    `8. **API**: ${apiRule}`,
  ].join('\n');
}

/** The README's copy of the rules: the same-origin rules of any build, their values named. */
export function genericRules(): SiteRules {
  return siteRules(
    { scriptHashes: ['sha256-build'], pages: [] },
    { api: 'https://api.example', sameOrigin: true },
  );
}
