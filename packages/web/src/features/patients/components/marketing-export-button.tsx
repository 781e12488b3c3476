import { useTranslation } from 'react-i18next';
import { useApi } from '../../../shared/api.tsx';
import { DownloadButton } from '../../../shared/download-button.tsx';
import { fetchMarketingExport } from '../api/marketing-export.ts';

/**
 * Downloads the marketing-consent CSV. The file needs the bearer token, so it is fetched through
 * the SDK and handed to the browser as a blob, not linked to.
 */
export function MarketingExportButton() {
  const { t } = useTranslation('patients');
  const { client } = useApi();
  return (
    <DownloadButton
      label={t('export.button')}
      fetchFile={() => fetchMarketingExport(client)}
      done={(fileName) => t('export.done', { fileName })}
      failed={t('export.failed')}
    />
  );
}
