import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../shared/api.tsx';
import { Button, toast } from '../../../ui/index.ts';
import { saveFile } from '../../../shared/download.ts';
import { fetchMarketingExport } from '../api/marketing-export.ts';

/**
 * Downloads the marketing-consent CSV. The file needs the bearer token, so it is fetched through
 * the SDK and handed to the browser as a blob, not linked to.
 */
export function MarketingExportButton() {
  const { t } = useTranslation('patients');
  const { client } = useApi();
  const [pending, setPending] = useState(false);

  const download = async () => {
    setPending(true);
    try {
      const { blob, fileName } = await fetchMarketingExport(client);
      saveFile(blob, fileName);
      toast.success(t('export.done', { fileName }));
    } catch {
      toast.error(t('export.failed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Button variant="secondary" loading={pending} onClick={() => void download()}>
      {t('export.button')}
    </Button>
  );
}
