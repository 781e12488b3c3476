import { useTranslation } from 'react-i18next';
import { NotificationBox } from '../ui/index.ts';
import { formatHelsinki, type ServerDate } from './time.ts';

export interface MaintenanceNoticeProps {
  /**
   * When the maintenance break starts, shown as `d.M.yyyy HH:mm` in Helsinki time; null when the
   * server did not say (a 503 without the time): the break is on now.
   */
  startsAt: ServerDate | null;
  className?: string;
}

/** The maintenance-break banner: when it starts, and that bookings cannot be made meanwhile. */
export function MaintenanceNotice({ startsAt, className }: MaintenanceNoticeProps) {
  const { t } = useTranslation('shared');
  return (
    <NotificationBox
      variant="warning"
      role="status"
      title={t('maintenance.title')}
      className={className}
    >
      {startsAt === null
        ? t('maintenance.now')
        : t('maintenance.body', { startsAt: formatHelsinki(startsAt, 'full') })}
    </NotificationBox>
  );
}
