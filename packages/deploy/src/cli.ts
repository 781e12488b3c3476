/**
 * `pnpm deploy:nginx --out DIR --listen HOST:PORT --api URL [--same-origin] [--web-root DIR]`:
 * writes a site served by nginx from the built web app (docs/decisions/026).
 * `pnpm deploy:smoke --url URL` checks a deployed web origin.
 */
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { deployNginx } from './deploy-nginx.ts';
import { formatChecks, smokeCheck } from './smoke.ts';

const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

const usage = `Usage:
  pnpm deploy:nginx --out DIR --listen HOST:PORT --api URL [--same-origin] [--web-root DIR]
                    [--allow-dev-api]
      Writes DIR/nginx.conf, the site's files (DIR/www) and DIR/SITE-RULES.md (what a CDN must
      replicate) from the web build (default packages/web/dist; pnpm --filter @portal/web build).
      --api: the API's origin. The pages call it directly (it answers CORS for this origin:
      WEB_ORIGINS), or with --same-origin through this server, which proxies /api/, /images/,
      /dev/ and /docs to it. Then: nginx -p DIR -c DIR/nginx.conf -g 'daemon off;'
      --allow-dev-api: front an API that runs in dev mode (asked first; refused without it),
      which publishes its QA controls through this site: only for a test site.
  pnpm deploy:smoke --url URL
      Checks a deployed web origin: its pages, language negotiation, shell, 404s, caching,
      compression, security headers and CSP, and the API its pages name. Exits 1 on a failure.`;

class UsageError extends Error {}

/** A deployment refused for a reason of its own (exit 2, the reason without the usage). */
class Refused extends Error {}

/** What a dev-mode API publishes through a site in front of it. */
const DEV_API_PUBLISHES =
  'its QA controls (/api/dev/*: the clock, resets, a session as any test user, faults, the ' +
  'request journal, the outbox of every message), its bank-ID simulator (/dev/bank-broker) and ' +
  "test users' logins, and the QA toolbar on every page";

/**
 * Whether the API runs in dev mode, from the `x-dev-mode` header of its public configuration;
 * asked for up to `waitMs` while it may still be starting (a test run starts both at once). Null
 * when it never answered.
 */
async function apiDevMode(api: string, waitMs: number): Promise<boolean | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const response = await fetch(`${api.replace(/\/+$/, '')}/api/config`, {
        signal: AbortSignal.timeout(3000),
      });
      await response.body?.cancel();
      return response.headers.get('x-dev-mode') === 'true';
    } catch {
      if (Date.now() >= deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

function listenAddress(value: string | undefined): string {
  if (!value) throw new UsageError('--listen is required (HOST:PORT, e.g. 127.0.0.1:8080)');
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):)?(\d{1,5})$/.exec(value);
  const port = Number(match?.[2]);
  if (!match || port < 1 || port > 65535)
    throw new UsageError(`--listen is not HOST:PORT: ${value}`);
  return value;
}

async function nginxCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      out: { type: 'string' },
      listen: { type: 'string' },
      api: { type: 'string' },
      'same-origin': { type: 'boolean', default: false },
      'web-root': { type: 'string' },
      'allow-dev-api': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.info(usage);
    return;
  }
  if (!values.out) throw new UsageError('--out is required (the directory to write)');
  if (!values.api)
    throw new UsageError('--api is required (the API origin, e.g. https://api.example)');
  const listen = listenAddress(values.listen);
  const out = resolve(values.out);
  const devMode = await apiDevMode(values.api, Number(process.env.DEPLOY_API_WAIT_MS ?? 20_000));
  if (devMode && !values['allow-dev-api'])
    throw new Refused(
      `The API at ${values.api} runs in dev mode. In front of it, this site would publish ${DEV_API_PUBLISHES}. ` +
        'Start the API without dev mode (pnpm start --no-dev-mode, DEV_MODE=false), or pass --allow-dev-api for a test site.',
    );
  const { rules, files, brotli } = await deployNginx({
    out,
    listen,
    api: values.api,
    sameOrigin: values['same-origin'],
    webRoot: values['web-root'] ? resolve(values['web-root']) : DEFAULT_WEB_ROOT,
  });

  const inside = relative(process.cwd(), out);
  const shown = inside === '' ? '.' : inside.startsWith('..') ? out : inside;
  console.info(
    [
      `Wrote ${shown}/nginx.conf, ${files} files in ${shown}/www and ${shown}/SITE-RULES.md.`,
      `  API: ${rules.api.url} (${rules.api.sameOrigin ? `proxied at ${rules.api.proxiedPaths.join(' ')}` : 'called from the pages: it must allow this origin, WEB_ORIGINS'})`,
      brotli
        ? '  Brotli: precompressed .br files are sent (ngx_http_brotli_static_module).'
        : '  Brotli: module not installed (apt-get install libnginx-mod-http-brotli-static); gzip only.',
      devMode === true
        ? `  Dev-mode API (--allow-dev-api): this site publishes ${DEV_API_PUBLISHES}. A test site only.`
        : devMode === null
          ? `  The API did not answer: if it runs in dev mode, this site publishes ${DEV_API_PUBLISHES}.`
          : '  The API runs without dev mode.',
      `Start: nginx -p ${out} -c ${join(out, 'nginx.conf')} -g 'daemon off;'`,
    ].join('\n'),
  );
}

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  if (command === 'nginx') return nginxCommand(args);
  if (command === 'smoke') {
    const { values } = parseArgs({ args, options: { url: { type: 'string' } } });
    if (!values.url) throw new UsageError('--url is required (the deployed web origin)');
    const checks = await smokeCheck({ url: values.url });
    console.info(formatChecks(values.url, checks));
    if (checks.some((c) => !c.ok)) process.exitCode = 1;
    return;
  }
  throw new UsageError(command ? `unknown command: ${argv.join(' ')}` : 'no command');
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (
    error instanceof UsageError ||
    (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
  ) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  if (error instanceof Refused) {
    console.error(error.message);
    process.exit(2);
  }
  console.error((error as Error).message);
  process.exit(1);
});
