import { useTranslation } from 'react-i18next';
import { useApi } from '../api.tsx';
import { DownloadButton } from '../download-button.tsx';
import { fetchReservationCalendar } from './calendar-file.ts';

/**
 * Its texts are the `calendar-file` namespace, loaded with the screens that show the button (My
 * reservations' route, the booking's thank-you screen), not with every page.
 *
 * Downloads the reservation as an iCalendar file for the patient's own calendar. Importing a
 * newer file of the same reservation (after a move or a cancel) updates the same entry: the file
 * keeps the reservation's UID.
 */
export function AddToCalendarButton({ reservationId }: { reservationId: number }) {
  const { t } = useTranslation('calendar-file');
  const { client } = useApi();
  return (
    <DownloadButton
      label={t('button')}
      fetchFile={() => fetchReservationCalendar(client, reservationId)}
      done={(fileName) => t('done', { fileName })}
      failed={t('failed')}
    />
  );
}
