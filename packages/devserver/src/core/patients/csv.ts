// The browser build works in Node too, and keeps the core free of Node's Buffer (MSW in the browser).
import { stringify } from 'csv-stringify/browser/esm/sync';

export type CsvValue = string | number | boolean | null | undefined;

/**
 * An RFC 4180 file (csv-stringify): fields with `,` `"` CR or LF quoted, inner quotes doubled,
 * every line, the last one included, ending in CRLF.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return stringify([header, ...rows] as CsvValue[][], {
    record_delimiter: '\r\n',
    // Any line break, not only the CRLF record delimiter, is quoted.
    quoted_match: /[\r\n]/,
    cast: { boolean: (value) => String(value) },
  });
}
