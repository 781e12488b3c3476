import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/language.ts';
import { CheckIcon, EmptyState, Page, PageHeader, Spinner } from '../../../ui/index.ts';
import { excerptOf } from '../../../shared/html-text.ts';
import { eventDay } from '../api/event-dates.ts';
import { useEvents, type PatientEvent } from '../api/get-events.ts';
import { LoadError } from '../../../shared/error-views.tsx';
import { ContentListItem } from '../../../shared/publishable.tsx';
import { CONTENT_LANGUAGE, FinnishOnlyNotice } from '../../../shared/finnish-content.tsx';

function EventItem({ event }: { event: PatientEvent }) {
  const { t } = useTranslation('events');
  const language = useLanguage();
  return (
    <ContentListItem title={event.title} href={`/event/${event.id}`} lang={CONTENT_LANGUAGE}>
      <p className="font-semibold text-slate-900">{eventDay(event.date, language)}</p>
      <p lang={CONTENT_LANGUAGE} className="mt-2 text-slate-900">
        {excerptOf(event.body, 160)}
      </p>
      {event.reminder !== null && (
        <p className="mt-3 inline-flex items-center gap-1 rounded-full bg-brand-100 px-2 text-sm font-semibold text-brand-900">
          <CheckIcon className="size-4" />
          {t(`reminder.badge.${event.reminder.channel}`)}
        </p>
      )}
    </ContentListItem>
  );
}

/** The patients' events: the upcoming published themed days, soonest first. */
export function PatientEvents() {
  const { t } = useTranslation('events');
  const query = useEvents();
  return (
    <Page>
      <PageHeader title={t('title')} description={t('description')} />
      <FinnishOnlyNotice text={t('finnishOnly')} />
      {query.isPending && <Spinner label={t('loading')} />}
      {query.isError && (
        <LoadError onRetry={() => void query.refetch()}>{t('loadFailed')}</LoadError>
      )}
      {query.isSuccess && query.data.length === 0 && (
        <EmptyState headingLevel={2} title={t('empty.title')} text={t('empty.text')} />
      )}
      {query.isSuccess && query.data.length > 0 && (
        <ul aria-label={t('listLabel')} className="flex flex-col gap-4">
          {query.data.map((event) => (
            <EventItem key={event.id} event={event} />
          ))}
        </ul>
      )}
    </Page>
  );
}
