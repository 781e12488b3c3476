import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/page-head.ts';
import { Page, PageHeader, Tabs } from '../../../ui/index.ts';
import type { ReservationGroup } from '../api/get-reservations.ts';
import { ReservationList } from '../components/reservation-list.tsx';

const GROUPS: readonly ReservationGroup[] = ['future', 'past', 'tentative'];

/** /reservations: the patient's reservations in three tabs (spec §2, "My reservations"). */
export default function ReservationsRoute() {
  const { t } = useTranslation('reservations');
  usePageTitle(t('title'));
  return (
    <Page>
      <PageHeader title={t('title')} description={t('description')} />
      <Tabs
        label={t('tabs.label')}
        tabs={GROUPS.map((group) => ({
          value: group,
          label: t(`tabs.${group}`),
          content: <ReservationList group={group} />,
        }))}
      />
    </Page>
  );
}
