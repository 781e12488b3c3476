import { useTranslation } from 'react-i18next';
import { Button, NotificationBox } from '../../../ui/index.ts';

/** A failed load with a retry button. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('news');
  return (
    <NotificationBox
      variant="danger"
      actions={
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    >
      {message}
    </NotificationBox>
  );
}
