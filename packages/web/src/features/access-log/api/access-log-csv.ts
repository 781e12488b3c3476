import type { PortalClient } from '@portal/sdk';
import { dataOf } from '../../../shared/api.tsx';
import type { AccessLogSearch } from './get-access-log.ts';

/**
 * A text a spreadsheet would run as a formula (`=`, `@`, a tab or CR first; `+` or `-` first unless
 * the rest is a number): written with a leading `'` (OWASP's CSV-injection defence, as the dev
 * server's marketing export does). A staff member's name is typed by staff.
 */
const FORMULA = /^[=@\t\r]|^[+-](?![\d\s()]*$)/;
const neutraliseFormula = (value: string): string => (FORMULA.test(value) ? `'${value}` : value);

/** Pages read for a file at most: 100 entries each, the log's two years of a busy patient. */
const MAX_PAGES = 50;

/**
 * Every entry of a paged access-log list, page by page (100 at a time), for a file: `read` asks
 * for one page.
 */
async function allPages<T>(
  read: (page: number) => Promise<{ items: T[]; total: number }>,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await read(page);
    items.push(...answer.items);
    if (answer.items.length === 0 || items.length >= answer.total) break;
  }
  return items;
}

/**
 * An RFC 4180 file (csv-stringify, loaded when a file is asked for): every line ending in CRLF,
 * fields with `,` `"` or a line break quoted. UTF-8 with a byte-order mark, so that a spreadsheet
 * opened by a double click reads "ä" and "ö" as such.
 */
export async function csvFile(header: readonly string[], rows: readonly string[][]): Promise<Blob> {
  const { stringify } = await import('csv-stringify/browser/esm/sync');
  const text = stringify([[...header], ...rows.map((row) => [...row])], {
    record_delimiter: '\r\n',
    quoted_match: /[\r\n]/,
    cast: { string: neutraliseFormula },
  });
  return new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' });
}

/** The signed-in user's entries (GET /api/access-log), every page, of a month or all. */
export function ownEntries(client: PortalClient, month: string | null) {
  return allPages(async (page) =>
    dataOf(
      await client.GET('/api/access-log', {
        params: { query: { page, pageSize: 100, ...(month === null ? {} : { month }) } },
      }),
    ),
  );
}

/** The staff search's entries (GET /api/admin/access-log), every page, as the page narrows them. */
export function staffEntries(client: PortalClient, search: AccessLogSearch) {
  const { subjectId, actorId, from, to } = search;
  return allPages(async (page) =>
    dataOf(
      await client.GET('/api/admin/access-log', {
        params: {
          query: {
            page,
            pageSize: 100,
            ...(subjectId === null ? {} : { subjectId }),
            ...(actorId === null ? {} : { actorId }),
            ...(from === '' ? {} : { from }),
            ...(to === '' ? {} : { to }),
          },
        },
      }),
    ),
  );
}
