import { createPortalClient } from '@portal/sdk';
import { createPortalQueryHooks } from '@portal/sdk/query';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from '../app/app.tsx';
import { allLocaleResources, createStaticI18n, localeOf, SHELL_NAMESPACES } from '../app/i18n.ts';
import { VISITOR_VIEW, type AppServices } from '../app/services.ts';
import { splitLanguagePrefix, type Language } from '../shared/language.ts';
import { preloadRoute, routeModule, routeOf, routeTexts } from '../app/routes.tsx';
import { PageHeadContext, type PageHead } from '../shared/page-head.ts';

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  title: string;
  description: string;
}

/**
 * The app's services for a page rendered on the build machine: a visitor, the texts of one
 * language, and a client that never calls (queries wait for the browser; their loading state is
 * what the page shows until then, the same as the browser's first render).
 */
function prerenderServices(
  language: Language,
  resources: Awaited<ReturnType<typeof allLocaleResources>>,
): AppServices {
  const i18n = createStaticI18n(language, resources);
  const client = createPortalClient({
    baseUrl: 'http://prerender.invalid',
    fetch: () => Promise.reject(new Error('A prerendered page makes no calls')),
  });
  const noUser = (): Promise<never> => Promise.reject(new Error('No session while prerendering'));
  return {
    i18n,
    queryClient: new QueryClient(),
    api: { client, $api: createPortalQueryHooks(client) },
    assetUrl: (url) => url,
    sessionStore: {
      getSnapshot: () => VISITOR_VIEW,
      getServerSnapshot: () => VISITOR_VIEW,
      subscribe: () => () => undefined,
    },
    session: {
      user: null,
      currentUser: () => null,
      login: noUser,
      refresh: noUser,
      logout: () => undefined,
      token: () => null,
      forgetToken: () => undefined,
    },
    start: () => () => undefined,
  };
}

let resources: ReturnType<typeof allLocaleResources> | null = null;

/**
 * Renders the app at `url` for a visitor in `language`, waiting for the route's lazy module, as
 * the browser will hydrate it (src/app/render.tsx).
 */
export async function renderPage(
  url: string,
  language: Language,
  descriptionKey: string,
): Promise<RenderedPage> {
  resources ??= allLocaleResources();
  const services = prerenderServices(language, await resources);
  // The screen renders directly, without a boundary, as the browser hydrates it (app/router.tsx).
  await preloadRoute(splitLanguagePrefix(url).rest);
  const head: PageHead = {};
  // An error inside a Suspense boundary would otherwise ship its fallback quietly (and the
  // browser would render that part from scratch): a page that cannot prerender fails the build.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <PageHeadContext.Provider value={(asked) => Object.assign(head, asked)}>
        <App services={services} ssrPath={url} />
      </PageHeadContext.Provider>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  if (errors.length > 0) {
    throw new AggregateError(errors, `${url} failed to prerender: ${String(errors[0])}`);
  }
  const html = await new Response(prelude).text();
  const t = services.i18n.getFixedT(language, 'app');
  return {
    html,
    title: head.title ?? t('brand'),
    description: t(descriptionKey),
  };
}

/** Every locale file (its path only: the build reads none of them here). */
const localeFiles = Object.keys(import.meta.glob('../**/locales/*.json'));

/**
 * The text modules a page in `language` loads with these namespaces: the shell's in one chunk,
 * each feature's in its own (src/app/i18n.ts), as the build's manifest names them
 * (`src/features/booking/locales/fi.json`).
 */
function textModules(namespaces: readonly string[], language: Language): string[] {
  const features = localeFiles.filter((path) => {
    const [namespace, texts] = localeOf(path) ?? [];
    return (
      texts === language &&
      namespace !== undefined &&
      namespaces.includes(namespace) &&
      !SHELL_NAMESPACES.includes(namespace)
    );
  });
  return [`../app/shell-texts/${language}.ts`, ...features].map((path) =>
    new URL(path, 'file:///src/prerender/').pathname.slice(1),
  );
}

/**
 * The modules a page at `url` in `language` loads after the app's entry, as the build's manifest
 * names them: its route's module and the texts of the shell and the route. The prerendered page
 * preloads their chunks (scripts/prerender.ts).
 */
export function pageModules(url: string, language: Language): string[] {
  const route = routeOf(splitLanguagePrefix(url).rest);
  if (route === undefined) return textModules([], language);
  return [routeModule(route), ...textModules(routeTexts(route), language)];
}
