import i18next, { type i18n as I18n, type Resource } from 'i18next';
import LanguageDetector, { type CustomDetector } from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, splitLanguagePrefix } from '../lib/language.ts';

type Texts = Record<string, unknown>;

/** Every `<folder>/locales/<lng>.json` is the namespace named after `<folder>`. */
const files = import.meta.glob<Texts>('../**/locales/*.json', { eager: true, import: 'default' });

export function localeResources(): Resource {
  const resources: Resource = {};
  for (const [path, texts] of Object.entries(files)) {
    // Files beside this module come as `./locales/…`: they are the `app` namespace.
    const match = /(?:^\.|\/([^/]+))\/locales\/([a-z]{2})\.json$/.exec(path);
    const namespace = match === null ? undefined : (match[1] ?? 'app');
    const language = match?.[2];
    if (namespace === undefined || language === undefined) continue;
    resources[language] = { ...resources[language], [namespace]: texts };
  }
  return resources;
}

/** The language of the path prefix comes first (spec §2), then spec §9's order. */
const pathDetector: CustomDetector = {
  name: 'path',
  lookup: () => splitLanguagePrefix(window.location.pathname).language ?? undefined,
};

export function createI18n(): I18n {
  const instance = i18next.createInstance();
  const detector = new LanguageDetector();
  detector.addDetector(pathDetector);
  void instance
    .use(detector)
    .use(initReactI18next)
    .init({
      resources: localeResources(),
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: DEFAULT_LANGUAGE,
      defaultNS: 'app',
      ns: Object.keys(localeResources()[DEFAULT_LANGUAGE] ?? {}),
      initAsync: false,
      interpolation: { escapeValue: false },
      detection: {
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
        caches: ['localStorage'],
      },
    });
  const followHtmlLang = (language: string): void => {
    document.documentElement.lang = language.slice(0, 2);
  };
  followHtmlLang(instance.resolvedLanguage ?? DEFAULT_LANGUAGE);
  instance.on('languageChanged', followHtmlLang);
  return instance;
}
