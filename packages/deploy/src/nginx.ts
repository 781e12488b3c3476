import { API_PATHS, type PageRule, type SiteRules } from './site.ts';

export interface NginxOptions {
  /** `HOST:PORT` (or a port alone) to listen on. */
  listen: string;
  /** The site's files, relative to nginx's prefix (`-p DIR`). */
  root: string;
  /** Debian's `libnginx-mod-http-brotli-static`, when installed: `.br` files are then sent. */
  brotliModule: string | null;
  /** The largest request body passed on to the API (a proxied upload). */
  maxBodyBytes: number;
}

/** What a response is, for its headers: a map per header picks the value (`headerMaps`). */
type Kind = 'site' | 'asset' | 'page' | 'api';

/** A value in nginx's double quotes; nginx would read a `$` as a variable, so none may occur. */
function quote(value: string): string {
  if (value.includes('$')) throw new Error(`nginx value with a "$": ${value}`);
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The headers per kind of answer; `api` answers carry the API's own (nothing is added). */
function headersByKind(rules: SiteRules): Record<Kind, Map<string, string>> {
  const withCache = (headers: Record<string, string>, cache: string) =>
    new Map([...Object.entries(headers), ['cache-control', cache]]);
  return {
    site: withCache(rules.headers, rules.revalidate),
    asset: withCache(rules.headers, rules.immutable),
    page: withCache(rules.pageHeaders, rules.revalidate),
    api: new Map(),
  };
}

/**
 * One map per header from the kind of answer to its value; an empty value is not sent. Every
 * location sets `$portal_kind`, and the server adds all headers: nginx's `add_header` in a
 * location would drop those of the server, so no location has one.
 */
function headerMaps(rules: SiteRules): { maps: string[]; adds: string[] } {
  const byKind = headersByKind(rules);
  const names = [...new Set([...byKind.site.keys(), ...byKind.page.keys()])].sort();
  const maps: string[] = [];
  const adds: string[] = [];
  names.forEach((name, index) => {
    const variable = `$portal_header_${index}`;
    const lines = (['site', 'asset', 'page', 'api'] as const).map(
      (kind) => `    ${kind} ${quote(byKind[kind].get(name) ?? '')};`,
    );
    // nginx's own answers (a 400, a 414) come before any location sets the kind: the site's.
    lines.push(`    default ${quote(byKind.site.get(name) ?? '')};`);
    maps.push(`  # ${name}\n  map $portal_kind ${variable} {\n${lines.join('\n')}\n  }`);
    adds.push(`    add_header ${name} ${variable} always;`);
  });
  return { maps, adds };
}

function pageLocation(page: PageRule): string {
  // An unprefixed URL's file is in the folder of the language the request asks for.
  const file = page.prefixed
    ? `/${page.file}`
    : `/${page.file.replace(`/${page.language}/`, '/$portal_language/')}`;
  if (!page.prefixed && !file.includes('$portal_language')) {
    throw new Error(`unprefixed page ${page.file} is not under a language folder`);
  }
  return [
    `    location = ${page.url} {`,
    '      set $portal_kind page;',
    '      if ($args) { rewrite ^ /index.html last; }',
    `      try_files ${file} =404;`,
    '    }',
  ].join('\n');
}

function proxyLocations(rules: SiteRules, options: NginxOptions): string[] {
  // Across origins the API's paths are not this site's: a 404, never the app's shell.
  if (!rules.api.sameOrigin)
    return API_PATHS.map((path) =>
      [
        `    location ^~ ${path} {`,
        '      set $portal_kind site;',
        '      return 404;',
        '    }',
      ].join('\n'),
    );
  const upstream = new URL(rules.api.url);
  const https = upstream.protocol === 'https:';
  return rules.api.proxiedPaths.map((path) =>
    [
      `    location ^~ ${path} {`,
      '      set $portal_kind api;',
      `      proxy_pass ${upstream.origin};`,
      '      proxy_http_version 1.1;',
      '      proxy_set_header Connection "";',
      // The API writes this origin into its links (bank-ID return, e-mails) when it trusts them.
      '      proxy_set_header X-Forwarded-Host $http_host;',
      '      proxy_set_header X-Forwarded-Proto $scheme;',
      // The client as nginx saw it, not appended to what the client itself claimed: an API that
      // trusts this proxy (`--trust-proxy ADDRESS`) keys its limits and logs by it.
      '      proxy_set_header X-Forwarded-For $remote_addr;',
      ...(https ? ['      proxy_ssl_server_name on;'] : []),
      // The chat's event stream reaches the page as it is written; uploads stream to the API,
      // which answers a too-large one itself (translated).
      '      proxy_buffering off;',
      '      proxy_request_buffering off;',
      '      proxy_read_timeout 1h;',
      `      client_max_body_size ${options.maxBodyBytes};`,
      '    }',
    ].join('\n'),
  );
}

/**
 * A complete nginx.conf for the site: run it with `nginx -p DIR -c DIR/nginx.conf -g 'daemon off;'`
 * (paths are relative to DIR). It serves the rules exactly as the dev server does: each prefixed
 * page; an unprefixed one by the language cookie, then Accept-Language, then Finnish; every other
 * app route the shell; a missing file a 404; hashed assets immutable, the rest revalidated;
 * precompressed copies as they are; the security headers and the pages' CSP.
 */
export function nginxConf(rules: SiteRules, options: NginxOptions): string {
  const { maps, adds } = headerMaps(rules);
  const [first, ...others] = rules.languages;
  if (first === undefined) throw new Error('no languages');
  // An unprefixed URL has a page per language: one location, which picks the file.
  const pages = rules.pages
    .filter((page) => page.prefixed || page.language === first)
    .map(pageLocation);
  const languageAlternatives = [first, ...others].join('|');
  return `# Generated by \`pnpm deploy:nginx\` from the web build's page manifest (docs/decisions/026).
# Do not edit: generate it again. Run: nginx -p DIR -c DIR/nginx.conf -g 'daemon off;'
${options.brotliModule ? `load_module ${options.brotliModule};\n` : ''}worker_processes auto;
pid nginx.pid;
error_log logs/error.log warn;

events {
  worker_connections 1024;
}

http {
  types {
    text/html html;
    text/css css;
    application/javascript js mjs;
    application/json json;
    application/manifest+json webmanifest;
    image/svg+xml svg;
    image/png png;
    image/jpeg jpg jpeg;
    image/x-icon ico;
    font/woff2 woff2;
    text/plain txt;
  }
  default_type application/octet-stream;
  charset utf-8;
  charset_types text/css application/javascript application/json application/manifest+json image/svg+xml text/plain;
  access_log logs/access.log;
  client_body_temp_path tmp/client_body;
  proxy_temp_path tmp/proxy;
  fastcgi_temp_path tmp/fastcgi;
  uwsgi_temp_path tmp/uwsgi;
  scgi_temp_path tmp/scgi;
  server_tokens off;
  sendfile on;
  # The build's precompressed copies (FILE.gz, FILE.br), never compressed again per request.
  gzip_static on;
  gzip_vary on;
${options.brotliModule ? '  brotli_static on;\n' : ''}
  # An unprefixed page's language: the ${rules.languageCookie} cookie, then the first of Accept-Language's
  # languages the portal has, then ${rules.defaultLanguage} (the dev server's order, spec §9).
  map $cookie_${rules.languageCookie} $portal_cookie_language {
    "~^(${languageAlternatives})" $1;
    default "";
  }
  map $http_accept_language $portal_accept_tag {
    "~*(?:^|,)\\s*(${languageAlternatives})" $1;
    default ${rules.defaultLanguage};
  }
  map $portal_accept_tag $portal_accept_language {
${rules.languages.map((language) => `    ~*^${language}$ ${language};`).join('\n')}
    default ${rules.defaultLanguage};
  }
  map $portal_cookie_language $portal_language {
    "" $portal_accept_language;
    default $portal_cookie_language;
  }

  # HTTPS only (a browser ignores it over HTTP); the API's answers carry their own.
  map "$portal_kind $scheme" $portal_hsts {
    "~^(site|asset|page|) https$" ${quote(rules.strictTransportSecurity)};
    default "";
  }

${maps.join('\n')}

  server {
    listen ${options.listen};
    server_name _;
    root ${options.root};
    set $portal_kind site;
${adds.join('\n')}
    add_header strict-transport-security $portal_hsts always;

    # A trailing slash names the same page or route.
    location ~ ^(?<portal_path>/.+)/$ {
      rewrite ^ $portal_path last;
    }

    # The build's hashed files: the same name never changes content. Their precompressed
    # copies are sent for the file itself (by Accept-Encoding), never as files of their own.
    location ^~ ${rules.immutablePrefix} {
      set $portal_kind asset;
      if ($uri ~ \\.(br|gz)$) {
        return 404;
      }
      try_files $uri =404;
    }

    # A precompressed copy asked for by name: not a file of the site (the dev server has none).
    location ~ \\.(br|gz)$ {
      set $portal_kind site;
      return 404;
    }

    # A file name: the file, or a 404 (never the app's shell).
    location ~ \\.[A-Za-z0-9]+$ {
      set $portal_kind site;
      try_files $uri =404;
    }

    # Every other route of the app: its shell.
    location / {
      set $portal_kind site;
      try_files /${rules.shell} =404;
    }

    # The prerendered pages; with a query, the app reads it: the shell instead (the prerendered
    # page is the page without one).
${pages.join('\n')}

    # ${rules.api.sameOrigin ? 'The API on this origin.' : "The API's paths: on its own origin."}
${proxyLocations(rules, options).join('\n')}
  }
}
`;
}
