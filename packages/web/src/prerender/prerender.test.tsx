import { createMockServer } from '@portal/devserver/msw/node';
import { waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// Installs the jsdom stand-ins (ResizeObserver, matchMedia…) that Radix needs.
import '../ui/test-utils.tsx';
import { App } from '../app/app.tsx';
import { canHydrate } from '../app/render.tsx';
import { preloadRoute } from '../app/routes.tsx';
import { createAppServices } from '../app/services.ts';
import enApp from '../app/locales/en.json';
import fiApp from '../app/locales/fi.json';
import svApp from '../app/locales/sv.json';
import { splitLanguagePrefix, type Language } from '../shared/language.ts';
import {
  APP_STARTED_EVENT,
  appLoaderScript,
  BOOT_SCRIPT,
  PAGE_PRELOAD_META,
} from './boot-script.ts';
import { PRERENDERED_PAGES, prerenderTargets } from './pages.ts';
import { pageModules, renderPage, type RenderedPage } from './render-page.tsx';

const appTexts = { fi: fiApp, sv: svApp, en: enApp };

function parse(html: string): Document {
  return new DOMParser().parseFromString(`<div id="root">${html}</div>`, 'text/html');
}

function headingOf(html: string): string {
  return parse(html).querySelector('h1')?.textContent ?? '';
}

describe('prerendered pages', () => {
  it('are the nine public pages in three languages, with and without the prefix', () => {
    const targets = prerenderTargets();
    expect(targets).toHaveLength(PRERENDERED_PAGES.length * 3 * 2);
    expect(new Set(targets.map((target) => target.file)).size).toBe(targets.length);
    expect(targets.filter((target) => target.prefixed).map((target) => target.url)).toContain(
      '/sv/reservation',
    );
    expect(targets.find((target) => target.url === '/fi')?.path).toBe('/');
  });

  it("name the modules each page loads after the entry, as the build's manifest does, in the page's language", () => {
    expect(pageModules('/sv/reservation', 'sv')).toEqual([
      'src/features/booking/routes/reservation-route.tsx',
      'src/app/shell-texts/sv.ts',
      'src/features/booking/locales/sv.json',
    ]);
    // A route's other texts come with it; an unknown page has the shell's only.
    expect(pageModules('/reservations', 'fi')).toEqual([
      'src/features/reservations/routes/reservations-route.tsx',
      'src/app/shell-texts/fi.ts',
      'src/features/reservations/locales/fi.json',
      'src/shared/calendar-file/locales/fi.json',
      'src/shared/waitlist/locales/fi.json',
    ]);
    expect(pageModules('/nowhere', 'en')).toEqual(['src/app/shell-texts/en.ts']);
    // Every module named is a file of the source tree (the build fails on one it has not).
    const sources = new Set(
      Object.keys(import.meta.glob(['../**/*.tsx', '../**/*.ts', '../**/locales/*.json'])).map(
        (path) => new URL(path, 'file:///src/prerender/').pathname.slice(1),
      ),
    );
    for (const target of prerenderTargets()) {
      for (const module of pageModules(target.url, target.language)) {
        expect(sources, `${target.url}: ${module}`).toContain(module);
      }
    }
  });

  it('render every page in its language with a heading, a title and a description', async () => {
    const headings = new Map<string, Set<string>>();
    for (const target of prerenderTargets().filter((candidate) => candidate.prefixed)) {
      const page = await renderPage(target.url, target.language, target.description);
      const heading = headingOf(page.html);
      expect(heading, target.url).not.toBe('');
      expect(page.title, target.url).not.toBe('');
      const key = target.description.replace('meta.', '') as keyof typeof fiApp.meta;
      expect(page.description).toBe(appTexts[target.language].meta[key]);
      headings.set(target.path, (headings.get(target.path) ?? new Set()).add(heading));
    }
    // Each page's heading differs between fi, sv and en: the texts are really translated.
    for (const [path, texts] of headings) expect(texts.size, path).toBe(3);
  });

  it('render the real text of the landing page, the booking start and the login', async () => {
    expect(headingOf((await renderPage('/fi', 'fi', 'meta.home')).html)).toBe(
      'Hyvä suunterveys alkaa helposta ajanvarauksesta',
    );
    const booking = parse((await renderPage('/sv/reservation', 'sv', 'meta.reservation')).html);
    expect(booking.querySelector('h1')?.textContent).toBe('Boka tid');
    expect(booking.body.textContent).toContain('Vem betalar behandlingen?');
    const login = await renderPage('/en/login', 'en', 'meta.login');
    expect(headingOf(login.html)).toBe('Log in');
    expect(login.title).toBe('Log in');
  });

  it('link within the prefix, or without one on an unprefixed page', async () => {
    const prefixed = parse((await renderPage('/sv/about', 'sv', 'meta.about')).html);
    const unprefixed = parse((await renderPage('/about', 'sv', 'meta.about')).html);
    const hrefs = (doc: Document) =>
      [...doc.querySelectorAll('#root a[href^="/"]')].map((a) => a.getAttribute('href') ?? '');
    expect(hrefs(prefixed).filter((href) => !/^\/(fi|sv|en)(\/|$)/.test(href))).toEqual([]);
    // The language toggle and the menu's languages name prefixed pages; every other link keeps to
    // no prefix.
    const inApp = hrefs(unprefixed).filter((href) => !/^\/(fi|sv|en)\/about$/.test(href));
    expect(inApp.length).toBeGreaterThan(3);
    expect(inApp.filter((href) => /^\/(fi|sv|en)(\/|$)/.test(href))).toEqual([]);
  });
});

describe('the boot script and the choice to hydrate', () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-prerendered');
    document.documentElement.removeAttribute('data-session');
    document.documentElement.removeAttribute('data-relang');
    document.cookie = 'i18next=; max-age=0; path=/';
  });

  const runBootScript = (path: string, lang: Language) => {
    window.history.replaceState(null, '', path);
    document.documentElement.lang = lang;
    new Function(BOOT_SCRIPT)();
  };

  it('marks a stored token, and an unprefixed page whose stored language is another', () => {
    runBootScript('/about', 'fi');
    expect(document.documentElement.hasAttribute('data-session')).toBe(false);
    expect(document.documentElement.hasAttribute('data-relang')).toBe(false);

    localStorage.setItem('i18nextLng', 'sv');
    runBootScript('/sv/about', 'sv');
    expect(document.documentElement.hasAttribute('data-relang')).toBe(false);
    runBootScript('/about', 'fi');
    expect(document.documentElement.hasAttribute('data-relang')).toBe(true);
    document.documentElement.removeAttribute('data-relang');
    // A prefixed page is in its prefix's language whatever is stored.
    runBootScript('/fi/about', 'fi');
    expect(document.documentElement.hasAttribute('data-relang')).toBe(false);
    // The cookie comes first, as for i18next (and the server chose by it).
    document.cookie = 'i18next=fi; path=/';
    runBootScript('/about', 'fi');
    expect(document.documentElement.hasAttribute('data-relang')).toBe(false);

    localStorage.setItem('access_token', 'token');
    runBootScript('/fi', 'fi');
    expect(document.documentElement.getAttribute('data-session')).toBe('stored');
  });

  it('stores the language of a prefixed page as the app would, before any app has started', () => {
    runBootScript('/sv/about', 'sv');
    expect(localStorage.getItem('i18nextLng')).toBe('sv');
    expect(document.cookie).toContain('i18next=sv');
    // The server chooses the unprefixed page by that cookie; the page then needs no relanguage.
    runBootScript('/about', 'sv');
    expect(document.documentElement.hasAttribute('data-relang')).toBe(false);
    runBootScript('/en', 'en');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(document.cookie).toContain('i18next=en');
    // An unprefixed page stores nothing: its language was chosen, not asked for.
    localStorage.clear();
    document.cookie = 'i18next=; max-age=0; path=/';
    runBootScript('/about', 'fi');
    expect(localStorage.getItem('i18nextLng')).toBeNull();
    expect(document.cookie).not.toContain('i18next=');
  });

  it('starts the app after the first paint, at once when the page shows nothing readable', () => {
    vi.useFakeTimers();
    const started = () =>
      [...document.head.querySelectorAll('script[src="/assets/entry.js"]')].length;
    const loader = appLoaderScript('/assets/entry.js', ['/assets/shared.js']);
    try {
      // jsdom reports no paint: the fallback, two frames and half a second, starts it.
      new Function(loader)();
      expect(started()).toBe(0);
      vi.advanceTimersByTime(600);
      expect(started()).toBe(1);
      const preload = document.head.querySelector('link[rel="modulepreload"]');
      expect(preload?.getAttribute('href')).toBe('/assets/shared.js');
      expect(preload?.getAttribute('crossorigin')).toBe('');
      // The boot script hid the content (another user's page follows): nothing to wait for.
      document.documentElement.setAttribute('data-session', 'stored');
      new Function(loader)();
      expect(started()).toBe(2);
    } finally {
      // The app "started": these loaders hold no more clicks.
      window.dispatchEvent(new Event(APP_STARTED_EVENT));
      document.head.querySelectorAll('script[src], link[rel="modulepreload"]').forEach((node) => {
        node.remove();
      });
      vi.useRealTimers();
    }
  });

  it("preloads the entry's chunks, then the page's own, six per task", () => {
    vi.useFakeTimers();
    const meta = document.createElement('meta');
    meta.name = PAGE_PRELOAD_META;
    meta.content = '/assets/route.js /assets/step.js /assets/fi-texts.js';
    document.head.append(meta);
    const preloaded = () =>
      [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
        link.getAttribute('href'),
      );
    const entryChunks = ['/assets/a.js', '/assets/b.js', '/assets/c.js', '/assets/d.js'];
    try {
      document.documentElement.setAttribute('data-session', 'stored');
      new Function(appLoaderScript('/assets/entry.js', entryChunks))();
      expect(document.head.querySelector('script[src="/assets/entry.js"]')).not.toBeNull();
      expect(preloaded()).toEqual([...entryChunks, '/assets/route.js', '/assets/step.js']);
      vi.advanceTimersByTime(0);
      expect(preloaded()).toEqual([
        ...entryChunks,
        '/assets/route.js',
        '/assets/step.js',
        '/assets/fi-texts.js',
      ]);
    } finally {
      window.dispatchEvent(new Event(APP_STARTED_EVENT));
      document.documentElement.removeAttribute('data-session');
      meta.remove();
      document.head.querySelectorAll('script[src], link[rel="modulepreload"]').forEach((node) => {
        node.remove();
      });
      vi.useRealTimers();
    }
  });

  it('starts a page complete as HTML on the first sign of use, and hands on a held click', () => {
    const started = () => document.head.querySelectorAll('script[src="/assets/entry.js"]').length;
    const html = document.documentElement;
    html.setAttribute('data-start', 'intent');
    document.body.innerHTML =
      '<button type="button">Menu</button><a href="#elsewhere">Link</a><p>Text</p>';
    const button = document.querySelector('button');
    const clicks = vi.fn();
    button?.addEventListener('click', clicks);
    vi.useFakeTimers();
    try {
      new Function(appLoaderScript('/assets/entry.js', []))();
      // A reader who only reads runs nothing, however long they read.
      vi.advanceTimersByTime(60_000);
      expect(started()).toBe(0);
      // A click before the app has started is held (a link's is not) and starts it.
      document.querySelector('a')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      expect(started()).toBe(0);
      button?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      expect(started()).toBe(1);
      expect(clicks).not.toHaveBeenCalled();
      // Once the app has the page, the button gets the click, once; later clicks go straight.
      window.dispatchEvent(new Event(APP_STARTED_EVENT));
      expect(clicks).toHaveBeenCalledTimes(1);
      button?.click();
      expect(clicks).toHaveBeenCalledTimes(2);

      // Any other sign of use starts it too: a key, a focus, a touch, a pointer.
      const moved = (movementX: number) =>
        Object.assign(new Event('mousemove', { bubbles: true }), { movementX, movementY: 0 });
      for (const event of ['keydown', 'focusin', 'touchstart', 'pointerdown'].map(
        (type) => new Event(type, { bubbles: true }),
      )) {
        new Function(appLoaderScript('/assets/entry.js', []))();
        const before = started();
        document.body.dispatchEvent(event);
        expect(started(), event.type).toBe(before + 1);
      }
      // A mouse move, if the pointer moved: a browser sends one without movement when the page
      // under a resting pointer is laid out, which is no sign of use.
      new Function(appLoaderScript('/assets/entry.js', []))();
      const beforeMove = started();
      document.body.dispatchEvent(moved(0));
      expect(started(), 'a mouse move without movement').toBe(beforeMove);
      document.body.dispatchEvent(moved(3));
      expect(started(), 'a mouse move').toBe(beforeMove + 1);
      // In dev mode (the dev server marks the page) it starts after the paint: the QA toolbar
      // shows (jsdom reports no paint: the fallback starts it).
      html.setAttribute('data-dev-mode', '');
      const before = started();
      new Function(appLoaderScript('/assets/entry.js', []))();
      expect(started()).toBe(before);
      vi.advanceTimersByTime(600);
      expect(started()).toBe(before + 1);
    } finally {
      window.dispatchEvent(new Event(APP_STARTED_EVENT));
      html.removeAttribute('data-start');
      html.removeAttribute('data-dev-mode');
      document.head.querySelectorAll('script[src]').forEach((node) => node.remove());
      document.body.replaceChildren();
      vi.useRealTimers();
    }
  });

  it('hydrates only a prerendered visitor page in the language the app chose', () => {
    const root = document.createElement('div');
    expect(canHydrate(root, 'fi', 'fi')).toBe(false);
    root.innerHTML = '<div>page</div>';
    expect(canHydrate(root, 'fi', 'fi')).toBe(false);
    document.documentElement.setAttribute('data-prerendered', '');
    expect(canHydrate(root, 'fi', 'fi')).toBe(true);
    expect(canHydrate(root, 'fi', 'sv')).toBe(false);
    localStorage.setItem('access_token', 'token');
    expect(canHydrate(root, 'fi', 'fi')).toBe(false);
  });
});

