import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import { devServerLogFile } from './log-file.ts';
import {
  apiPort as port,
  apiURL as baseURL,
  deployedSiteDir,
  deployedSites,
  type Topology,
} from './servers.ts';

/** The web app built in mock mode (MSW in the browser, no server), served statically. */
export const mockPort = Number(process.env.E2E_MOCK_PORT ?? 4320);
/**
 * Where the production build goes (relative to packages/web). Several people running journeys
 * at once on one machine give each run its own E2E_PORT and E2E_WEB_DIST.
 */
const webDist = process.env.E2E_WEB_DIST ?? 'dist';
/**
 * E2E_PREBUILT=1: the production build in E2E_WEB_DIST is fresh (the test command's budget step
 * has just made it), so the journeys serve it instead of building it again.
 */
const prebuilt = process.env.E2E_PREBUILT === '1';
const build = prebuilt
  ? ''
  : `pnpm --filter @portal/web exec vite build --outDir ${webDist} && pnpm --filter @portal/web prerender --dist ${webDist} && `;
/** E2E_SKIP_MOCK=1 leaves out the mock-mode build (and its spec) for a quicker local run. */
const skipMock = process.env.E2E_SKIP_MOCK === '1';
/** E2E_SKIP_DEPLOYED=1 leaves out the journeys through nginx (and nginx itself). */
const skipDeployed = process.env.E2E_SKIP_DEPLOYED === '1';
const logFile = devServerLogFile(port);
/**
 * How long a server may take to answer first: a bound for one that never will, not a performance
 * target. The servers start together (and the dev server's may build the app first) on a 2-core
 * machine that may be busy with other work: a minute was missed once by nginx's site (issue 53).
 */
const SERVER_START_MS = 300_000;
const walks = '**/a11y-routes.spec.ts';
/** What a screen reader hears and the accessibility tree's templates: a project of their own. */
const assistive = ['**/screen-reader.spec.ts', '**/aria-snapshots.spec.ts'];

