import { useTranslation } from 'react-i18next';
import { NotificationBox } from '../../../ui/index.ts';
import { userMessageOf } from '../api/action-error.ts';

/** "The operation was unsuccessful", with the server's UserMessage beneath when it sent one. */
export function ActionError({ error }: { error: unknown }) {
  const { t } = useTranslation('reservations');
  const message = userMessageOf(error);
  return (
    <NotificationBox variant="danger" title={t('error')}>
      {message}
    </NotificationBox>
  );
}
