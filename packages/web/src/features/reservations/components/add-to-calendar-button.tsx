import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../shared/api.tsx';
import { saveFile } from '../../../shared/download.ts';
import { userMessageOf } from '../../../shared/error-views.tsx';
import { Button, toast } from '../../../ui/index.ts';
import { fetchReservationCalendar } from '../api/calendar-file.ts';

/**
 * Downloads the reservation as an iCalendar file for the patient's own calendar. Importing a
 * newer file of the same reservation (after a move or a cancel) updates the same entry: the file
 * keeps the reservation's UID.
 */
export function AddToCalendarButton({ reservationId }: { reservationId: number }) {
  const { t } = useTranslation('reservations');
  const { client } = useApi();
  const [pending, setPending] = useState(false);

  const download = async () => {
    setPending(true);
    try {
      const { blob, fileName } = await fetchReservationCalendar(client, reservationId);
      saveFile(blob, fileName);
      toast.success(t('calendar.done', { fileName }));
    } catch (failure) {
      toast.error(t('calendar.failed'), { description: userMessageOf(failure) });
    } finally {
      setPending(false);
    }
  };

  return (
    <Button variant="secondary" loading={pending} onClick={() => void download()}>
      {t('calendar.button')}
    </Button>
  );
}
