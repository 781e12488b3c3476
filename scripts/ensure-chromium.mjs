// Makes sure Debian's Chromium is there for the Playwright journeys (Playwright cannot
// download its own browsers on these machines). Installs it with apt when missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH=${path} does not exist.`);
  process.exit(1);
}
if (typeof process.getuid === 'function' && process.getuid() !== 0) {
  console.error(
    `${path} is missing. Install Debian's chromium (sudo apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
console.info('Installing Debian chromium for the end-to-end tests…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync(
  'apt-get',
  ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'],
  {
    stdio: 'inherit',
    env,
  },
);
if (!existsSync(path)) {
  console.error(`apt-get finished but ${path} is still missing.`);
  process.exit(1);
}
