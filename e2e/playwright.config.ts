import { dirname } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import { devServerLogFile } from './log-file.ts';

const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${port}`;
/**
 * The role walks (every route in every role, axe and console checks) only read: they run beside
 * the journeys, in a second worker against their own dev server, so no journey's reset or clock
 * move reaches them.
 */
export const walkPort = Number(process.env.E2E_WALK_PORT ?? port + 1);
const walkURL = `http://127.0.0.1:${walkPort}`;
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
const logFile = devServerLogFile(port);
const walkLogFile = devServerLogFile(walkPort);
const walks = '**/a11y-routes.spec.ts';

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // Two workers, one per project: the journeys share one dev server and some reset it (which ends
  // every session), so they run one at a time; the role walks run beside them on their own server.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['junit', { outputFile: '../reports/e2e-junit.xml' }]],
  timeout: 30_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [walks, ...(skipMock ? ['**/mock-mode.spec.ts'] : [])],
      workers: 1,
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'walks',
      testMatch: walks,
      workers: 1,
      use: { ...devices['Desktop Chrome'], baseURL: walkURL },
    },
    // After every journey: the dev servers' logs must not hold ids, tokens or health answers.
    {
      name: 'logs',
      testDir: './checks',
      testMatch: '*.check.ts',
      dependencies: ['chromium', 'walks'],
    },
  ],
  webServer: [
    {
      // Builds the web app; the dev server then serves it (with SPA fallback) beside the API.
      command: `${build}mkdir -p ${dirname(logFile)} && rm -f ${logFile} && pnpm --filter @portal/devserver start --port ${port} --web-root ../web/${webDist} --log-file ${logFile}`,
      // A line per request, for the log scan (checks/log-scan.check.ts).
      env: { LOG_LEVEL: 'info' },
      url: `${baseURL}/docs/json`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: 'pipe',
    },
    {
      // Started after the first (web servers start in order), so the build is there to serve.
      command: `rm -f ${walkLogFile} && pnpm --filter @portal/devserver start --port ${walkPort} --web-root ../web/${webDist} --log-file ${walkLogFile}`,
      env: { LOG_LEVEL: 'info' },
      url: `${walkURL}/docs/json`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
    ...(skipMock ? [] : [mockServer()]),
  ],
});

function mockServer() {
  // `dev:mock` as a production build: nothing but static files; the API is MSW in the page.
  return {
    command: `pnpm --filter @portal/web exec vite build --mode mock --outDir dist-mock && pnpm --filter @portal/web exec vite preview --outDir dist-mock --port ${mockPort} --strictPort`,
    url: `http://127.0.0.1:${mockPort}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  };
}
