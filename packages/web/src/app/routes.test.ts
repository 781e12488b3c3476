import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { createI18n } from './i18n.ts';
import { preloadRoute, routeModule, routeOf, routes, routeScreen, routeTexts } from './routes.tsx';

const src = `${resolve(dirname(fileURLToPath(import.meta.url)), '..')}/`;

/** The namespaces bundled with the shell: always at hand. */
const SHELL_TEXTS = ['app', 'ui', 'shared'];

/**
 * Settles an instance's start: its first `languageChanged` (which sets the page's `lang`) comes
 * in a later task, and a test that ended before it would see it land after the page was gone.
 */
function started(i18n: ReturnType<typeof createI18n>): Promise<void> {
  if (i18n.isInitialized) return Promise.resolve();
  return new Promise((done) => {
    i18n.on('initialized', () => done());
  });
}

/**
 * The files a module brings with it: its static value imports, followed (relative ones only:
 * packages have no texts). `import type` and dynamic `import()` (a chunk of its own, rendered in
 * a Suspense boundary of its own) are not followed.
 */
function staticClosure(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = readFileSync(entry, 'utf8');
  const specifiers = [
    ...code.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+'(\.[^']+)'/gms),
    ...code.matchAll(/^import\s+'(\.[^']+)'/gm),
  ].map((match) => match[1] ?? '');
  for (const specifier of specifiers) {
    const file = resolve(dirname(entry), specifier);
    if (/\.tsx?$/.test(file) && existsSync(file)) staticClosure(file, seen);
  }
  return seen;
}

/** The namespaces a file asks for with `useTranslation('…')` or `useTranslation(['…', …])`. */
function namespacesUsed(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)].flatMap((match) =>
    [...(match[1] ?? '').matchAll(/'([^']+)'/g)].map((name) => name[1] ?? ''),
  );
}

describe('route preloading', () => {
  test('a route arrives with its texts and those of the shared panels it shows', async () => {
    window.history.replaceState(null, '', '/en/reservations');
    const i18n = createI18n();
    expect(i18n.hasLoadedNamespace('reservations')).toBe(false);
    expect(i18n.hasLoadedNamespace('waitlist')).toBe(false);
    await preloadRoute('/reservations');
    // Loaded only when a panel first rendered, the waitlist texts would suspend the page, which
    // has no boundary of its own once loaded, and hide it behind the app's loading state.
    expect(i18n.hasLoadedNamespace('reservations')).toBe(true);
    expect(i18n.hasLoadedNamespace('waitlist')).toBe(true);
    expect(i18n.hasResourceBundle('fi', 'waitlist')).toBe(false);
  });

  test('every route names its module as the build does: the module its screen comes from', async () => {
    window.history.replaceState(null, '', '/en/about');
    await started(createI18n());
    for (const route of routes) {
      const path = (route.paths[0] ?? '').replace(/:\w+|\*/g, 'x');
      expect(routeOf(path), path).toBe(route);
      await preloadRoute(path);
      const module = (await import(/* @vite-ignore */ join(src, '..', routeModule(route)))) as {
        default: unknown;
      };
      expect(routeScreen(route), `${route.id}: ${routeModule(route)}`).toBe(module.default);
    }
  }, 60_000);

  test('an unknown path loads nothing and still resolves', async () => {
    window.history.replaceState(null, '', '/en/nowhere');
    const i18n = createI18n();
    await expect(preloadRoute('/nowhere')).resolves.toBeUndefined();
    expect(i18n.hasLoadedNamespace('reservations')).toBe(false);
    await started(i18n);
  });

  test('every route loads with its module all the texts its screen renders without a boundary', () => {
    // A loaded screen renders without a Suspense boundary of its own: a namespace that arrives
    // only when a statically imported component first renders hides the whole page meanwhile.
    const texts = new Map<string, Set<string>>();
    for (const route of routes) {
      const [feature, ...more] = routeTexts(route);
      if (feature === undefined) continue;
      texts.set(feature, new Set([...(texts.get(feature) ?? []), feature, ...more]));
    }
    expect(texts.size).toBeGreaterThan(10);
    const missing = new Set<string>();
    for (const [feature, loaded] of texts) {
      const folder = join(src, 'features', feature, 'routes');
      for (const name of readdirSync(folder).filter((file) => file.endsWith('-route.tsx'))) {
        for (const file of staticClosure(join(folder, name))) {
          for (const namespace of namespacesUsed(file)) {
            if (!SHELL_TEXTS.includes(namespace) && !loaded.has(namespace)) {
              missing.add(`${name} → ${file.slice(src.length)}: '${namespace}'`);
            }
          }
        }
      }
    }
    expect([...missing]).toEqual([]);
  });
});
