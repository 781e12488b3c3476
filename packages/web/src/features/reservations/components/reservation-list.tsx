import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, EmptyState, Spinner } from '../../../ui/index.ts';
import { useReservations, type ReservationGroup } from '../api/get-reservations.ts';
import { ReservationCard } from './reservation-card.tsx';
import { LoadError } from '../../../shared/error-views.tsx';

/**
 * The reservations of one tab, its loading and error states and its empty state. `moveId`: the
 * reservation a message's link asks to move (its dialog opens when it can still be moved).
 */
export function ReservationList({
  group,
  moveId = null,
  onLinkDone,
}: {
  group: ReservationGroup;
  moveId?: number | null;
  onLinkDone?: () => void;
}) {
  const { t } = useTranslation('reservations');
  const query = useReservations(group);
  if (query.isPending) return <Spinner label={t('loading')} />;
  if (query.isError) {
    return <LoadError onRetry={() => void query.refetch()}>{t('loadFailed')}</LoadError>;
  }
  if (query.data.length === 0) {
    return (
      <EmptyState
        headingLevel={2}
        title={t(`empty.${group}.title`)}
        text={t(`empty.${group}.text`)}
        action={
          group === 'past' ? undefined : (
            <Button asChild variant="secondary">
              <Link href="/reservation">{t('book')}</Link>
            </Button>
          )
        }
      />
    );
  }
  return (
    // Named as its tab, without the label's soft hyphens (where a long word may break on a phone).
    <ul aria-label={t(`tabs.${group}`).replaceAll('\u00AD', '')} className="flex flex-col gap-4">
      {query.data.map((reservation) => (
        <ReservationCard
          key={reservation.id}
          reservation={reservation}
          moveFromLink={reservation.id === moveId && reservation.canModify}
          onLinkDone={onLinkDone}
        />
      ))}
    </ul>
  );
}
