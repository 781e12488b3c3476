import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/page-head.ts';
import { Page, PageHeader, Tabs } from '../../../ui/index.ts';
import { useReservations, type ReservationGroup } from '../api/get-reservations.ts';
import { ReservationList } from '../components/reservation-list.tsx';

const GROUPS: readonly ReservationGroup[] = ['future', 'past', 'tentative'];

/** /reservations: the patient's reservations in three tabs with their counts (spec §2, "My reservations"). */
export default function ReservationsRoute() {
  const { t } = useTranslation('reservations');
  usePageTitle(t('title'));
  // Every tab says how many it holds (the lists load at once, each query shared with its tab);
  // times to confirm are marked as needing the patient's action.
  const counts: Record<ReservationGroup, number | undefined> = {
    future: useReservations('future').data?.length,
    past: useReservations('past').data?.length,
    tentative: useReservations('tentative').data?.length,
  };
  return (
    <Page>
      <PageHeader title={t('title')} description={t('description')} />
      <Tabs
        label={t('tabs.label')}
        tabs={GROUPS.map((group) => ({
          value: group,
          label: t(`tabs.${group}`),
          count: counts[group],
          attention:
            group === 'tentative' && (counts.tentative ?? 0) > 0
              ? t('tabs.needsAction')
              : undefined,
          content: <ReservationList group={group} />,
        }))}
      />
    </Page>
  );
}
