import { describe, expect, test } from 'vitest';
import { toCsv } from './csv.ts';

describe('RFC 4180 CSV writing', () => {
  test('Plain fields are written as they are', () => {
    expect(toCsv(['a', 'b', 'c', 'd'], [['Maija', 12, true, '+358401234567']])).toBe(
      'a,b,c,d\r\nMaija,12,true,+358401234567\r\n',
    );
  });

  test('Missing values are empty fields', () => {
    expect(toCsv(['a', 'b', 'c', 'd'], [['a', null, undefined, '']])).toBe('a,b,c,d\r\na,,,\r\n');
  });

  test('A field with a comma, a quote, CR or LF is quoted and inner quotes are doubled', () => {
    expect(
      toCsv(['x'], [['Korhonen, Jr.'], ['Matti "Masa"'], ['line\r\nbreak'], ['lf\nonly']]),
    ).toBe('x\r\n"Korhonen, Jr."\r\n"Matti ""Masa"""\r\n"line\r\nbreak"\r\n"lf\nonly"\r\n');
  });

  test('Every line of the file ends in CRLF, the last one included', () => {
    expect(toCsv(['id', 'name'], [[1, 'a,b']])).toBe('id,name\r\n1,"a,b"\r\n');
    expect(toCsv(['id'], [])).toBe('id\r\n');
  });

  test('a text a spreadsheet would run as a formula is written as text; phone numbers stay', () => {
    expect(
      toCsv(
        ['x'],
        [
          ['=HYPERLINK("http://evil.example","x")'],
          ['@SUM(A1:A2)'],
          ["+cmd|' /C calc'!A0"],
          ['-2+3'],
          ['\tTab'],
          ['+358401234567'],
          ['+358 40 123 4567'],
          ['-12'],
          ['Korhonen'],
        ],
      ),
    ).toBe(
      [
        'x',
        '"\'=HYPERLINK(""http://evil.example"",""x"")"',
        "'@SUM(A1:A2)",
        "'+cmd|' /C calc'!A0",
        "'-2+3",
        "'\tTab",
        '+358401234567',
        '+358 40 123 4567',
        '-12',
        'Korhonen',
        '',
      ].join('\r\n'),
    );
  });
});
