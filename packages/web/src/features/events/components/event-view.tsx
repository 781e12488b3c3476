import { isApiError } from '@portal/sdk';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/language.ts';
import { usePageTitle } from '../../../shared/page-head.ts';
import { NotificationBox, Page, SanitizedHtml, Spinner } from '../../../ui/index.ts';
import { helsinkiToday } from '../../../shared/time.ts';
import { eventDay } from '../api/event-dates.ts';
import { useEvent } from '../api/get-events.ts';
import { ReminderControl } from './reminder-control.tsx';
import { BackToEvents, NotFound } from './shared.tsx';
import { LoadError } from '../../../shared/error-views.tsx';
import { CONTENT_LANGUAGE, FinnishOnlyNotice } from '../../../shared/finnish-content.tsx';

/** One published event as patients see it, with the reminder on/off. */
export function EventView({ id }: { id: number }) {
  const { t } = useTranslation('events');
  const language = useLanguage();
  const query = useEvent(id);
  const headingId = useId();
  usePageTitle(query.data?.title ?? t('title'));
  const notFound = query.isError && isApiError(query.error) && query.error.kind === 'not-found';
  const passed = query.isSuccess && query.data.date < helsinkiToday();
  return (
    <Page width="narrow">
      <BackToEvents />
      <FinnishOnlyNotice text={t('finnishOnly')} />
      {query.isPending && <Spinner label={t('loadingEvent')} />}
      {notFound && <NotFound text={t('notFound.text')} />}
      {query.isError && !notFound && (
        <LoadError onRetry={() => void query.refetch()}>{t('loadEventFailed')}</LoadError>
      )}
      {query.isSuccess && (
        <article aria-labelledby={headingId}>
          <h1
            id={headingId}
            lang={CONTENT_LANGUAGE}
            tabIndex={-1}
            className="text-2xl font-bold text-slate-900 focus:outline-none md:text-3xl"
          >
            {query.data.title}
          </h1>
          <p className="mt-2 font-semibold text-slate-900">{eventDay(query.data.date, language)}</p>
          <SanitizedHtml html={query.data.body} lang={CONTENT_LANGUAGE} className="mt-6" />
          {passed ? (
            <NotificationBox variant="neutral" role="none" className="mt-8">
              {t('reminder.passed')}
            </NotificationBox>
          ) : (
            <ReminderControl event={query.data} />
          )}
        </article>
      )}
    </Page>
  );
}
