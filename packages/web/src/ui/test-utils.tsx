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

/**
 * A fresh i18next instance holding the kit's `ui` namespace in the three languages, for tests
 * (the app's own instance loads every `locales` folder by glob).
 */
export function createTestI18n(lng: Language = 'en'): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'fi',
    ns: ['ui'],
    defaultNS: 'ui',
    resources: { fi: { ui: fi }, sv: { ui: sv }, en: { ui: en } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** Renders inside an I18nextProvider; returns the i18n instance too (to change language). */
export function renderWithI18n(
  ui: ReactElement,
  { lng = 'en', ...options }: { lng?: Language } & Omit<RenderOptions, 'wrapper'> = {},
): RenderResult & { i18n: I18n } {
  const i18n = createTestI18n(lng);
  function Wrapper({ children }: { children: ReactNode }) {
    return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  }
  return { ...render(ui, { wrapper: Wrapper, ...options }), i18n };
}
