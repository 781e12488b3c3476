import type { PortalClient } from '@portal/sdk';
import { attachmentName } from '../../../shared/download.ts';
import { helsinkiToday } from '../../../shared/time.ts';
import { appNow } from '../../../shared/app-clock.ts';

/** The file name the contract promises: `marketing-export-YYYY-MM-DD.csv` (Helsinki date). */
const FILE_NAME = /filename="?(marketing-export-\d{4}-\d{2}-\d{2}\.csv)"?/;

/** The download's name: the server's `Content-Disposition` one, else today's dated name. */
export function exportFileName(contentDisposition: string | null, now: Date = appNow()): string {
  return attachmentName(
    contentDisposition,
    FILE_NAME,
    `marketing-export-${helsinkiToday(now)}.csv`,
  );
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
