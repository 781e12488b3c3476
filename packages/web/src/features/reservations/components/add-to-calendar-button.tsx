import { useTranslation } from 'react-i18next';
import { useApi } from '../../../shared/api.tsx';
import { DownloadButton } from '../../../shared/download-button.tsx';
import { fetchReservationCalendar } from '../api/calendar-file.ts';

/**
 * Downloads the reservation as an iCalendar file for the patient's own calendar. Importing a
 * newer file of the same reservation (after a move or a cancel) updates the same entry: the file
 * keeps the reservation's UID.
 */
export function AddToCalendarButton({ reservationId }: { reservationId: number }) {
  const { t } = useTranslation('reservations');
  const { client } = useApi();
  return (
    <DownloadButton
      label={t('calendar.button')}
      fetchFile={() => fetchReservationCalendar(client, reservationId)}
      done={(fileName) => t('calendar.done', { fileName })}
      failed={t('calendar.failed')}
    />
  );
}
