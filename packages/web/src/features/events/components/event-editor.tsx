import { isApiError } from '@portal/sdk';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/page-head.ts';
import { Page, PageHeader, Spinner } from '../../../ui/index.ts';
import { useAdminEvent } from '../api/get-events.ts';
import { EventForm } from './event-form.tsx';
import { BackToEvents, EventStatus, NotFound } from './shared.tsx';
import { LoadError } from '../../../shared/error-views.tsx';

/** /event: a new event (staff). */
export function NewEvent() {
  const { t } = useTranslation('events');
  usePageTitle(t('newTitle'));
  return (
    <Page>
      <BackToEvents />
      <PageHeader title={t('newTitle')} />
      <EventForm />
    </Page>
  );
}

/** /event/:id for staff: the event's edit form, unpublished ones included. */
export function EditEvent({ id }: { id: number }) {
  const { t } = useTranslation('events');
  const query = useAdminEvent(id);
  usePageTitle(t('editTitle'));
  const notFound = query.isError && isApiError(query.error) && query.error.kind === 'not-found';
  return (
    <Page>
      <BackToEvents />
      <PageHeader
        title={t('editTitle')}
        actions={query.data && <EventStatus published={query.data.published} />}
      />
      {query.isPending && <Spinner label={t('loadingEvent')} />}
      {notFound && <NotFound text={t('notFound.staffText')} />}
      {query.isError && !notFound && (
        <LoadError onRetry={() => void query.refetch()}>{t('loadEventFailed')}</LoadError>
      )}
      {query.isSuccess && <EventForm key={query.data.updatedAt} event={query.data} />}
    </Page>
  );
}
