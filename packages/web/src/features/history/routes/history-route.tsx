import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/page-head.ts';
import { Card, EmptyState, Page, PageHeader, Spinner } from '../../../ui/index.ts';
import { useVisitHistory, type Visit } from '../api/get-visit-history.ts';
import { formatPrice } from '../../../shared/money.ts';
import { useLanguage } from '../../../shared/language.ts';
import { helsinkiDateTime } from '../../../shared/time.ts';
import { LoadError } from '../../../shared/error-views.tsx';

function VisitCard({ visit }: { visit: Visit }) {
  const { t } = useTranslation('history');
  const language = useLanguage();
  const { date, time } = helsinkiDateTime(visit.startTime);
  return (
    <li>
      <Card title={visit.reasonName} headingLevel={2}>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold text-slate-700">{t('when')}</dt>
          <dd>{t('dateTime', { date, time })}</dd>
          <dt className="font-semibold text-slate-700">{t('branch')}</dt>
          <dd>{visit.branchName}</dd>
          <dt className="font-semibold text-slate-700">{t('practitioner')}</dt>
          <dd>{visit.employeeName ?? t('notRecorded')}</dd>
          <dt className="font-semibold text-slate-700">{t('price')}</dt>
          <dd>{visit.price === null ? t('notRecorded') : formatPrice(visit.price, language)}</dd>
        </dl>
      </Card>
    </li>
  );
}

/** /history: the patient's completed visits, newest first (spec §2). */
export default function HistoryRoute() {
  const { t } = useTranslation('history');
  usePageTitle(t('title'));
  const query = useVisitHistory();
  return (
    <Page>
      <PageHeader title={t('title')} description={t('description')} />
      {query.isPending && <Spinner label={t('loading')} />}
      {query.isError && (
        <LoadError onRetry={() => void query.refetch()}>{t('loadFailed')}</LoadError>
      )}
      {query.isSuccess && query.data.length === 0 && (
        <EmptyState headingLevel={2} title={t('empty.title')} text={t('empty.text')} />
      )}
      {query.isSuccess && query.data.length > 0 && (
        <ul aria-label={t('listLabel')} className="flex flex-col gap-4">
          {[...query.data]
            .sort((a, b) => Date.parse(b.startTime) - Date.parse(a.startTime))
            .map((visit) => (
              <VisitCard key={visit.id} visit={visit} />
            ))}
        </ul>
      )}
    </Page>
  );
}
