import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { usePageTitle } from '../../../shared/page-head.ts';
import { Button, NotificationBox, Page, PageHeader, Tabs } from '../../../ui/index.ts';
import { formatHelsinki } from '../../../shared/time.ts';
import { useReservations, type ReservationGroup } from '../api/get-reservations.ts';
import { FamilyVisits } from '../components/family-visits.tsx';
import { ReservationList } from '../components/reservation-list.tsx';

const GROUPS: readonly ReservationGroup[] = ['future', 'past', 'tentative'];

/**
 * /reservations: the patient's reservations in three tabs with their counts (spec §2, "My
 * reservations"). `?move={id}` (the link of a booking confirmation, a move receipt or a
 * reminder) opens that reservation's move dialog on its tab, after the login when needed; when it
 * can no longer be moved online (or is not the patient's) the page says so above the lists.
 */
export default function ReservationsRoute() {
  const { t } = useTranslation('reservations');
  usePageTitle(t('title'));
  const lists = {
    future: useReservations('future'),
    past: useReservations('past'),
    tentative: useReservations('tentative'),
  };
  // Every tab says how many it holds (the lists load at once, each query shared with its tab);
  // times to confirm are marked as needing the patient's action.
  // Null while a list loads: its tab keeps the badge's room (no shift when the number comes).
  const countOf = (list: { data?: readonly unknown[]; isPending: boolean }) =>
    list.data?.length ?? (list.isPending ? null : undefined);
  const counts: Record<ReservationGroup, number | null | undefined> = {
    future: countOf(lists.future),
    past: countOf(lists.past),
    tentative: countOf(lists.tentative),
  };
  const [params, setParams] = useSearchParams();
  const moveId = Number(params.get('move')) || null;
  const linked = [...(lists.future.data ?? []), ...(lists.tentative.data ?? [])].find(
    (reservation) => reservation.id === moveId,
  );
  const loaded = lists.future.data !== undefined && lists.tentative.data !== undefined;
  const linkUnusable = moveId !== null && loaded && linked?.canModify !== true;
  // The tab the patient chose; until then the upcoming one, or the tab of the linked time (a time
  // to confirm is on its own tab).
  const [chosenTab, setTab] = useState<string | null>(null);
  const tab = chosenTab ?? (linked?.group === 'tentative' ? 'tentative' : 'future');
  const forgetLink = () =>
    setParams(
      (current) => {
        current.delete('move');
        return current;
      },
      { replace: true },
    );
  // A time the clinic proposes waits on the third tab: said above the tabs while another is shown
  // (issue 54), with a button that opens it (and gives its tab the focus, the button going).
  const proposed = lists.tentative.data ?? [];
  const showProposed = () => {
    setTab('tentative');
    window.requestAnimationFrame(() =>
      document.querySelector<HTMLElement>('[role="tab"][data-state="active"]')?.focus(),
    );
  };
  return (
    <Page>
      <PageHeader title={t('title')} description={t('description')} />
      {tab !== 'tentative' && proposed.length > 0 && (
        <NotificationBox
          variant="warning"
          role="none"
          className="mb-4"
          actions={<Button onClick={showProposed}>{t('proposed.show')}</Button>}
        >
          {t('proposed.text', {
            count: proposed.length,
            what:
              proposed[0] === undefined
                ? ''
                : `${proposed[0].reason.name} ${t('card.dateTime', {
                    date: formatHelsinki(proposed[0].startTime, 'date'),
                    time: formatHelsinki(proposed[0].startTime, 'time'),
                  })}`,
          })}
        </NotificationBox>
      )}
      {linkUnusable && (
        <NotificationBox variant="informative" className="mb-4">
          {t('moveLink.unusable')}
        </NotificationBox>
      )}
      <Tabs
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        tabs={GROUPS.map((group) => ({
          value: group,
          label: t(`tabs.${group}`),
          count: counts[group],
          attention:
            group === 'tentative' && (counts.tentative ?? 0) > 0
              ? t('tabs.needsAction')
              : undefined,
          content: (
            <ReservationList
              group={group}
              moveId={group === 'past' ? null : moveId}
              onLinkDone={forgetLink}
            />
          ),
        }))}
      />
      <FamilyVisits />
    </Page>
  );
}
