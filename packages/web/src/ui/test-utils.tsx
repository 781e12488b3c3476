import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import fi from './locales/fi.json';
import sv from './locales/sv.json';

/** jsdom lacks a few browser APIs that Radix and sonner call; harmless stand-ins for tests. */
function installBrowserStubs(): void {
  if (typeof window === 'undefined') return;
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
  }
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
  if (!Element.prototype.hasPointerCapture) Element.prototype.hasPointerCapture = () => false;
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
}
installBrowserStubs();

export type Language = 'fi' | 'sv' | 'en';

/** More namespaces for a test: `{ shared: { fi, sv, en } }`. */
export type TestNamespaces = Record<string, Record<Language, Record<string, unknown>>>;

function namespacesIn(
  more: TestNamespaces,
  lng: Language,
): Record<string, Record<string, unknown>> {
  return Object.fromEntries(Object.entries(more).map(([ns, texts]) => [ns, texts[lng]]));
}

/**
 * A fresh i18next instance holding the kit's `ui` namespace in the three languages, for tests
 * (the app's own instance loads every `locales` folder by glob).
 */
export function createTestI18n(lng: Language = 'en', more: TestNamespaces = {}): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'fi',
    ns: ['ui', ...Object.keys(more)],
    defaultNS: 'ui',
    resources: {
      fi: { ui: fi, ...namespacesIn(more, 'fi') },
      sv: { ui: sv, ...namespacesIn(more, 'sv') },
      en: { ui: en, ...namespacesIn(more, 'en') },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** Renders inside an I18nextProvider; returns the i18n instance too (to change language). */
export function renderWithI18n(
  ui: ReactElement,
  {
    lng = 'en',
    namespaces,
    ...options
  }: { lng?: Language; namespaces?: TestNamespaces } & Omit<RenderOptions, 'wrapper'> = {},
): RenderResult & { i18n: I18n } {
  const i18n = createTestI18n(lng, namespaces);
  function Wrapper({ children }: { children: ReactNode }) {
    return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  }
  return { ...render(ui, { wrapper: Wrapper, ...options }), i18n };
}
