import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type Browser } from 'puppeteer-core';
import { buildApp, createSeededState, devSession } from '@portal/devserver/http';

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
 * The production build in `dist` served by the dev server as in production (dev mode off: no QA
 * toolbar, no x-dev-mode true), a patient's session made directly, and Debian's Chromium headless
 * with puppeteer connected: what the bench scripts measure pages with.
 */
export async function serveBuild(dist: string): Promise<ServedBuild> {
  const state = createSeededState({ devMode: true });
  const session = devSession(state, 'patient');
  if (!session.ok) throw new Error('no patient test user in the seed');
  state.settings.devMode = false;
  const app = await buildApp({ state, webRoot: dist, devMode: false });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
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
      await app.close();
    },
  };
}
