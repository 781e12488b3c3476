import { describe, expect, test } from 'vitest';
import { createI18n } from './i18n.ts';
import { preloadRoute } from './routes.tsx';

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

  test('an unknown path loads nothing and still resolves', async () => {
    window.history.replaceState(null, '', '/en/nowhere');
    const i18n = createI18n();
    await expect(preloadRoute('/nowhere')).resolves.toBeUndefined();
    expect(i18n.hasLoadedNamespace('reservations')).toBe(false);
  });
});
