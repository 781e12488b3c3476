import { describe, expect, test, vi } from 'vitest';
import { allLocaleResources, createI18n, featureNamespaces } from './i18n.ts';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('translations', () => {
  test('Finnish, Swedish and English have exactly the same keys in every namespace', async () => {
    const resources = await allLocaleResources();
    const namespaces = Object.keys(resources.fi ?? {});
    expect(namespaces.length).toBeGreaterThan(0);
    for (const namespace of namespaces) {
      const fi = keysOf(resources.fi?.[namespace]).sort();
      expect(keysOf(resources.sv?.[namespace]).sort(), `sv ${namespace}`).toEqual(fi);
      expect(keysOf(resources.en?.[namespace]).sort(), `en ${namespace}`).toEqual(fi);
    }
  });

  test('the language in the path wins over the other detectors and sets <html lang>', () => {
    window.history.replaceState(null, '', '/sv/about?lng=en');
    const i18n = createI18n();
    expect(i18n.resolvedLanguage).toBe('sv');
    expect(document.documentElement.lang).toBe('sv');
  });

  test('a feature namespace loads on demand in the current language only', async () => {
    window.history.replaceState(null, '', '/en/about');
    const i18n = createI18n();
    expect(featureNamespaces).toContain('errors');
    expect(i18n.hasLoadedNamespace('errors')).toBe(false);
    await i18n.loadNamespaces('errors');
    expect(i18n.hasLoadedNamespace('errors')).toBe(true);
    expect(i18n.hasResourceBundle('sv', 'errors')).toBe(false);
  });

  test('without a prefix the lng query parameter decides', () => {
    window.history.replaceState(null, '', '/about?lng=en');
    expect(createI18n().resolvedLanguage).toBe('en');
  });

  test('without a prefix the spec order decides: query, cookie, local storage, session storage, navigator, html tag', () => {
    const navigatorLanguages = vi.spyOn(window.navigator, 'languages', 'get');
    const navigatorLanguage = vi.spyOn(window.navigator, 'language', 'get');
    const clear = () => {
      document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
      localStorage.removeItem('i18nextLng');
      sessionStorage.removeItem('i18nextLng');
      navigatorLanguages.mockReturnValue([]);
      navigatorLanguage.mockReturnValue('');
      document.documentElement.lang = '';
    };
    const resolved = (search = '') => {
      window.history.replaceState(null, '', `/about${search}`);
      const language = createI18n().resolvedLanguage;
      // The detected language is cached in local storage: start every step from the same place.
      return language;
    };
    try {
      // Each step sets one more detector, to a language the higher ones do not name.
      clear();
      document.documentElement.lang = 'sv';
      expect(resolved()).toBe('sv');
      clear();
      document.documentElement.lang = 'sv';
      navigatorLanguages.mockReturnValue(['en-GB']);
      navigatorLanguage.mockReturnValue('en-GB');
      expect(resolved()).toBe('en');
      clear();
      navigatorLanguages.mockReturnValue(['en-GB']);
      sessionStorage.setItem('i18nextLng', 'sv');
      expect(resolved()).toBe('sv');
      clear();
      sessionStorage.setItem('i18nextLng', 'sv');
      localStorage.setItem('i18nextLng', 'en');
      expect(resolved()).toBe('en');
      clear();
      localStorage.setItem('i18nextLng', 'en');
      document.cookie = 'i18next=sv; path=/';
      expect(resolved()).toBe('sv');
      clear();
      document.cookie = 'i18next=sv; path=/';
      expect(resolved('?lng=en')).toBe('en');
      // Nothing at all: Finnish.
      clear();
      expect(resolved()).toBe('fi');
    } finally {
      clear();
      navigatorLanguages.mockRestore();
      navigatorLanguage.mockRestore();
    }
  });
});

describe('shell texts in the browser', () => {
  test('only the detected language is loaded, before the first render (src/app/render.tsx)', async () => {
    // A module of its own: the test setup has loaded all three languages into the shared one.
    vi.resetModules();
    const fresh = await import('./i18n.ts');
    window.history.replaceState(null, '', '/sv/about');
    const i18n = fresh.createI18n();
    expect(i18n.hasResourceBundle('sv', 'app')).toBe(false);
    await i18n.loadNamespaces([...fresh.SHELL_NAMESPACES]);
    for (const namespace of fresh.SHELL_NAMESPACES) {
      expect(i18n.hasResourceBundle('sv', namespace), namespace).toBe(true);
      expect(i18n.hasResourceBundle('fi', namespace), namespace).toBe(false);
      expect(i18n.hasResourceBundle('en', namespace), namespace).toBe(false);
    }
    expect(i18n.resolvedLanguage).toBe('sv');
    const { default: sv } = await import('./locales/sv.json');
    expect(i18n.t('app:brand')).toBe(sv.brand);
  });
});
