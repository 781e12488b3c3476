import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { indexContract } from '@portal/sdk/contract';
import { intersects, NotPortable, parsePortable, type CharSet } from './portable-pattern.ts';

// Every `pattern` of the contract means the same to the server (ECMA-262), to the clinic's Java
// team and to a Python test suite; and no text field of a request admits a character the server
// refuses.

type Json = Record<string, unknown>;
const index = indexContract();
const document = index.document;

/** Every schema's `pattern`, with where it is. */
function patterns(): Array<{ pointer: string; pattern: string }> {
  const found: Array<{ pointer: string; pattern: string }> = [];
  const walk = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${pointer}/${i}`));
    if (node === null || typeof node !== 'object') return;
    const object = node as Json;
    if (typeof object.pattern === 'string' && ('type' in object || 'maxLength' in object)) {
      found.push({ pointer, pattern: object.pattern });
    }
    for (const [key, value] of Object.entries(object)) walk(value, `${pointer}/${key}`);
  };
  walk(document, '');
  return found;
}

const ALL = patterns();
const DISTINCT = [...new Set(ALL.map((p) => p.pattern))];

/** C0 control characters but tab, line feed and carriage return, and DEL: the server refuses them. */
const REFUSED: CharSet = [
  [0x00, 0x08],
  [0x0b, 0x0c],
  [0x0e, 0x1f],
  [0x7f, 0x7f],
];

describe('the contract’s patterns', () => {
  test('there are patterns to check (the walk finds them)', () => {
    expect(ALL.length).toBeGreaterThan(60);
    expect(DISTINCT.length).toBeGreaterThan(20);
  });

  test('a path pattern starts ^[/], which Specmatic reads as a pattern (^/ it takes for delimiters)', () => {
    expect(() => parsePortable('^[/]api/[a-z]*$')).not.toThrow();
    expect(new RegExp('^[/]api/').test('/api/reservations')).toBe(true);
  });

  test.each(DISTINCT)('%s is in the portable subset and compiles in ECMA-262', (pattern) => {
    expect(() => parsePortable(pattern)).not.toThrow();
    expect(() => new RegExp(pattern, 'u')).not.toThrow();
    expect(() => new RegExp(pattern)).not.toThrow();
  });

  test.each([
    ['\\S', /does not start with \^/],
    ['^\\d{5}$', /\\d means different characters/],
    ['^a.b$', /\. matches different line terminators/],
    ['^[a[b]]$', /unescaped \[ in a class/],
    ['^[a&&b]$', /&& in a class/],
    ['^a{,3}$', /a \{ that is not/],
    ['^(?=a)b$', /only \(…\) and \(\?:…\) groups/],
    ['^a+?$', /lazy or possessive/],
    ['^a$b', /\$ before the end/],
    ['^\\-$', /\\- is not an escape every engine reads alike/],
    ['^/api/', /a \/ right after \^ \(Specmatic reads \/…\/ as delimiters\): write \^\[\/\]/],
    ['^\\/api/', /a \/ right after \^/],
  ])('refuses %s, which is not portable', (pattern, message) => {
    expect(() => parsePortable(pattern)).toThrow(NotPortable);
    expect(() => parsePortable(pattern)).toThrow(message);
  });

  test('no text of a request body admits a control character the server refuses', () => {
    const admitting: string[] = [];
    const visit = (node: Json, pointer: string, seen: Set<string>): void => {
      const ref = node.$ref;
      if (typeof ref === 'string') {
        if (seen.has(ref)) return;
        seen.add(ref);
        let target: unknown = document;
        for (const part of ref.slice(2).split('/')) target = (target as Json)[part];
        visit(target as Json, ref.slice(1), seen);
      }
      const types = Array.isArray(node.type) ? node.type : [node.type];
      if (types.includes('string') && node.enum === undefined && node.const === undefined) {
        const format = node.format;
        const formatExcludes = ['date', 'date-time', 'time', 'uuid', 'uri', 'email'].includes(
          String(format),
        );
        const pattern = typeof node.pattern === 'string' ? parsePortable(node.pattern) : null;
        const excluded = pattern !== null && !intersects(pattern.alphabet, REFUSED);
        if (!excluded && !formatExcludes) admitting.push(pointer);
      }
      for (const key of ['properties', 'patternProperties'] as const) {
        for (const [name, child] of Object.entries((node[key] as Json | undefined) ?? {})) {
          visit(child as Json, `${pointer}/${key}/${name}`, seen);
        }
      }
      for (const key of ['items', 'additionalProperties'] as const) {
        const child = node[key];
        if (child && typeof child === 'object') visit(child as Json, `${pointer}/${key}`, seen);
      }
      for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
        ((node[key] as Json[] | undefined) ?? []).forEach((child, i) =>
          visit(child, `${pointer}/${key}/${i}`, seen),
        );
      }
    };
    for (const operation of index.operations) {
      for (const media of operation.requestBody?.content ?? []) {
        if (!media.pointer || !media.contentType.includes('json')) continue;
        let schema: unknown = document;
        for (const part of media.pointer.slice(1).split('/')) {
          schema = (schema as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
        }
        visit(schema as Json, media.pointer, new Set());
      }
    }
    expect(admitting).toEqual([]);
  });

  test('the text patterns refuse what the server refuses, and only that', () => {
    const patternAt = (part: string): string =>
      ALL.find((p) => p.pointer.includes(part))?.pattern ?? '^$';
    const text = new RegExp(patternAt('/SendChatMessageBody/properties/text'), 'u');
    expect(text.test('Hei!\n\tRivi kaksi\r\n')).toBe(true);
    expect(text.test('')).toBe(true);
    expect(text.test('a\u0004')).toBe(false);
    expect(text.test('\u007f')).toBe(false);
    const nonBlank = new RegExp(patternAt('/RuleInput/'), 'u');
    expect(nonBlank.test('  Ei ruokaa 2 h ennen  ')).toBe(true);
    expect(nonBlank.test(' \u00a0\u3000\t')).toBe(false);
    // Specmatic's case: a rule description of one control character.
    expect(nonBlank.test('\u0004')).toBe(false);
  });
});

/** Which engines are here: Java (with its compiler, for a single-file program) and Python 3. */
const java = spawnSync('java', ['-version']).status === 0;
const python = spawnSync('python3', ['--version']).status === 0;

/** Strings each pattern is tried on, in every engine (none ends with a line feed: see README). */
const PROBES = [
  '',
  'a',
  'A1',
  '12345',
  '00100',
  '010101-123X',
  '131052-308T',
  '2026-11',
  '/api/reservations*',
  '/fi/varaa',
  '/',
  '//evil.example',
  'https://example.com/policy',
  ' ',
  '\u00a0',
  '\u0004',
  'a\u0004',
  'a\nb',
  'Hyvää päivää',
  '\u0663\u0663\u0663\u0663\u0663',
  '+358 40 123 4567',
  '040 1234567',
  'HYMY10',
  'Ei ruokaa 2 h ennen',
  '\ufeffa',
  '1=2=3=2026-11-27T10:00:00+02:00=2026-11-27T10:30:00+02:00',
  'abcdef0123456789abcdef0123456789.jpg',
  '4xx',
];

const encode = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

/** One line per pattern: `1`/`0` per probe, as the engine's search finds a match. */
function matrixOf(run: (dir: string) => string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'patterns-'));
  writeFileSync(join(dir, 'patterns.txt'), DISTINCT.map(encode).join('\n'));
  writeFileSync(join(dir, 'probes.txt'), PROBES.map(encode).join('\n'));
  return run(dir).trim().split('\n');
}

const JAVA = `import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.regex.Pattern;
public class Check {
  static List<String> read(String file) throws Exception {
    List<String> out = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of(file))) out.add(line.isEmpty() ? "" : new String(Base64.getDecoder().decode(line), StandardCharsets.UTF_8));
    return out;
  }
  public static void main(String[] args) throws Exception {
    List<String> probes = read(args[1]);
    for (String source : read(args[0])) {
      Pattern pattern = Pattern.compile(source);
      StringBuilder row = new StringBuilder();
      for (String probe : probes) row.append(pattern.matcher(probe).find() ? '1' : '0');
      System.out.println(row);
    }
  }
}`;

const PYTHON = `import base64, re, sys
def read(name):
    with open(name) as file:
        return [base64.b64decode(line).decode('utf-8') if line else '' for line in file.read().split('\\n')]
probes = read(sys.argv[2])
for source in read(sys.argv[1]):
    pattern = re.compile(source)
    print(''.join('1' if pattern.search(probe) else '0' for probe in probes))`;

describe('the patterns in Java and Python', () => {
  const javascript = DISTINCT.map((pattern) =>
    PROBES.map((probe) => (new RegExp(pattern, 'u').test(probe) ? '1' : '0')).join(''),
  );

  test.runIf(java)(
    'compile in Java and match what they match in ECMA-262',
    () => {
      const rows = matrixOf((dir) => {
        writeFileSync(join(dir, 'Check.java'), JAVA);
        return execFileSync(
          'java',
          [join(dir, 'Check.java'), join(dir, 'patterns.txt'), join(dir, 'probes.txt')],
          { encoding: 'utf8' },
        );
      });
      expect(rows).toEqual(javascript);
    },
    60_000,
  );

  test.runIf(python)('compile in Python and match what they match in ECMA-262', () => {
    const rows = matrixOf((dir) =>
      execFileSync(
        'python3',
        ['-W', 'error', '-c', PYTHON, join(dir, 'patterns.txt'), join(dir, 'probes.txt')],
        { encoding: 'utf8' },
      ),
    );
    expect(rows).toEqual(javascript);
  });
});
