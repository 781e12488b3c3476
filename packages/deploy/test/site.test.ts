import { mkdtemp, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { securityHeaders } from '@portal/site-rules/security-headers';
import { describeRules, genericRules } from '../src/describe.ts';
import { nginxConf, type NginxOptions } from '../src/nginx.ts';
import { precompressTree } from '../src/precompress.ts';
import { parseApiUrl, readPageManifest, siteRules } from '../src/site.ts';
import { withApiBase, writeSiteFiles } from '../src/www.ts';
import { API, fakeBuild, HASHES, MANIFEST } from './fake-build.ts';

const NGINX: NginxOptions = {
  listen: '127.0.0.1:8080',
  root: 'www',
  brotliModule: '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
  maxBodyBytes: 16 * 1024 * 1024,
};

const csp = (headers: Record<string, string>) => headers['content-security-policy'] ?? '';

describe('the rules of a deployment', () => {
  test('on the same origin the headers are exactly the dev server’s', () => {
    const rules = siteRules(MANIFEST, { api: API, sameOrigin: true });
    expect(rules.headers).toEqual(securityHeaders());
    expect(rules.pageHeaders).toEqual({
      ...securityHeaders({ scriptHashes: HASHES }),
      vary: 'Cookie, Accept-Language',
    });
    expect(rules.api.proxiedPaths).toEqual(['/api/', '/images/', '/dev/', '/docs']);
  });

  test('across origins the pages may call the API host and show its images, nothing more', () => {
    const rules = siteRules(MANIFEST, { api: `${API}/`, sameOrigin: false });
    expect(rules.api).toEqual({ url: API, sameOrigin: false, proxiedPaths: [] });
    for (const headers of [rules.headers, rules.pageHeaders]) {
      expect(csp(headers)).toContain(`connect-src 'self' ${API};`);
      expect(csp(headers)).toContain(`img-src 'self' data: ${API};`);
      expect(csp(headers)).toContain("default-src 'self';");
    }
    expect(csp(rules.pageHeaders)).toContain("script-src 'self' 'sha256-AAAA' 'sha256-BBBB';");
  });

  test('the API is an http(s) origin', () => {
    expect(parseApiUrl('https://api.klinikka.example').origin).toBe('https://api.klinikka.example');
    for (const wrong of ['api.example', 'ftp://api.example', `${API}/api`, `${API}/?x=1`]) {
      expect(() => parseApiUrl(wrong)).toThrow(/--api/);
    }
  });

  test('a folder without a prerendered build says what to run', () => {
    expect(() => readPageManifest(tmpdir())).toThrow(/pnpm --filter @portal\/web build/);
  });
});

describe('nginx.conf', () => {
  test('each prefixed page and each unprefixed URL once, the latter by the negotiated language', () => {
    const conf = nginxConf(siteRules(MANIFEST, { api: API, sameOrigin: false }), NGINX);
    for (const url of ['/fi', '/sv/reservation', '/en', '/', '/reservation']) {
      expect(conf.split(`location = ${url} {`).length - 1, url).toBe(1);
    }
    expect(conf).toContain('try_files /pages/sv/reservation.html =404;');
    expect(conf).toContain('try_files /pages/unprefixed/$portal_language/reservation.html =404;');
    // The language: the cookie, then Accept-Language's first language the portal has, then fi.
    expect(conf).toContain('map $cookie_i18next $portal_cookie_language {');
    expect(conf).toContain('"~*(?:^|,)\\s*(fi|sv|en)" $1;');
    expect(conf).toContain('"" $portal_accept_language;');
    // A query gets the shell; a file name that is missing a 404, never the shell.
    expect(conf).toContain('if ($args) { rewrite ^ /index.html last; }');
    expect(conf).toMatch(
      /location ~ \\\.\[A-Za-z0-9\]\+\$ \{\n\s+set \$portal_kind site;\n\s+try_files \$uri =404;/,
    );
    expect(conf).toContain('listen 127.0.0.1:8080;');
  });

  test('every header the dev server sends, per kind of answer, added at the server only', () => {
    const rules = siteRules(MANIFEST, { api: API, sameOrigin: true });
    const conf = nginxConf(rules, NGINX);
    expect(conf).toContain(`page "${csp(rules.pageHeaders)}";`);
    expect(conf).toContain(`site "${csp(rules.headers)}";`);
    expect(conf).toContain('asset "public, max-age=31536000, immutable";');
    expect(conf).toContain('page "Cookie, Accept-Language";');
    // No location adds a header of its own (it would drop the server's).
    const server = conf.slice(conf.indexOf('  server {'));
    const locations = server.slice(server.indexOf('location'));
    expect(locations).not.toContain('add_header');
    expect(server).toContain('add_header strict-transport-security $portal_hsts always;');
  });

  test('the same origin proxies the API unbuffered; across origins nothing is proxied', () => {
    const same = nginxConf(siteRules(MANIFEST, { api: API, sameOrigin: true }), NGINX);
    for (const path of ['/api/', '/images/', '/dev/', '/docs']) {
      expect(same).toContain(`location ^~ ${path} {`);
    }
    expect(same).toContain(`proxy_pass ${API};`);
    expect(same).toContain('proxy_buffering off;');
    // The client's address as nginx saw it, never appended to one the client sent itself.
    expect(same).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(same).not.toContain('$proxy_add_x_forwarded_for');
    expect(same).toContain(`client_max_body_size ${16 * 1024 * 1024};`);
    const cross = nginxConf(siteRules(MANIFEST, { api: API, sameOrigin: false }), NGINX);
    expect(cross).not.toContain('proxy_pass');
    // The API's paths are a 404 there, never the app's shell with a 200.
    for (const path of ['/api/', '/images/', '/dev/', '/docs']) {
      expect(cross).toContain(
        `location ^~ ${path} {\n      set $portal_kind site;\n      return 404;`,
      );
    }
  });

  test('nginx’s own answers (a 400, a 414) carry the site’s headers; a precompressed copy asked for by name is a 404', () => {
    const conf = nginxConf(siteRules(MANIFEST, { api: API, sameOrigin: true }), NGINX);
    // Every header map has a default: the kind is unset when nginx answers before a location.
    const maps = conf.match(/map \$portal_kind \$portal_header_\d+ \{[^}]*\}/g) ?? [];
    expect(maps.length).toBeGreaterThan(3);
    for (const map of maps) {
      const site = /\n {4}site ("[^"]*");/.exec(map)?.[1];
      expect(map).toContain(`\n    default ${site};`);
    }
    expect(conf).toContain('"~^(site|asset|page|) https$"');
    expect(conf).toContain(
      'location ~ \\.(br|gz)$ {\n      set $portal_kind site;\n      return 404;',
    );
  });

  test('brotli only with its module; gzip copies always', () => {
    const rules = siteRules(MANIFEST, { api: API, sameOrigin: true });
    expect(nginxConf(rules, NGINX)).toContain('brotli_static on;');
    const without = nginxConf(rules, { ...NGINX, brotliModule: null });
    expect(without).not.toContain('brotli');
    expect(without).toContain('gzip_static on;');
  });
});

describe('the site’s files', () => {
  test('the build compresses its text files once, over 1 KiB (pages, manifest, script)', async () => {
    const root = await fakeBuild();
    expect(await precompressTree(root)).toBe(4);
    expect(existsSync(join(root, 'assets', 'index-abc.js.br'))).toBe(true);
    expect(existsSync(join(root, 'favicon.svg.gz'))).toBe(false);
    expect(existsSync(join(root, 'assets', 'index-abc.js.map.gz'))).toBe(false);
    // A second run does not compress the copies.
    expect(await precompressTree(root)).toBe(4);
    expect(existsSync(join(root, 'assets', 'index-abc.js.br.gz'))).toBe(false);
  });

  test('a deployment names the API in every page, drops dev-only files and recompresses', async () => {
    const root = await fakeBuild();
    await precompressTree(root);
    const out = join(await mkdtemp(join(tmpdir(), 'portal-site-')), 'www');
    await writeSiteFiles(root, out, siteRules(MANIFEST, { api: API, sameOrigin: false }));
    const page = await readFile(join(out, 'pages', 'sv', 'reservation.html'), 'utf8');
    expect(page).toContain(`<meta name="portal-api" content="${API}" />`);
    expect(
      brotliDecompressSync(await readFile(join(out, 'pages/sv/reservation.html.br'))).toString(),
    ).toBe(page);
    expect(gunzipSync(await readFile(join(out, 'index.html.gz'))).toString()).toContain(API);
    expect(existsSync(join(out, 'assets', 'index-abc.js.br'))).toBe(true);
    expect(existsSync(join(out, 'assets', 'index-abc.js.map'))).toBe(false);
    expect(existsSync(join(out, 'mockServiceWorker.js'))).toBe(false);
  });

  test('a page without the tag is a build from before: it is refused', () => {
    expect(() => withApiBase('<html></html>', API, 'index.html')).toThrow(
      /build the web app again/,
    );
    expect(withApiBase('<meta name="portal-api" content="">', 'https://a.example/?"<', 'x')).toBe(
      '<meta name="portal-api" content="https://a.example/?&quot;&lt;" />',
    );
  });
});

describe('the list for a CDN', () => {
  test('says every rule with this deployment’s values', () => {
    const rules = siteRules(MANIFEST, { api: API, sameOrigin: false });
    const text = describeRules(rules);
    expect(text).toContain(csp(rules.pageHeaders));
    expect(text).toContain(`the pages call ${API} directly`);
    expect(text).toContain('each prefixed URL (6)');
    expect(text).toContain('Each unprefixed URL (2)');
    expect(text).toContain(`<meta name="portal-api" content="…">\`: \`${API}\``);
  });

  test('the README’s copy is the rules of today’s code, their values named', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    const start = '<!-- deploy-rules:start -->';
    const end = '<!-- deploy-rules:end -->';
    const copy = readme.slice(readme.indexOf(start) + start.length, readme.indexOf(end)).trim();
    const generic = describeRules(genericRules(), { generic: true });
    expect(copy, `packages/deploy/README.md's rules should list:\n${generic}`).toBe(generic);
    expect(generic).not.toMatch(/sha256-|api\.example/);
  });
});
