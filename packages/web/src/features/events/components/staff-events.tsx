import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useLanguage } from '../../../shared/language.ts';
import { Button, EmptyState, Page, PageHeader, Pagination, Spinner } from '../../../ui/index.ts';
import { inputOf, useDeleteEvent, useSaveEvent } from '../api/event-actions.ts';
import { eventDay } from '../api/event-dates.ts';
import { EVENTS_PAGE_SIZE, useAdminEvents, type Event } from '../api/get-events.ts';
import { ActionError, LoadError } from '../../../shared/error-views.tsx';
import {
  PublishableItem,
  publishableTexts,
  useFocusAfterDelete,
  type ActionFailure,
} from '../../../shared/publishable.tsx';

function StaffEventItem({
  event,
  onFailure,
  onDeleted,
}: {
  event: Event;
  onFailure: (failure: ActionFailure) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('events');
  const language = useLanguage();
  const save = useSaveEvent();
  const remove = useDeleteEvent();
  return (
    <PublishableItem
      title={event.title}
      editHref={`/event/${event.id}`}
      published={event.published}
      texts={publishableTexts(t, event.title, t('status.unpublished'))}
      setPublished={(published) =>
        save.mutateAsync({ id: event.id, input: { ...inputOf(event), published } })
      }
      remove={() => remove.mutateAsync(event.id)}
      onFailure={onFailure}
      onDeleted={onDeleted}
    >
      <p className="font-semibold text-slate-900">{eventDay(event.date, language)}</p>
    </PublishableItem>
  );
}

/** The staff's events: every event with its state, and the publish and delete actions. */
export function StaffEvents() {
  const { t } = useTranslation('events');
  const [page, setPage] = useState(1);
  const [failure, setFailure] = useState<ActionFailure>(null);
  const { headingRef, focusHeading } = useFocusAfterDelete();
  const query = useAdminEvents(page);
  const pageCount = query.data ? Math.ceil(query.data.total / EVENTS_PAGE_SIZE) : 0;
  return (
    <Page>
      <PageHeader
        headingRef={headingRef}
        title={t('title')}
        description={t('staffDescription')}
        actions={
          <Button asChild>
            <Link href="/event">{t('actions.new')}</Link>
          </Button>
        }
      />
      {failure !== null && (
        <ActionError title={failure.title} error={failure.error} className="mb-4" />
      )}
      {query.isPending && <Spinner label={t('loading')} />}
      {query.isError && (
        <LoadError onRetry={() => void query.refetch()}>{t('loadFailed')}</LoadError>
      )}
      {query.isSuccess && query.data.items.length === 0 && (
        <EmptyState headingLevel={2} title={t('staffEmpty.title')} text={t('staffEmpty.text')} />
      )}
      {query.isSuccess && query.data.items.length > 0 && (
        <>
          <ul aria-label={t('listLabel')} className="flex flex-col gap-4">
            {query.data.items.map((event) => (
              <StaffEventItem
                key={event.id}
                event={event}
                onFailure={setFailure}
                onDeleted={focusHeading}
              />
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={pageCount}
            onPageChange={setPage}
            label={t('pages.label')}
            previousLabel={t('pages.previous')}
            nextLabel={t('pages.next')}
            status={t('pages.status', { page, total: pageCount })}
          />
        </>
      )}
    </Page>
  );
}
