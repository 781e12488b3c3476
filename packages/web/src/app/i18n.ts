import i18next, {
  type BackendModule,
  type i18n as I18n,
  type InitOptions,
  type Resource,
} from 'i18next';
import LanguageDetector, {
  type CustomDetector,
  type DetectorOptions,
} from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  type Language,
  splitLanguagePrefix,
} from '../shared/language.ts';

type Texts = Record<string, unknown>;

/**
 * Every `<folder>/locales/<lng>.json` is the namespace named after `<folder>`. Every text loads
 * in the current language only: the shell's own (`app`, `ui`, `shared`) as one chunk per language
 * (`./shell-texts/<lng>.ts`), fetched beside the page's route chunk (src/app/render.tsx); a
 * feature's with the feature, as a chunk of its own (about 1 kB each). So a page carries neither
 * the other languages nor another screen's texts.
 */
const shellFiles = import.meta.glob<Record<string, Texts>>('./shell-texts/*.ts', {
  import: 'shellTexts',
});
const featureFiles = import.meta.glob<Texts>(
  [
    '../**/locales/*.json',
    '!./locales/*.json',
    '!../ui/locales/*.json',
    '!../shared/locales/*.json',
  ],
  { import: 'default' },
);

/** The shell's namespaces, in every page. */
export const SHELL_NAMESPACES: readonly string[] = ['app', 'ui', 'shared'];

/** `[namespace, language]` of a feature's locale file path. */
export function localeOf(path: string): [string, string] | null {
  const match = /\/([^/]+)\/locales\/([a-z]{2})\.json$/.exec(path);
  if (match === null || match[1] === undefined || match[2] === undefined) return null;
  return [match[1], match[2]];
}

/** The shell's texts in one language, `{ app, ui, shared }` (one chunk, fetched once). */
function loadShellTexts(language: string): Promise<Record<string, Texts>> | null {
  const load = shellFiles[`./shell-texts/${language}.ts`];
  return load ? load() : null;
}

/** Shell texts loaded ahead by preloadShellTexts: instances created afterwards start with them. */
const shellLoaded: Resource = {};

/**
 * Loads the shell's texts in these languages, so that an instance created afterwards has them
 * from its start, synchronously (tests load all three; the browser loads none ahead).
 */
export async function preloadShellTexts(languages: readonly string[]): Promise<void> {
  await Promise.all(
    languages.map(async (language) => {
      const texts = await loadShellTexts(language);
      if (texts) shellLoaded[language] = texts;
    }),
  );
}

/** Every namespace in every language, loaded at once (for tests and checks, not the app). */
export async function allLocaleResources(): Promise<Resource> {
  const resources: Resource = {};
  const shell = await Promise.all(
    LANGUAGES.map(async (language) => [language, await loadShellTexts(language)] as const),
  );
  for (const [language, texts] of shell) resources[language] = { ...texts };
  const features = await Promise.all(
    Object.entries(featureFiles).map(
      async ([path, load]) => [localeOf(path), await load()] as const,
    ),
  );
  for (const [locale, texts] of features) {
    if (locale === null) continue;
    const [namespace, language] = locale;
    resources[language] = { ...resources[language], [namespace]: texts };
  }
  return resources;
}

const featureLoaders = new Map<string, () => Promise<Texts>>(
  Object.entries(featureFiles).flatMap(([path, load]) => {
    const locale = localeOf(path);
    return locale === null ? [] : [[`${locale[1]}|${locale[0]}`, load] as const];
  }),
);

/** The namespaces a feature can ask for with useTranslation(namespace). */
export const featureNamespaces: readonly string[] = [
  ...new Set([...featureLoaders.keys()].map((key) => key.split('|')[1] ?? '')),
];

/** The app's i18next instance (the last one created), for loading texts beside route chunks. */
let active: I18n | null = null;

/** Starts loading a feature's texts in the current language; never rejects (they suspend later). */
export function preloadFeatureTexts(namespace: string): Promise<void> {
  if (active === null || !featureNamespaces.includes(namespace)) return Promise.resolve();
  return active.loadNamespaces(namespace).catch(() => undefined);
}

