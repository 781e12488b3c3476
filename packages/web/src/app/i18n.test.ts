import { waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { allLocaleResources, createI18n, featureNamespaces } from './i18n.ts';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** `[key, text]` for every text of a namespace, keys dotted as i18next reads them. */
function textsOf(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    textsOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** The value at a dotted key, or undefined. */
function textAt(texts: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (value, part) =>
        typeof value === 'object' && value !== null
          ? (value as Record<string, unknown>)[part]
          : undefined,
      texts,
    );
}

/**
 * Texts that are the same in Swedish or English as in Finnish on purpose (issue 29 item 6), by
 * `namespace:key`. Texts without words (only interpolations and punctuation) need no entry.
 */
const SAME_AS_FINNISH: Record<string, { languages: ('sv' | 'en')[]; why: string }> = {
  // Each language is named in its own language in every locale, so that its speakers find it.
  'app:language.fi': { languages: ['sv', 'en'], why: 'language name' },
  'app:language.sv': { languages: ['sv', 'en'], why: 'language name' },
  'app:language.en': { languages: ['sv', 'en'], why: 'language name' },
  'settings:language.fi': { languages: ['sv', 'en'], why: 'language name' },
  'settings:language.sv': { languages: ['sv', 'en'], why: 'language name' },
  'settings:language.en': { languages: ['sv', 'en'], why: 'language name' },
  // "Chat" is English, and the word Finnish uses too (Swedish writes "Chatt").
  'app:nav.items.chat': { languages: ['en'], why: 'same word' },
  'chat:title': { languages: ['en'], why: 'same word' },
  'home:home.choices.chat.title': { languages: ['en'], why: 'same word' },
  'home:about.topics.chat.title': { languages: ['en'], why: 'same word' },
  // Medical names spelt alike: Swedish "astma" and "diabetes", English "diabetes"; HIV is an
  // abbreviation in all three.
  'anamnesis:conditions.asthma': { languages: ['sv'], why: 'same word' },
  'anamnesis:conditions.diabetes': { languages: ['sv', 'en'], why: 'same word' },
  'anamnesis:conditions.hiv': { languages: ['sv', 'en'], why: 'abbreviation' },
  // The held time's countdown: "9 min 41 s" is written alike in all three (SI abbreviations).
  'booking-steps:hold.minutesSeconds': { languages: ['sv', 'en'], why: 'unit abbreviations' },
  'booking-steps:hold.seconds': { languages: ['sv', 'en'], why: 'unit abbreviations' },
  'booking-steps:hold.minutes': { languages: ['sv', 'en'], why: 'unit abbreviations' },
};

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

  test('every Finnish key has a Swedish and an English text, and none of the three is empty', async () => {
    const resources = await allLocaleResources();
    const empty: string[] = [];
    for (const namespace of Object.keys(resources.fi ?? {})) {
      for (const [key] of textsOf(resources.fi?.[namespace])) {
        for (const language of ['fi', 'sv', 'en'] as const) {
          const text = textAt(resources[language]?.[namespace], key);
          if (typeof text !== 'string' || text.trim() === '') {
            empty.push(`${language} ${namespace}:${key}`);
          }
        }
      }
    }
    expect(empty).toEqual([]);
  });

  test('no Swedish or English text is left as the Finnish one, unless it is the same word on purpose', async () => {
    const resources = await allLocaleResources();
    const same: string[] = [];
    const allowedUsed = new Set<string>();
    for (const namespace of Object.keys(resources.fi ?? {})) {
      for (const [key, finnish] of textsOf(resources.fi?.[namespace])) {
        // Only interpolations and punctuation ('{{from}}–{{to}}', '{{name}}, {{city}}'): no words.
        if (!/\p{L}/u.test(finnish.replace(/\{\{[^}]*\}\}/g, ''))) continue;
        for (const language of ['sv', 'en'] as const) {
          if (textAt(resources[language]?.[namespace], key) !== finnish) continue;
          const id = `${namespace}:${key}`;
          if (SAME_AS_FINNISH[id]?.languages.includes(language))
            allowedUsed.add(`${language} ${id}`);
          else same.push(`${language} ${id}: "${finnish}"`);
        }
      }
    }
    expect(same).toEqual([]);
    const stale = Object.entries(SAME_AS_FINNISH).flatMap(([id, { languages }]) =>
      languages
        .filter((language) => !allowedUsed.has(`${language} ${id}`))
        .map((l) => `${l} ${id}`),
    );
    expect(stale, 'allow-list entries whose text is no longer the Finnish one').toEqual([]);
  });

  test('the language in the path wins over the other detectors and sets <html lang>', () => {
    window.history.replaceState(null, '', '/sv/about?lng=en');
    const i18n = createI18n();
    expect(i18n.resolvedLanguage).toBe('sv');
    expect(document.documentElement.lang).toBe('sv');
  });

  test.each([
    { page: 'en', path: '/en/reservation', changes: [] },
    { page: 'fi', path: '/en/reservation', changes: ['en'] },
    { page: 'sv', path: '/reservation?lng=fi', changes: ['fi'] },
  ])(
    'a page in $page at $path: <html lang> changes only to the language detected ($changes), also while its texts load',
    async ({ page, path, changes }) => {
      // As in the browser: no shell texts loaded ahead (the test setup loads them all).
      vi.resetModules();
      const fresh = await import('./i18n.ts');
      window.history.replaceState(null, '', path);
      document.documentElement.lang = page;
      const seen: string[] = [];
      const observer = new MutationObserver((records) => {
        seen.push(...records.map(() => document.documentElement.lang));
      });
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
      try {
        const i18n = fresh.createI18n();
        // As the browser has it: detected in i18next's next task, then the texts come.
        expect(i18n.language).toBeUndefined();
        await new Promise((resolve) => setTimeout(resolve, 0));
        expect(i18n.language).toBe(changes.at(-1) ?? page);
        await waitFor(() => expect(i18n.resolvedLanguage).toBe(changes.at(-1) ?? page));
        await new Promise((resolve) => setTimeout(resolve, 0));
        // Chromium lays the whole page out anew at each write, even of the same value.
        expect(seen).toEqual(changes);
        expect(document.documentElement.lang).toBe(changes.at(-1) ?? page);
      } finally {
        observer.disconnect();
      }
    },
  );

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
    // The language is detected in the next task; render.tsx asks for the texts after it.
    await new Promise((resolve) => setTimeout(resolve, 0));
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
