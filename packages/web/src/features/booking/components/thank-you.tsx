import { lazy, Suspense } from 'react';
import type { Schemas } from '@portal/sdk';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, NotificationBox } from '../../../ui/index.ts';
import { formatPrice } from '../../../shared/money.ts';
import { useLanguage } from '../../../shared/language.ts';
import { formatHelsinki, helsinkiDay } from '../../../shared/time.ts';
import { longDay } from '../../../shared/calendar-days.ts';

// The waitlist form is fetched with the thank-you screen, not with the booking's first step.
const WaitlistPanel = lazy(() =>
  import('../../../shared/waitlist/waitlist-panel.tsx').then((m) => ({ default: m.WaitlistPanel })),
);

/** After booking: what was booked, where to see it, and a wish for an earlier time. */
export function ThankYou({
  reservation,
  phoneUpdateFailed,
  onBookAnother,
}: {
  reservation: Schemas['Reservation'] | null;
  /** The booked phone could not be saved to the profile (spec §8): the booking stands. */
  phoneUpdateFailed: boolean;
  onBookAnother: () => void;
}) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
  return (
    <div className="flex flex-col gap-5">
      <NotificationBox variant="success" role="status" title={t('thankYou.title')}>
        {reservation
          ? t('thankYou.text', {
              reason: reservation.reason.name,
              branch: reservation.branch.name,
              day: longDay(helsinkiDay(reservation.startTime), language),
              time: formatHelsinki(reservation.startTime, 'time'),
              price: formatPrice(reservation.price, language),
            })
          : t('thankYou.textShort')}
      </NotificationBox>
      {phoneUpdateFailed && (
        <NotificationBox variant="warning">{t('phoneUpdateFailed')}</NotificationBox>
      )}
      <p className="text-slate-700">{t('thankYou.email')}</p>
      {reservation?.canModify && (
        <Suspense fallback={null}>
          <WaitlistPanel reservation={reservation} />
        </Suspense>
      )}
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