export default defineConfig({
  testDir: './tests',
  // Every test has a sandbox of its own on the one dev server (fixtures.ts, decision 024), laid
  // from the seed: a reset, a clock move or a booking in one never reaches another, so tests run
  // in any order on any worker, and `--shard=1/3` splits them over machines.
  // One worker more than the cores: a test waits on the browser, the dev server and the page's
  // requests in turn, so with a worker per core a fifth of the CPU stays idle (vmstat). Measured
  // on the 2-core machine (session 29, the whole e2e): 310 s with two workers, 254 s with three.
  workers: Number(process.env.E2E_WORKERS ?? availableParallelism() + 1),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['junit', { outputFile: '../reports/e2e-junit.xml' }]],
  // Bounds for a hung step, not performance targets: the suite must pass on a machine twice as
  // slow (two CPU-bound processes beside it).
  timeout: 60_000,
  // The accessibility-tree templates (tests/aria-snapshots.spec.ts) live in e2e/aria/ and match
  // whole: a name, role, level, state or order that changes, or an element added or gone, fails
  // until the template changes with it. E2E_UPDATE_ARIA=1 writes them anew from the pages.
  expect: {
    timeout: 10_000,
    toMatchAriaSnapshot: { pathTemplate: '{testDir}/../aria/{arg}{ext}', children: 'deep-equal' },
  },
  updateSnapshots: 'none',
  use: {
    baseURL,
    // Recording a trace snapshots the page at every action, for every test, costly on a 2-core
    // machine: CI, which retries once, records the retry only.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [walks, ...assistive, ...(skipMock ? ['**/mock-mode.spec.ts'] : [])],
      use: { ...devices['Desktop Chrome'] },
    },
    {
      // The journeys heard by a screen reader (screen-reader.ts) and the accessibility-tree
      // templates (e2e/aria): `--project=assistive` runs them alone after a change to names,
      // roles or announcements.
      name: 'assistive',
      testMatch: assistive,
      use: { ...devices['Desktop Chrome'] },
    },
    {
      // Every route in every role: each role's walk only reads, so they spread over the workers.
      name: 'walks',
      testMatch: walks,
      use: { ...devices['Desktop Chrome'] },
    },
    // The built portal as the clinic deploys it: nginx in front, the dev server as the API host.
    ...(skipDeployed ? [] : (['same-origin', 'cross-origin'] as const).map(deployedProject)),
    // After every journey: the dev server's log must not hold ids, tokens or health answers, and
    // no journey's sandbox is left.
    {
      name: 'logs',
      testDir: './checks',
      testMatch: '*.check.ts',
      dependencies: [
        'chromium',
        'assistive',
        'walks',
        ...(skipDeployed ? [] : ['nginx-same-origin', 'nginx-cross-origin']),
      ],
    },
  ],
  webServer: [
    {
      // Builds the web app; the dev server then serves it (with SPA fallback) beside the API.
      // The deployed sites' pages call it from their origins (CORS; a login returns there). The
      // same-origin site's nginx, on loopback, is its proxy: limits go by the client behind it.
      command: `${build}mkdir -p ${dirname(logFile)} && rm -f ${logFile} && pnpm --filter @portal/devserver start --port ${port} --web-root ../web/${webDist} --log-file ${logFile} --trust-proxy 127.0.0.1 --sandboxes-per-minute 1000 ${Object.values(
        deployedSites,
      )
        .map((site) => `--web-origin ${site.url}`)
        .join(' ')}`,
      // A line per request, for the log scan (checks/log-scan.check.ts).
      env: { LOG_LEVEL: 'info' },
      url: `${baseURL}/docs/json`,
      reuseExistingServer: !process.env.CI,
      timeout: SERVER_START_MS,
      stdout: 'pipe',
    },
    ...(skipMock ? [] : [mockServer()]),
    ...(skipDeployed ? [] : (['same-origin', 'cross-origin'] as const).map(nginxServer)),
  ],
});

function deployedProject(topology: Topology) {
  return {
    name: `nginx-${topology}`,
    testDir: './deployed',
    use: { ...devices['Desktop Chrome'], baseURL: deployedSites[topology].url },
  };
}

/**
 * The build as deployed: `pnpm deploy:nginx` writes the site (after the dev server's entry has
 * built the app, when it does), then nginx serves it in the foreground.
 */
function nginxServer(topology: Topology) {
  const dir = deployedSiteDir(topology);
  const webRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../packages/web', webDist);
  const sameOrigin = topology === 'same-origin' ? ' --same-origin' : '';
  return {
    command: `pnpm -w -s deploy:nginx --allow-dev-api --out ${dir} --listen 127.0.0.1:${deployedSites[topology].port} --api ${baseURL}${sameOrigin} --web-root ${webRoot} && exec nginx -p ${dir} -c ${dir}/nginx.conf -e ${dir}/logs/error.log -g 'daemon off;'`,
    url: `${deployedSites[topology].url}/fi`,
    // deploy:nginx asks the API whether it runs in dev mode: the dev server starts meanwhile.
    env: { DEPLOY_API_WAIT_MS: String(SERVER_START_MS) },
    reuseExistingServer: !process.env.CI,
    timeout: SERVER_START_MS,
  };
}

function mockServer() {
  // `dev:mock` as a production build: nothing but static files; the API is MSW in the page. With
  // E2E_PREBUILT=1 the test command's budget step has built it beside the production build.
  const mockBuild = prebuilt ? '' : 'pnpm --filter @portal/web build:mock && ';
  return {
    command: `${mockBuild}pnpm --filter @portal/web exec vite preview --mode mock --outDir dist-mock --port ${mockPort} --strictPort`,
    url: `http://127.0.0.1:${mockPort}/`,
    reuseExistingServer: !process.env.CI,
    timeout: SERVER_START_MS,
  };
}
