import type { PortalClient } from '@portal/sdk';
import { helsinkiToday } from '../../../shared/time.ts';

/** The file name the contract promises: `marketing-export-YYYY-MM-DD.csv` (Helsinki date). */
const FILE_NAME = /filename="?(marketing-export-\d{4}-\d{2}-\d{2}\.csv)"?/;

/** The download's name: the server's `Content-Disposition` one, else today's dated name. */
export function exportFileName(contentDisposition: string | null, now: Date = new Date()): string {
  const match = contentDisposition === null ? null : FILE_NAME.exec(contentDisposition);
  return match?.[1] ?? `marketing-export-${helsinkiToday(now)}.csv`;
}

/**
 * Fetches the marketing-consent CSV through the SDK (so the bearer token goes with it; a plain
 * link could not send it) and returns it with its dated file name.
 */
export async function fetchMarketingExport(
  client: PortalClient,
): Promise<{ blob: Blob; fileName: string }> {
  const { data, response } = await client.GET('/api/admin/patients/marketing-export', {
    parseAs: 'blob',
  });
  if (data === undefined) throw new Error('The export had no body');
  return { blob: data, fileName: exportFileName(response.headers.get('Content-Disposition')) };
}

/** Hands a blob to the browser as a downloaded file. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
