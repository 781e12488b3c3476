// Makes sure the Debian programs the tests drive are there, and installs the missing ones with
// apt: `node scripts/ensure-system-tools.mjs chromium nginx`.
//   chromium: the browser of the budget's page loads and, as its headless shell (the build
//             Playwright itself runs headless), of the Playwright journeys (Playwright cannot
//             download its own here).
//   nginx:    the web server the deployed-site journeys run behind (docs/decisions/026), with
//             the module that sends the build's precompressed brotli files.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const tools = {
  chromium: {
    override: 'CHROMIUM_PATH',
    files: process.env.CHROMIUM_PATH
      ? [process.env.CHROMIUM_PATH]
      : ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'],
    packages: ['chromium', 'chromium-headless-shell', 'fonts-dejavu-core'],
  },
  nginx: {
    override: 'NGINX_PATH',
    files: [
      process.env.NGINX_PATH ?? '/usr/sbin/nginx',
      '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
    ],
    packages: ['nginx', 'libnginx-mod-http-brotli-static'],
  },
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in tools));
if (wanted.length === 0 || unknown.length > 0) {
  console.error(`Usage: node scripts/ensure-system-tools.mjs ${Object.keys(tools).join('|')}...`);
  process.exit(2);
}

const missing = wanted.filter((name) => tools[name].files.some((file) => !existsSync(file)));
if (missing.length === 0) process.exit(0);

for (const name of missing) {
  if (process.env[tools[name].override]) {
    console.error(`${tools[name].override}=${process.env[tools[name].override]} does not exist.`);
    process.exit(1);
  }
}
const packages = missing.flatMap((name) => tools[name].packages);
if (typeof process.getuid === 'function' && process.getuid() !== 0) {
  console.error(
    `Missing: ${missing.join(', ')}. Install Debian's ${packages.join(' ')} (sudo apt-get install ${packages.join(' ')}) or set ${missing.map((name) => tools[name].override).join(' / ')}.`,
  );
  process.exit(1);
}
console.info(`Installing Debian ${packages.join(', ')} for the end-to-end tests…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
  stdio: 'inherit',
  env,
});
const still = missing.flatMap((name) => tools[name].files).filter((file) => !existsSync(file));
if (still.length > 0) {
  console.error(
    `apt-get finished but ${still.join(', ')} ${still.length > 1 ? 'are' : 'is'} still missing.`,
  );
  process.exit(1);
}
