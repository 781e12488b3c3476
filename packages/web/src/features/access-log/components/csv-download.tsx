import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../shared/download-button.tsx';

/** "Download as CSV" of what a log page shows, with the feature's toasts. */
export function CsvDownload({
  fetchFile,
}: {
  fetchFile: () => Promise<{ blob: Blob; fileName: string }>;
}) {
  const { t } = useTranslation('access-log');
  return (
    <DownloadButton
      label={t('file.download')}
      fetchFile={fetchFile}
      done={(fileName) => t('file.done', { fileName })}
      failed={t('file.failed')}
    />
  );
}
