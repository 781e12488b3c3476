import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useLanguage } from '../../../shared/language.ts';
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  Page,
  PageHeader,
  Pagination,
  Spinner,
  toast,
} from '../../../ui/index.ts';
import { inputOf, useDeleteEvent, useSaveEvent } from '../api/event-actions.ts';
import { eventDay } from '../api/event-dates.ts';
import { EVENTS_PAGE_SIZE, useAdminEvents, type Event } from '../api/get-events.ts';
import { PublishedBadge } from './shared.tsx';
import { ActionError, LoadError } from '../../../shared/error-views.tsx';

type Failure = { title: string; error: unknown } | null;

function StaffEventItem({
  event,
  onFailure,
  onDeleted,
}: {
  event: Event;
  onFailure: (failure: Failure) => void;
  /** Called after the item is deleted (and gone from the list), to place focus. */
  onDeleted: () => void;
}) {
  const { t } = useTranslation('events');
  const language = useLanguage();
  const save = useSaveEvent();
  const remove = useDeleteEvent();
  /** The item's title in each action's name ("Publish: <title>"), told apart by screen readers. */
  const named = (label: string) => ({ 'aria-label': `${label}: ${event.title}`, children: label });

  const togglePublished = () => {
    onFailure(null);
    const published = !event.published;
    save.mutate(
      { id: event.id, input: { ...inputOf(event), published } },
      {
        onSuccess: () => toast.success(published ? t('done.published') : t('done.unpublished')),
        onError: (error) => onFailure({ title: t('errors.publish'), error }),
      },
    );
  };

  const deleteEvent = async () => {
    onFailure(null);
    try {
      await remove.mutateAsync(event.id);
      toast.success(t('done.deleted'));
      onDeleted();
    } catch (error) {
      onFailure({ title: t('errors.delete'), error });
    }
  };

  return (
    <li>
      <Card
        headingLevel={2}
        title={
          <Link
            href={`/event/${event.id}`}
            className="text-brand-800 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-brand-700"
          >
            {event.title}
          </Link>
        }
        actions={<PublishedBadge published={event.published} />}
      >
        <p className="font-semibold text-slate-900">{eventDay(event.date, language)}</p>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button asChild variant="secondary" size="sm">
            <Link href={`/event/${event.id}`} {...named(t('actions.edit'))} />
          </Button>
          <Button
            variant="secondary"
            size="sm"
            loading={save.isPending}
            onClick={togglePublished}
            {...named(event.published ? t('actions.unpublish') : t('actions.publish'))}
          />
          <ConfirmDialog
            variant="danger"
            trigger={<Button variant="danger" size="sm" {...named(t('actions.delete'))} />}
            title={t('deleteDialog.title')}
            description={t('deleteDialog.description', { title: event.title })}
            confirmLabel={t('deleteDialog.confirm')}
            cancelLabel={t('deleteDialog.cancel')}
            onConfirm={deleteEvent}
          />
        </div>
      </Card>
    </li>
  );
}

/** The staff's events: every event with its state, and the publish and delete actions. */
export function StaffEvents() {
  const { t } = useTranslation('events');
  const [page, setPage] = useState(1);
  const [failure, setFailure] = useState<Failure>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The deleted item's buttons are gone: focus the page heading rather than lose it to <body>.
  const focusHeading = () => window.setTimeout(() => headingRef.current?.focus(), 0);
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
