import { describe, expect, test } from 'vitest';
import en from './locales/en.json';
import fi from './locales/fi.json';
import sv from './locales/sv.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keys(child, prefix ? `${prefix}.${key}` : key),
  );
}

function placeholders(value: unknown): string[] {
  return keys(value)
    .map((key) =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], value),
    )
    .flatMap((text) => String(text).match(/{{\w+}}/g) ?? [])
    .sort();
}

describe('ui locales', () => {
  test('Finnish, Swedish and English have exactly the same keys', () => {
    expect(keys(fi).sort()).toEqual(keys(en).sort());
    expect(keys(sv).sort()).toEqual(keys(en).sort());
  });

  test('every text is filled in and uses the same placeholders in each language', () => {
    for (const texts of [fi, sv, en]) {
      for (const key of keys(texts)) {
        const text = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts);
        expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      }
    }
    expect(placeholders(fi)).toEqual(placeholders(en));
    expect(placeholders(sv)).toEqual(placeholders(en));
  });
});
