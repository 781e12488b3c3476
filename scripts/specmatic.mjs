#!/usr/bin/env node
/**
 * Specmatic's contract test of the portal's unmodified contract against a running server (issue
 * 56 item 5): `node scripts/specmatic.mjs --base-url http://127.0.0.1:3000`. Needs Java 17 (Debian:
 * `apt-get install default-jre-headless`) and fetches Specmatic from npm (`specmatic@2.55.1`).
 *
 * It runs the public reads (GET, `x-roles: [public]`, no path parameter, not a dev control) with
 * their 200 answers: Specmatic sends no token, and its default run of every operation generates
 * hundreds of thousands of scenarios (it also long-polls the dev outbox). `--strict` is not used:
 * Specmatic wants a named request example beside every named response example, which the
 * contract's error examples (`invalidCampaignCode`…) do not have yet.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const SPECMATIC = 'specmatic@2.55.1';
const at = process.argv.indexOf('--base-url');
const baseUrl = at === -1 ? 'http://127.0.0.1:3000' : process.argv[at + 1];
const root = new URL('..', import.meta.url);
const contract = JSON.parse(
  readFileSync(new URL('packages/sdk/src/generated/contract.json', root), 'utf8'),
);
const paths = Object.entries(contract.paths)
  .filter(([path, item]) => {
    const get = item.get;
    return (
      get !== undefined &&
      (get['x-roles'] ?? []).includes('public') &&
      !path.includes('{') &&
      !path.startsWith('/api/dev/') &&
      !(get.parameters ?? []).some((parameter) => parameter.required === true)
    );
  })
  .map(([path]) => path);
console.log(`Specmatic ${SPECMATIC} against ${baseUrl}: ${paths.length} public reads`);
const run = spawnSync(
  'npx',
  [
    '--yes',
    SPECMATIC,
    'test',
    `--testBaseURL=${baseUrl}`,
    `--filter=METHOD='GET' && STATUS='200' && PATH='${paths.join(',')}'`,
    new URL('openapi/portal.yaml', root).pathname,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 },
);
const summary = run.stdout
  .split('\n')
  .filter((line) => /Tests run:|Unsuccessful|FAILED|Reason/.test(line));
console.log(summary.join('\n'));
process.exit(run.status ?? 1);
