import type { ReactElement } from 'react';
import { renderWithI18n, type Language } from '../../ui/test-utils.tsx';
import en from '../locales/en.json';
import fi from '../locales/fi.json';
import sv from '../locales/sv.json';

/** Renders a shared component with the `ui` and `shared` texts, in English unless told. */
export function renderShared(ui: ReactElement, options: { lng?: Language } = {}) {
  return renderWithI18n(ui, { ...options, namespaces: { shared: { fi, sv, en } } });
}
