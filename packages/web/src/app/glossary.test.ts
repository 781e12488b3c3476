import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages as serverTexts } from '@portal/devserver/messages';
import { describe, expect, test } from 'vitest';
import { allLocaleResources } from './i18n.ts';

/**
 * The glossary (docs/glossary.md, issue 29) is the one source of the words not to use: its
 * "Not in fi / sv / en" columns are read here, and every locale text of that language is checked.
 */
const HERE = dirname(fileURLToPath(import.meta.url));
const GLOSSARY = join(HERE, '../../../../docs/glossary.md');
const SRC = join(HERE, '..');
const LANGUAGES = ['fi', 'sv', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

/** The `file` of an allow-list entry for a text of the dev server (`@portal/devserver/messages`). */
const SERVER_TEXTS = '@portal/devserver/messages';

/**
 * Justified exceptions: a text that keeps a listed word on purpose. Each says why; an entry that
 * no longer matches anything fails the test, so the list cannot go stale.
 */
const ALLOWED: { file: string; key: string; word: string; why: string }[] = [
  {
    // The same words in the dev server's answer to the feedback form.
    file: SERVER_TEXTS,
    key: 'feedback.chooseOffice',
    word: 'office*',
    why: 'spec §5 literal',
  },
  {
    // Spec §5 quotes the feedback form's branch error word for word: 'Choose an office'. The
    // rest of the feedback screen says "clinic".
    file: 'features/feedback/locales/en.json',
    key: 'errors.chooseOffice',
    word: 'office*',
    why: 'spec §5 literal',
  },
];

/** The words not to use, per language, as the glossary's table lists them. */
function wordsNotToUse(markdown: string): Record<Language, string[]> {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Terms'));
  if (section === undefined) throw new Error('docs/glossary.md has no "## Terms" section');
  const rows = section
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
    .map((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim()),
    );
  const [header, , ...body] = rows;
  if (header === undefined) throw new Error('docs/glossary.md: the Terms table has no header');
  const words = { fi: [], sv: [], en: [] } as Record<Language, string[]>;
  for (const language of LANGUAGES) {
    const column = header.indexOf(`Not in ${language}`);
    if (column < 0) throw new Error(`docs/glossary.md: no "Not in ${language}" column`);
    for (const row of body) {
      for (const [, word] of (row[column] ?? '').matchAll(/`([^`]+)`/g)) {
        if (word) words[language].push(word);
      }
    }
  }
  return words;
}

/**
 * A glossary entry as a pattern: a whole word (or phrase), case-insensitive; `*` at the end lets
 * the word go on (endings, compounds), at the start lets a compound begin before it.
 */
function patternOf(entry: string): RegExp {
  const open = entry.startsWith('*');
  const tail = entry.endsWith('*');
  const core = entry
    .replace(/^\*|\*$/g, '')
    .trim()
    .split(/\s+/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
  const before = open ? '' : '(?<![\\p{L}\\p{N}])';
  const after = tail ? '' : '(?![\\p{L}\\p{N}])';
  return new RegExp(`${before}${core}${after}`, 'iu');
}

/**
 * A text as the reader sees its words: interpolations (`{{branch}}` in the web's texts, `{branch}`
 * in the dev server's) are not words.
 */
const wordsOf = (text: string) => text.replace(/\{\{[^}]*\}\}|\{[^}]*\}/g, ' ');

/** A server text as read: a path it gives as an example (`/fi/reservation`) is not words either. */
const serverWordsOf = (text: string) => wordsOf(text).replace(/(?<!\S)\/\S*/g, ' ');

/** `[key, text]` for every text of a locale file, keys dotted as i18next reads them. */
function textsOf(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    textsOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** Every `<folder>/locales/<language>.json` under src, as i18n.ts loads them. */
function localeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return localeFiles(path);
    return basename(dir) === 'locales' && /^(fi|sv|en)\.json$/.test(name) ? [path] : [];
  });
}

describe('the glossary', () => {
  const notToUse = wordsNotToUse(readFileSync(GLOSSARY, 'utf8'));

  test('lists words not to use in every language', () => {
    for (const language of LANGUAGES)
      expect(notToUse[language].length, language).toBeGreaterThan(0);
  });

  test('a listed word is found as a whole word, with its endings or compounds where it says so', () => {
    const finds = (entry: string, text: string) => patternOf(entry).test(wordsOf(text));
    expect(finds('hoitaja*', 'Hoitaja: Venla Mäkinen')).toBe(true);
    expect(finds('hoitaja*', 'Varaa aika hoitajalle')).toBe(true);
    expect(finds('hoitaja*', 'Hammashoitaja')).toBe(false);
    expect(finds('*mottagning*', 'Ingen favoritmottagning')).toBe(true);
    expect(finds('vårdhistorik*', 'Se vårdhistoriken')).toBe(true);
    expect(finds('tandhygienist*', 'Besök hos munhygienist')).toBe(false);
    expect(finds('hoppa över, vem som helst', 'Hoppa över, vem som helst')).toBe(true);
    expect(finds('treatment history', 'Treatment  history')).toBe(true);
    expect(finds('branch*', 'Only at {{branch}}')).toBe(false);
    expect(finds('location*', 'Geolocation is off')).toBe(false);
  });

  test('no locale text uses a word the glossary lists as not to use in its language', async () => {
    const files = localeFiles(SRC);
    // The same files the app loads: one namespace per locales folder, in all three languages.
    const resources = await allLocaleResources();
    const namespaces = new Set(files.map((file) => basename(dirname(dirname(file)))));
    expect([...namespaces].sort()).toEqual(Object.keys(resources.fi ?? {}).sort());

    const found: string[] = [];
    const allowedUsed = new Set<(typeof ALLOWED)[number]>();
    for (const file of files) {
      const language = basename(file, '.json') as Language;
      const name = relative(SRC, file).split('\\').join('/');
      const texts = textsOf(JSON.parse(readFileSync(file, 'utf8')));
      for (const word of notToUse[language]) {
        const pattern = patternOf(word);
        for (const [key, text] of texts) {
          if (!pattern.test(wordsOf(text))) continue;
          const allowed = ALLOWED.find(
            (entry) => entry.file === name && entry.key === key && entry.word === word,
          );
          if (allowed) allowedUsed.add(allowed);
          else found.push(`${name} ${key}: "${word}" in "${text}"`);
        }
      }
    }
    expect(found).toEqual([]);
    const stale = ALLOWED.filter((entry) => entry.file !== SERVER_TEXTS && !allowedUsed.has(entry));
    expect(stale, 'allow-list entries that no longer match anything').toEqual([]);
  });

  test("no text the server writes (answers, SMS, e-mail, the calendar file, the chat's replies) uses a word not to use", () => {
    const found: string[] = [];
    const allowedUsed = new Set<(typeof ALLOWED)[number]>();
    for (const [key, texts] of Object.entries(serverTexts)) {
      for (const language of LANGUAGES) {
        for (const word of notToUse[language]) {
          if (!patternOf(word).test(serverWordsOf(texts[language]))) continue;
          const allowed = ALLOWED.find(
            (entry) => entry.file === SERVER_TEXTS && entry.key === key && entry.word === word,
          );
          if (allowed) allowedUsed.add(allowed);
          else found.push(`${key} (${language}): "${word}" in "${texts[language]}"`);
        }
      }
    }
    expect(found).toEqual([]);
    const stale = ALLOWED.filter((entry) => entry.file === SERVER_TEXTS && !allowedUsed.has(entry));
    expect(stale, 'allow-list entries that no longer match anything').toEqual([]);
  });
});

describe('times of day', () => {
  /**
   * The times of day a text writes otherwise than the spec's HH:mm (§9): a one-digit hour
   * (`8:00`), and after "klo" / "kl." / "kello" anything but HH:mm (`8.00`, `8–16`, `7.30`).
   */
  function notHHmm(text: string): string[] {
    const found = [...text.matchAll(/(?<![\d.:])\d:\d{2}(?!\d)/g)].map((match) => match[0]);
    for (const match of text.matchAll(
      /(?<![\p{L}])(?:klo|kl\.|kello)\s+([\d.:]+(?:\s*[–-]\s*[\d.:]+)?)/giu,
    )) {
      const times = (match[1] ?? '').split(/\s*[–-]\s*/).map((time) => time.replace(/\.$/, ''));
      if (!times.every((time) => /^\d{2}:\d{2}$/.test(time))) found.push(match[0]);
    }
    return found;
  }

  test('what is not HH:mm is found, and HH:mm, dates and other numbers pass', () => {
    for (const text of [
      'klo 8.00',
      'kl. 14.30',
      'at 8:00',
      'klo 8–16',
      'kl. 8 - 16',
      'kello 7.30.',
    ])
      expect(notHHmm(text), text).not.toEqual([]);
    for (const text of [
      'klo 08:00',
      'kl. 08:00–16:00.',
      'at 14:30',
      '1.12.2026',
      '24.–26.12.',
      'use 1–64 letters',
      'every 1–2 years',
    ])
      expect(notHHmm(text), text).toEqual([]);
  });

  test('every time of day the server writes is HH:mm, as every screen writes it', () => {
    const found: string[] = [];
    for (const [key, texts] of Object.entries(serverTexts))
      for (const language of LANGUAGES)
        // `{time}` is the clock time the server fills in (displayClock: HH:mm).
        if (notHHmm(wordsOf(texts[language].replaceAll('{time}', '08:00'))).length > 0)
          found.push(`${key} (${language}): "${texts[language]}"`);
    expect(found).toEqual([]);
  });
});
