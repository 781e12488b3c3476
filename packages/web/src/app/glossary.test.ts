import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * Justified exceptions: a text that keeps a listed word on purpose. Each says why; an entry that
 * no longer matches anything fails the test, so the list cannot go stale.
 */
const ALLOWED: { file: string; key: string; word: string; why: string }[] = [
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

/** A text as the reader sees its words: interpolations (`{{branch}}`) are not words. */
const wordsOf = (text: string) => text.replace(/\{\{[^}]*\}\}/g, ' ');

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
    const stale = ALLOWED.filter((entry) => !allowedUsed.has(entry));
    expect(stale, 'allow-list entries that no longer match anything').toEqual([]);
  });
});
