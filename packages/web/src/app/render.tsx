import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { readApiBase } from '../shared/api-base.ts';
import { splitLanguagePrefix } from '../shared/language.ts';
import { hasToken } from '../shared/session-storage.ts';
import { createI18n, SHELL_NAMESPACES } from './i18n.ts';
import { preloadRoute } from './routes.tsx';
import { createAppServices } from './services.ts';

/**
 * Whether the page in `root` is a prerendered one the app can take over as it is (hydrate): the
 * visitor's page (no stored token) in the language the app chose. Otherwise the app renders the
 * page anew; the boot script has kept the prerendered content hidden meanwhile.
 */
export function canHydrate(root: HTMLElement, pageLanguage: string, appLanguage: string): boolean {
  return (
    document.documentElement.hasAttribute('data-prerendered') &&
    root.firstElementChild !== null &&
    !hasToken() &&
    pageLanguage === appLanguage
  );
}

/** A new task: what runs after it is a separate piece of work for the browser. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Mounts the portal into `root` (called by src/main.tsx), hydrating a prerendered page. The work
 * is done in stages, each a task of its own (i18next; the services; the route's loading; the
 * texts' loading; hydrating), so that none holds a slow phone's main thread long enough to keep a
 * tap waiting (Lighthouse counts each piece over 50 ms as blocking time).
 */
export async function renderApp(root: HTMLElement): Promise<void> {
  const html = document.documentElement;
  // Read before the app's i18n instance sets it to the language it detects.
  const pageLanguage = html.lang;
  // i18next's start, its language's detection (queued by i18next as the next task, so done when
  // this wait ends) and the app's services (the API client, the query cache, the session's
  // store): a task each.
  const i18n = createI18n();
  await nextTask();
  const services = createAppServices({ baseUrl: readApiBase(), i18n });
  await nextTask();
  // A task of its own: the route's chunks are looked up among the module preloads (a prerendered
  // page's loader has added them; any other page gets one element each, a dozen and more for the
  // booking, on the main thread).
  const routeLoaded = preloadRoute(splitLanguagePrefix(window.location.pathname).rest);
  await nextTask();
  // The shell's texts in the detected language only: fetched beside the route's chunk.
  const textsLoaded = services.i18n.loadNamespaces([...SHELL_NAMESPACES]);
  services.start();
  const app = (
    <StrictMode>
      <App services={services} />
    </StrictMode>
  );
  await textsLoaded;
  if (canHydrate(root, pageLanguage, services.i18n.resolvedLanguage ?? '')) {
    // The page is readable meanwhile; with its module in, it hydrates in one pass, before any
    // data can arrive and change what it shows (queries start when the page has mounted). As a
    // transition, hydrating yields to the browser every few milliseconds instead of holding the
    // main thread (a tap meanwhile hydrates first what it needs). The route module's evaluation
    // (its machines are made as it loads) is a task before.
    await routeLoaded;
    await nextTask();
    startTransition(() => void hydrateRoot(root, app));
    return;
  }
  renderAnew(root, app);
}

/** Renders the app in place of the prerendered page (or into an empty root). */
function renderAnew(root: HTMLElement, app: ReactNode): void {
  const html = document.documentElement;
  root.replaceChildren();
  html.removeAttribute('data-session');
  html.removeAttribute('data-relang');
  // As a transition, the first render too yields to the browser every few milliseconds instead
  // of holding the main thread while the layout and the page render (only the commit is one
  // piece).
  startTransition(() => createRoot(root).render(app));
}
