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
 * Every `<folder>/locales/<lng>.json` is the namespace named after `<folder>`. The shell's own
 * texts (`app`, `ui`, `shared`) are bundled; a feature's texts load with it, in the current language only,
 * as a chunk of their own (about 1 kB each), so the landing page carries no other screen's texts.
 */
const shellFiles = import.meta.glob<Texts>(
  ['./locales/*.json', '../ui/locales/*.json', '../shared/locales/*.json'],
  { eager: true, import: 'default' },
);
const featureFiles = import.meta.glob<Texts>(
  [
    '../**/locales/*.json',
    '!./locales/*.json',
    '!../ui/locales/*.json',
    '!../shared/locales/*.json',
  ],
  { import: 'default' },
);

/** `[namespace, language]` of a locale file path. */
function localeOf(path: string): [string, string] | null {
  // Files beside this module come as `./locales/…`: they are the `app` namespace.
  const match = /(?:^\.|\/([^/]+))\/locales\/([a-z]{2})\.json$/.exec(path);
  if (match === null || match[2] === undefined) return null;
  return [match[1] ?? 'app', match[2]];
}

function toResources(entries: [string, Texts][]): Resource {
  const resources: Resource = {};
  for (const [path, texts] of entries) {
    const locale = localeOf(path);
    if (locale === null) continue;
    const [namespace, language] = locale;
    resources[language] = { ...resources[language], [namespace]: texts };
  }
  return resources;
}

/** The bundled namespaces (`app`, `ui`, `shared`) in every language. */
export function shellResources(): Resource {
  return toResources(Object.entries(shellFiles));
}

/** Every namespace in every language, loaded at once (for tests and checks, not the app). */
export async function allLocaleResources(): Promise<Resource> {
  const lazy = await Promise.all(
    Object.entries(featureFiles).map(
      async ([path, load]) => [path, await load()] as [string, Texts],
    ),
  );
  return toResources([...Object.entries(shellFiles), ...lazy]);
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

/** An i18next backend reading the feature locale chunks. */
const featureBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    const load = featureLoaders.get(`${language}|${namespace}`);
    if (load === undefined) {
      callback(null, {});
      return;
    }
    load().then(
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
      resources: shellResources(),
      // The bundled shell texts plus the feature chunks read by the backend on demand.
      partialBundledLanguages: true,
      detection,
    });
  const followHtmlLang = (language: string): void => {
    document.documentElement.lang = language.slice(0, 2);
  };
  followHtmlLang(instance.resolvedLanguage ?? DEFAULT_LANGUAGE);
  instance.on('languageChanged', followHtmlLang);
  return instance;
}

/** An instance fixed to one language with every text at hand: for prerendering pages. */
export function createStaticI18n(language: Language, resources: Resource): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({ ...sharedOptions, resources, lng: language });
  return instance;
}