const HYDRATED = ['/fi', '/en/login', '/sv/reservation', '/fi/change-reservation', '/en/terms'];

describe('hydrating a prerendered page', () => {
  // Rendered before any hydration: the server and the client renderer must not run at once.
  const pages = new Map<string, RenderedPage>();
  beforeAll(async () => {
    for (const url of HYDRATED) {
      const target = prerenderTargets().find((candidate) => candidate.url === url);
      if (target === undefined) throw new Error(`${url} is not a prerendered page`);
      pages.set(url, await renderPage(url, target.language, target.description));
    }
  });
  let root: Root | null = null;
  let close: (() => void) | null = null;
  // React's development build marks a context with the last renderer that provided it, and the
  // server renderer above leaves its mark: a test-only artefact of both renderers in one process
  // (the browser has only the client one). Every other console error still shows.
  const consoleError = console.error.bind(console);
  beforeAll(() => {
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (String(args[0]).startsWith('Detected multiple renderers concurrently')) return;
      consoleError(...args);
    });
  });
  afterAll(() => vi.restoreAllMocks());
  afterEach(() => {
    root?.unmount();
    root = null;
    close?.();
    close = null;
    document.body.replaceChildren();
  });

  it.each(HYDRATED)(
    '%s hydrates without a mismatch, keeping the prerendered nodes while its data arrives',
    async (url) => {
      const page = pages.get(url);
      if (page === undefined) throw new Error(`${url} was not prerendered`);

      const origin = window.location.origin;
      const mock = createMockServer({ baseUrl: origin });
      mock.server.listen({ onUnhandledRequest: 'error' });
      close = () => mock.server.close();
      localStorage.clear();
      localStorage.setItem('devMode', 'false');
      window.history.replaceState(null, '', url);
      const container = document.createElement('div');
      container.innerHTML = page.html;
      document.body.append(container);
      const heading = container.querySelector('h1');
      const data = vi.fn();
      mock.server.events.on('response:mocked', data);

      const services = createAppServices({ baseUrl: origin });
      await preloadRoute(splitLanguagePrefix(url).rest);
      const mismatches: unknown[] = [];
      root = hydrateRoot(
        container,
        <StrictMode>
          <App services={services} />
        </StrictMode>,
        { onRecoverableError: (error) => mismatches.push(error) },
      );
      // The page's calls are answered (its data shown) and it stays the same nodes.
      await waitFor(() => expect(data).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(mismatches).toEqual([]);
      expect(heading?.isConnected).toBe(true);
      expect(container.querySelector('h1')).toBe(heading);
    },
  );
});
