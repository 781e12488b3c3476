import type { Schemas } from '@portal/sdk';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, NotificationBox } from '../../../ui/index.ts';
import { formatPrice } from '../api/price.ts';
import { longDay, wallClockDay, wallClockTime } from '../api/slot-format.ts';

/** After booking: what was booked, and where to see it. */
export function ThankYou({
  reservation,
  onBookAnother,
}: {
  reservation: Schemas['Reservation'] | null;
  onBookAnother: () => void;
}) {
  const { t, i18n } = useTranslation('booking');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <div className="flex flex-col gap-5">
      <NotificationBox variant="success" role="status" title={t('thankYou.title')}>
        {reservation
          ? t('thankYou.text', {
              reason: reservation.reason.name,
              branch: reservation.branch.name,
              day: longDay(wallClockDay(reservation.startTime), language),
              time: wallClockTime(reservation.startTime),
              price: formatPrice(reservation.price, language),
            })
          : t('thankYou.textShort')}
      </NotificationBox>
      <p className="text-slate-700">{t('thankYou.email')}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link href="/reservations">{t('thankYou.myReservations')}</Link>
        </Button>
        <Button variant="secondary" onClick={onBookAnother}>
          {t('thankYou.bookAnother')}
        </Button>
      </div>
    </div>
  );
}
