// Installs the workspace's dependencies from the lockfile (quick when they are already there),
// using the pnpm that runs this script, so the README commands need only Node and npm.
import { execFileSync } from 'node:child_process';

const pnpm = process.env.npm_execpath;
const args = ['install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent'];
if (pnpm && /pnpm/.test(pnpm)) {
  execFileSync(process.execPath, [pnpm, ...args], { stdio: 'inherit' });
} else {
  execFileSync('pnpm', args, { stdio: 'inherit', shell: process.platform === 'win32' });
}
