import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from './testing/render-app.tsx';

afterEach(stopApp);

/** The first screen waits for the lazy route and the session: longer than findBy's 1 s. */
const FIRST_SCREEN = { timeout: 15_000 };
/** The mock server's clock: the seed's coupons and events are relative to this day. */
const NOW = new Date('2026-11-24T10:00:00+02:00');

type Page = 'sv' | 'en';

/**
 * Issue 29 item 6, WCAG 3.1.2 Language of Parts: on a Swedish or English page, every text that
 * staff wrote in Finnish only (news and events, a benefit's untranslated text) sits inside an
 * element that says `lang="fi"`. The Finnish texts are read from the mock server's own store, so
 * the check follows the seed; each page must show at least one of them (it cannot pass empty).
 */
async function expectFinnishMarked(path: string, language: Page, settled: () => Promise<void>) {
  const app = await renderApp(path, { user: 'patient', mock: { now: NOW } });
  await settled();
  const { db } = app.mock.api.state;
  const finnish = new Set<string>();
  for (const article of db.article.getAll()) finnish.add(article.title.trim());
  for (const event of db.event.getAll()) finnish.add(event.title.trim());
  for (const coupon of db.coupon.getAll()) {
    const own = coupon.translations[language]?.name?.trim() ?? '';
    const fi = coupon.translations.fi?.name?.trim() ?? '';
    if (own === '' && fi !== '') finnish.add(fi);
  }
  const main = screen.getByRole('main');
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  const found: string[] = [];
  const unmarked: string[] = [];
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (!finnish.has(text)) continue;
    found.push(text);
    const lang = node.parentElement?.closest('[lang]')?.getAttribute('lang');
    if (lang !== 'fi') unmarked.push(`${text} (lang ${lang ?? 'none'})`);
  }
  expect(found.length, `${path}: no Finnish-only text shown`).toBeGreaterThan(0);
  expect(unmarked, path).toEqual([]);
}

describe('Finnish-only texts on Swedish and English pages carry lang="fi"', () => {
  for (const [path, language, list] of [
    ['/sv/news', 'sv', 'Nyheter'],
    ['/en/news', 'en', 'Articles'],
    ['/sv/events', 'sv', 'Evenemang'],
    ['/en/events', 'en', 'Events'],
    ['/sv/coupons', 'sv', 'Förmåner'],
  ] as const) {
    test(path, async () => {
      await expectFinnishMarked(path, language, async () => {
        await screen.findByRole('list', { name: list }, FIRST_SCREEN);
      });
    });
  }

  test('an article and an event opened in Swedish, a benefit opened in Swedish', async () => {
    for (const path of ['/sv/article/1', '/sv/event/7', '/sv/coupons/7']) {
      await expectFinnishMarked(path, 'sv', async () => {
        await waitFor(
          () => expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe(''),
          FIRST_SCREEN,
        );
        await waitFor(() => expect(screen.queryByRole('status', { busy: true })).toBeNull());
      });
    }
  });
});
