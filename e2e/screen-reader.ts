import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Virtual } from '@guidepup/virtual-screen-reader';
import type { Page } from '@playwright/test';

/**
 * A screen reader in the page (issue 31): Guidepup's Virtual Screen Reader, which builds its
 * speech from the accessibility tree as NVDA and VoiceOver do. It follows the focus, so a walk
 * presses real keys (Playwright's keyboard) and reads what was said: the focused control's role,
 * name, description and state, a dialog entered, and the changes of live regions ("polite: …").
 *
 * One addition, as browsers behave: an element with the role alert that is added to the page is
 * read at once (Chromium fires an alert event for it, which NVDA, JAWS and VoiceOver speak). The
 * virtual reader hears only changes inside a live region that was already there, so the harness
 * notes each new alert as "alert: …", in its place among the phrases.
 */

const readerFile = join(
  dirname(createRequire(import.meta.url).resolve('@guidepup/virtual-screen-reader/package.json')),
  'lib/esm/index.browser.js',
);
const READER_PATH = '/__e2e/virtual-screen-reader.js';

interface ReaderWindow {
  __reader?: Virtual;
  __alerts?: { at: number; text: string }[];
}

export interface ScreenReader {
  /** What was said since the last call, in order (and forgets it). */
  heard: () => Promise<string[]>;
  /** Everything said during the walk, for the report. */
  transcript: () => string[];
}

/** Starts the reader in the page now, and again after each full page load (a login's return). */
export async function startScreenReader(page: Page): Promise<ScreenReader> {
  await page.route(`**${READER_PATH}`, (route) =>
    route.fulfill({ path: readerFile, contentType: 'text/javascript' }),
  );
  const all: string[] = [];
  const ensure = async () => {
    await page.evaluate(async (path) => {
      const w = window as unknown as ReaderWindow;
      if (w.__reader) return;
      const { virtual } = (await import(/* @vite-ignore */ path)) as { virtual: Virtual };
      w.__reader = virtual;
      w.__alerts = [];
      await virtual.start({ container: document.body });
      const spoken = (element: Element) =>
        ((element as HTMLElement).innerText || element.textContent || '')
          .replace(/\s+/g, ' ')
          .trim();
      new MutationObserver((mutations) => {
        for (const mutation of mutations) {
          for (const node of Array.from(mutation.addedNodes)) {
            if (!(node instanceof Element)) continue;
            const alerts = [
              ...(node.matches('[role="alert"]') ? [node] : []),
              ...Array.from(node.querySelectorAll('[role="alert"]')),
            ];
            for (const alert of alerts) {
              const text = spoken(alert);
              if (text === '') continue;
              void virtual
                .spokenPhraseLog()
                .then((log) => w.__alerts?.push({ at: log.length, text }));
            }
          }
        }
      }).observe(document.body, { childList: true, subtree: true });
    }, READER_PATH);
  };
  await ensure();
  return {
    heard: async () => {
      // A full page load (a login's return) starts a new document: the reader starts again there.
      await ensure();
      // Live regions and the focus are read a tick after they change.
      await page.waitForTimeout(50);
      const phrases = await page.evaluate(async () => {
        const w = window as unknown as ReaderWindow;
        const log = (await w.__reader?.spokenPhraseLog()) ?? [];
        const alerts = w.__alerts ?? [];
        await w.__reader?.clearSpokenPhraseLog();
        w.__alerts = [];
        const merged: string[] = [];
        log.forEach((phrase, index) => {
          for (const alert of alerts) if (alert.at === index) merged.push(`alert: ${alert.text}`);
          merged.push(phrase);
        });
        for (const alert of alerts) if (alert.at >= log.length) merged.push(`alert: ${alert.text}`);
        return merged;
      });
      all.push(...phrases);
      return phrases;
    },
    transcript: () => [...all],
  };
}