/** An i18next backend reading the locale chunks: the shell's one per language, a feature's own. */
const featureBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    const load = SHELL_NAMESPACES.includes(namespace)
      ? () => loadShellTexts(language)?.then((texts) => texts[namespace] ?? {})
      : featureLoaders.get(`${language}|${namespace}`);
    const loading = load?.();
    if (loading === undefined) {
      callback(null, {});
      return;
    }
    loading.then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** The language of the path prefix comes first (spec §2), then spec §9's order. */
const pathDetector: CustomDetector = {
  name: 'path',
  lookup: () => splitLanguagePrefix(window.location.pathname).language ?? undefined,
};

/** The options every instance shares: the languages, namespaces and fallbacks. */
const sharedOptions = {
  supportedLngs: [...LANGUAGES],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  // Every namespace has the same keys in fi, sv and en (a test checks), so a supported
  // language needs no fallback chunk; anything else falls back to Finnish.
  fallbackLng: (code: string | undefined) =>
    isLanguage(code?.slice(0, 2)) ? [] : [DEFAULT_LANGUAGE],
  defaultNS: 'app',
  ns: ['app', 'ui', 'shared'],
  initAsync: false,
  interpolation: { escapeValue: false },
} satisfies InitOptions;

/**
 * The language the browser's detector would choose: the path prefix, then spec §9's order (the
 * lng query, the cookie, local and session storage, the navigator, the HTML tag). The cookie is
 * written as well as local storage so that the server, which sees only the cookie, serves an
 * unprefixed prerendered page in the same language (docs/decisions/012).
 */
const detection = {
  order: [
    'path',
    'querystring',
    'cookie',
    'localStorage',
    'sessionStorage',
    'navigator',
    'htmlTag',
  ],
  lookupQuerystring: 'lng',
  lookupCookie: LANGUAGE_COOKIE,
  caches: ['localStorage', 'cookie'],
  cookieOptions: { path: '/', sameSite: 'lax' },
} satisfies DetectorOptions;

export function createI18n(): I18n {
  const instance = i18next.createInstance();
  active = instance;
  const detector = new LanguageDetector();
  detector.addDetector(pathDetector);
  void instance
    .use(detector)
    .use(featureBackend)
    .use(initReactI18next)
    .init({
      ...sharedOptions,
      ...(Object.keys(shellLoaded).length > 0
        ? {
            // Shell texts loaded ahead (tests): the instance starts with them, at once.
            resources: Object.fromEntries(
              Object.entries(shellLoaded).map(([language, texts]) => [language, { ...texts }]),
            ),
          }
        : // The browser: the language is detected (and stored) and its texts are asked for in
          // the next task, i18next's own (src/app/render.tsx waits a task for it): the app's
          // start is two shorter tasks instead of one long one on a slow phone.
          { initAsync: true }),
      partialBundledLanguages: true,
      detection,
    });
  // Only a change is written: Chromium restyles and lays out the whole page (its text shaped
  // anew for the language) whenever `lang` is set, even to the value it has (about 90 ms of a
  // slow phone's start, twice, on a prerendered page).
  // Only the app's instance writes it: one replaced by a newer (a test's next app) may still be
  // finishing its start.
  const followHtmlLang = (language: string): void => {
    if (active !== instance) return;
    const html = document.documentElement;
    const lang = language.slice(0, 2);
    if (html.lang !== lang) html.lang = lang;
  };
  // The language detected; its texts may still be on their way (then `resolvedLanguage`, which
  // names a language with texts in, is not yet set), or not yet detected (the browser, above):
  // its languageChanged follows.
  const detected = instance.resolvedLanguage ?? instance.language;
  if (detected !== undefined) followHtmlLang(detected);
  instance.on('languageChanged', followHtmlLang);
  return instance;
}

/** An instance fixed to one language with every text at hand: for prerendering pages. */
export function createStaticI18n(language: Language, resources: Resource): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({ ...sharedOptions, resources, lng: language });
  return instance;
}
