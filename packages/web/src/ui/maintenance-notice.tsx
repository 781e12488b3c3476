import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format-date.ts';
import { NotificationBox } from './notification-box.tsx';

export interface MaintenanceNoticeProps {
  /** When the maintenance break starts (ISO string or Date), shown as `d.M.yyyy HH:mm`. */
  startsAt: string | Date;
  className?: string;
}

/** The maintenance-break banner: when it starts, and that bookings cannot be made meanwhile. */
export function MaintenanceNotice({ startsAt, className }: MaintenanceNoticeProps) {
  const { t } = useTranslation('ui');
  return (
    <NotificationBox
      variant="warning"
      role="status"
      title={t('maintenance.title')}
      className={className}
    >
      {/* d.M.yyyy HH:mm is numeric: the same in every language. */}
      {t('maintenance.body', { startsAt: formatDate(startsAt, 'full', 'fi') })}
    </NotificationBox>
  );
}
