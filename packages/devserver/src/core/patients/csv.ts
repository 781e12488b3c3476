// The browser build works in Node too, and keeps the core free of Node's Buffer (MSW in the browser).
import { stringify } from 'csv-stringify/browser/esm/sync';

export type CsvValue = string | number | boolean | null | undefined;

/**
 * A text a spreadsheet would run as a formula (`=`, `@`, a tab or CR first; `+` or `-` first unless
 * the rest is a number or a phone number such as `+358 40 123 4567`).
 */
const FORMULA = /^[=@\t\r]|^[+-](?![\d\s()]*$)/;

/** OWASP's CSV-injection defence: such a text is written with a leading `'`, shown as text. */
export function neutraliseFormula(value: string): string {
  return FORMULA.test(value) ? `'${value}` : value;
}

/**
 * An RFC 4180 file (csv-stringify): fields with `,` `"` CR or LF quoted, inner quotes doubled,
 * every line, the last one included, ending in CRLF. Names and addresses come from patients, so a
 * text that a spreadsheet would evaluate as a formula is neutralised.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return stringify([header, ...rows] as CsvValue[][], {
    record_delimiter: '\r\n',
    // Any line break, not only the CRLF record delimiter, is quoted.
    quoted_match: /[\r\n]/,
    cast: { boolean: (value) => String(value), string: neutraliseFormula },
  });
}
