import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

/**
 * Issue 54 item 7: tab labels broke mid-word with no hyphen on a phone ("Vahvistetta / vat",
 * "Pankkitunnuk / set"). A label wraps between words, or at a hyphen (its soft hyphen in the
 * Finnish and Swedish compounds), never inside a word: checked on the pages with tabs, in Finnish
 * and Swedish, at 320, 360 and 390 CSS px.
 */

/**
 * Where the visible text of each tab breaks inside a word without a hyphen: the characters on
 * either side of each line break (a break after a space, a hyphen or a soft hyphen is fine).
 */
function midWordBreaks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const tab of Array.from(document.querySelectorAll<HTMLElement>('[role="tab"]'))) {
      const walker = document.createTreeWalker(tab, NodeFilter.SHOW_TEXT);
      // A break between two text nodes is between the label and its badge (flex items).
      const chars: { char: string; top: number; node: Node }[] = [];
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        // The screen reader's words (`sr-only`) take no room on the screen.
        if (node.parentElement?.closest('.sr-only') !== null) continue;
        const text = node.textContent ?? '';
        for (let index = 0; index < text.length; index += 1) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          // The character's own box is the last: the first character after a soft hyphen's
          // break also answers the hyphen drawn at the line's end.
          const rects = range.getClientRects();
          const box = rects[rects.length - 1];
          // A soft hyphen where the line does not break has no box: nothing to see there.
          if (box === undefined) continue;
          chars.push({ char: text[index] ?? '', top: box.top, node });
        }
      }
      for (let index = 1; index < chars.length; index += 1) {
        const before = chars[index - 1]!;
        const after = chars[index]!;
        if (after.top <= before.top + 2 || after.node !== before.node) continue;
        const fine = /[\s\-\u00AD]/.test(before.char) || /\s/.test(after.char);
        if (!fine) found.push(`${tab.textContent?.trim()}: "${before.char}|${after.char}"`);
      }
    }
    return found;
  });
}

const WIDTHS = [320, 360, 390];

for (const language of ['fi', 'sv'] as const) {
  test(`(${language}) tab labels break between words or at a hyphen, never mid-word, on a phone`, async ({
    page,
    loginAs,
  }) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/${language}/login`);
      await expect(page.getByRole('tab')).toHaveCount(3);
      expect(await midWordBreaks(page), `/${language}/login at ${width} px`).toEqual([]);
    }
    await loginAs('patient');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/${language}/reservations`);
      // The counts are in: the labels have their final width.
      await expect(page.getByRole('tab').last()).toContainText(/\d/);
      expect(await midWordBreaks(page), `/${language}/reservations at ${width} px`).toEqual([]);
    }
  });
}
