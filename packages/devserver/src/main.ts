import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MOBILE_TEST_NUMBERS } from './core/auth/logins.ts';
import { NEW_SANDBOXES_PER_MINUTE } from './api/sandboxes.ts';
import { describeBookingSeed } from './core/booking/facts.ts';
import { describeRestoredPresets } from './core/dev/dev.ts';
import { familyTestUsers } from './core/persons/seed.ts';
import { testUsers } from './core/users/seed.ts';
import { createSeededState } from './core/seed.ts';
import { DEFAULT_SEED } from './core/state.ts';
import { buildApp, loggerOptions } from './http/app.ts';

const usage = `Usage: pnpm start [--port 3000] [--host 127.0.0.1] [--data FILE] [--seed N] [--no-dev-mode] [--web-root DIR] [--log-file FILE]
         [--trust-proxy ADDRESS,...] [--web-origin ORIGIN]... [--sandboxes-per-minute N]
  --trust-proxy ADDRESS,...  the proxies in front (addresses, CIDR ranges, loopback): their
                             X-Forwarded-For names the client (rate limits and logs per client),
                             their X-Forwarded-Host and -Proto this server's address. A bare
                             --trust-proxy (or "true") believes host and proto from anyone, and
                             no client address.
  --sandboxes-per-minute N   new sandboxes (X-Dev-Sandbox) one client may start in a minute
                             (default 30); a test suite giving each test its own raises it.
Environment: PORT, HOST, DATA_FILE, SEED, DEV_MODE=false, LOG_LEVEL, LOG_FILE, SANDBOXES_PER_MINUTE,
  TRUST_PROXY (as --trust-proxy), WEB_ORIGINS (comma-separated origins of the web app when it is
  served from elsewhere)`;

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

/** `--trust-proxy` alone (the old flag) stands for `--trust-proxy true`. */
const args = process.argv
  .slice(2)
  .flatMap((arg, i, all) =>
    arg === '--trust-proxy' && (all[i + 1]?.startsWith('--') ?? true)
      ? ['--trust-proxy=true']
      : [arg],
  );

let values;
try {
  ({ values } = parseArgs({
    args,
    options: {
      port: { type: 'string', default: process.env.PORT ?? '3000' },
      host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
      data: { type: 'string', default: process.env.DATA_FILE },
      seed: { type: 'string', default: process.env.SEED ?? String(DEFAULT_SEED) },
      'no-dev-mode': { type: 'boolean', default: process.env.DEV_MODE === 'false' },
      'web-root': { type: 'string' },
      'log-file': { type: 'string', default: process.env.LOG_FILE },
      'trust-proxy': { type: 'string', default: process.env.TRUST_PROXY ?? 'false' },
      'web-origin': {
        type: 'string',
        multiple: true,
        default: (process.env.WEB_ORIGINS ?? '').split(',').filter(Boolean),
      },
      'sandboxes-per-minute': {
        type: 'string',
        default: process.env.SANDBOXES_PER_MINUTE ?? String(NEW_SANDBOXES_PER_MINUTE),
      },
      help: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  console.info(usage);
  process.exit(0);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail(`--port must be a port number, got "${values.port}"`);
const seed = Number(values.seed);
if (!Number.isSafeInteger(seed)) fail(`--seed must be an integer, got "${values.seed}"`);
const devMode = !values['no-dev-mode'];
const newSandboxesPerMinute = Number(values['sandboxes-per-minute']);
if (!Number.isInteger(newSandboxesPerMinute) || newSandboxesPerMinute < 1)
  fail(
    `--sandboxes-per-minute must be a positive integer, got "${values['sandboxes-per-minute']}"`,
  );
const dataFile = values.data ? resolve(values.data) : undefined;
const trustProxy = ((value: string): boolean | string[] => {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
})(values['trust-proxy']);

const state = createSeededState({ seed, devMode });
const restoring = dataFile !== undefined && existsSync(dataFile);
const app = await buildApp({
  state,
  devMode,
  dataFile,
  trustProxy,
  webOrigins: values['web-origin'],
  sandboxes: { newPerMinute: newSandboxesPerMinute },
  webRoot: values['web-root'] ? resolve(values['web-root']) : undefined,
  logger: {
    ...loggerOptions(process.env.LOG_LEVEL ?? 'warn'),
    // The e2e run keeps its log in a file that a check then scans for ids and tokens.
    ...(values['log-file'] ? { file: resolve(values['log-file']) } : {}),
  },
});
const address = await app.listen({ port, host: values.host });

const lines = [
  `Dental portal: ${address}`,
  `  API docs (the contract): ${address}/docs`,
  `  State: ${dataFile ? `${restoring ? 'restored from and ' : ''}saved to ${dataFile}` : 'in memory (--data FILE to keep it)'}; seed ${state.seed}; dev mode ${devMode ? 'on' : 'off'}`,
  // A state file brings back QA's clock and presets of an earlier day: say so (POST
  // /api/dev/reset starts afresh).
  ...(restoring ? describeRestoredPresets(state).map((line) => `  ${line}`) : []),
  ...(trustProxy === true
    ? [
        '  Proxy: X-Forwarded-Host and -Proto believed from any peer; limits are per connecting address (name the proxies, --trust-proxy ADDRESS, to key them by client)',
      ]
    : trustProxy
      ? [`  Proxy: ${trustProxy.join(', ')} trusted for X-Forwarded-For, -Host and -Proto`]
      : []),
];
if (devMode) {
  lines.push(
    '  Test users (log in with bank ID by user name, mobile certificate by phone, or POST /api/dev/session {"user": KEY}):',
  );
  for (const user of [...testUsers, ...familyTestUsers]) {
    lines.push(
      `    ${user.key.padEnd(16)} bank user "${user.bankUser}", phone ${user.phone}  ${user.description}`,
    );
  }
  lines.push(
    `  Mobile certificate: ${MOBILE_TEST_NUMBERS.reject} is rejected, ${MOBILE_TEST_NUMBERS.expire} expires`,
    `  ${describeBookingSeed(state)}`,
    '  QA controls: /api/dev/* (clock, maintenance, scenarios, reset): see /docs, tag "dev"',
  );
} else {
  lines.push(
    '  Dev mode off: no credential-free login. The stand-in bank-ID broker, the simulated mobile',
    '  certificate, the test users and the /api/dev/* controls are dev-mode features (start without',
    '  --no-dev-mode to use them); /docs lists no dev path.',
  );
}
console.info(lines.join('\n'));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
