import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type Browser } from 'puppeteer-core';
import { buildApp, createSeededState, devSession } from '@portal/devserver/http';
import { deployNginx, startNginx } from '@portal/deploy/nginx';

/**
 * What serves the build: the dev server (its pages and API on one origin), or nginx in front of
 * it as deployed (docs/decisions/026), proxying the API or with the API on its own origin.
 */
export type Server = 'devserver' | 'nginx' | 'nginx-cross-origin';

export function serverOf(value: string | undefined): Server {
  if (value === undefined || value === 'devserver') return 'devserver';
  if (value === 'nginx' || value === 'nginx-cross-origin') return value;
  throw new Error(`unknown server "${value}": devserver, nginx or nginx-cross-origin`);
}

/** A free port on 127.0.0.1 (for nginx, which cannot be asked for one). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface ServedBuild {
  origin: string;
  /** The served state (a walk turns dev mode on for the dev bank broker's few steps). */
  state: ReturnType<typeof createSeededState>;
  /** A signed-in patient's token, for pages that need one. */
  token: string;
  chrome: chromeLauncher.LaunchedChrome;
  browser: Browser;
  close: () => Promise<void>;
}

/**
 * The production build in `dist` served as in production (dev mode off: no QA toolbar, no
 * x-dev-mode true) by the dev server, or by nginx in front of it (`server`), a patient's session
 * made directly, and Debian's Chromium headless with puppeteer connected: what the bench scripts
 * measure pages with.
 */
export async function serveBuild(dist: string, server: Server = 'devserver'): Promise<ServedBuild> {
  const state = createSeededState({ devMode: true });
  const session = devSession(state, 'patient');
  if (!session.ok) throw new Error('no patient test user in the seed');
  state.settings.devMode = false;
  const nginxPort = server === 'devserver' ? null : await freePort();
  const nginxOrigin = nginxPort === null ? null : `http://127.0.0.1:${nginxPort}`;
  const app = await buildApp({
    state,
    webRoot: dist,
    devMode: false,
    webOrigins: nginxOrigin === null ? [] : [nginxOrigin],
  });
  const apiOrigin = await app.listen({ port: 0, host: '127.0.0.1' });
  let origin = apiOrigin;
  let stopNginx = async () => undefined;
  if (nginxPort !== null && nginxOrigin !== null) {
    const out = await mkdtemp(join(tmpdir(), 'portal-nginx-'));
    await deployNginx({
      out,
      listen: `127.0.0.1:${nginxPort}`,
      api: apiOrigin,
      sameOrigin: server === 'nginx',
      webRoot: dist,
    });
    const nginx = await startNginx(out, `${nginxOrigin}/fi`);
    origin = nginxOrigin;
    stopNginx = async () => {
      await nginx.stop();
      await rm(out, { recursive: true, force: true });
    };
  }
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  return {
    origin,
    state,
    token: session.value.access_token,
    chrome,
    browser,
    close: async () => {
      await browser.disconnect();
      chrome.kill();
      await stopNginx();
      await app.close();
    },
  };
}
