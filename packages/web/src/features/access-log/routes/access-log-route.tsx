import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/page-head.ts';
import { LoadError } from '../../../shared/error-views.tsx';
import { helsinkiDateTime, helsinkiToday } from '../../../shared/time.ts';
import { useLanguage } from '../../../shared/language.ts';
import { useApi } from '../../../shared/api.tsx';
import { csvFile, ownEntries } from '../api/access-log-csv.ts';
import { CsvDownload } from '../components/csv-download.tsx';
import { useFieldNames } from '../components/field-names.ts';
import {
  Card,
  EmptyState,
  Page,
  PageHeader,
  Pagination,
  SelectField,
  Spinner,
} from '../../../ui/index.ts';
import { useAccessLog, type AccessLogEntry } from '../api/get-access-log.ts';

/** How many months back the filter offers: the log keeps two years. */
const MONTHS_KEPT = 24;

/** The last two years' months, newest first, as `YYYY-MM`, from today's Helsinki month. */
function lastMonths(today: string): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: MONTHS_KEPT }, (_, back) => {
    const index = year * 12 + (month - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

function EntryCard({ entry }: { entry: AccessLogEntry }) {
  const { t } = useTranslation('access-log');
  const { date, time } = helsinkiDateTime(entry.at);
  const fields = useFieldNames('own')(entry.fields);
  // Named by what and when: cards of the same action are told apart in a screen reader's list.
  const whenId = useId();
  return (
    <li>
      <Card title={t(`action.${entry.action}`)} headingLevel={2} labelledBy={whenId}>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
          <dt className="font-semibold text-slate-700">{t('when')}</dt>
          <dd id={whenId}>{t('dateTime', { date, time })}</dd>
          <dt className="font-semibold text-slate-700">{t('who')}</dt>
          <dd>{t('actor', { role: t(`role.${entry.actor.role}`), name: entry.actor.name })}</dd>
          {fields !== '' && (
            <>
              <dt className="font-semibold text-slate-700">{t('what')}</dt>
              <dd>{fields}</dd>
            </>
          )}
        </dl>
      </Card>
    </li>
  );
}

/**
 * /access-log, "Who has used my data" (issue 57; Act 703/2023): the access log's entries about the
 * signed-in user for the last two years, newest first, by month; reached from the profile page.
 */
export default function AccessLogRoute() {
  const { t } = useTranslation('access-log');
  const language = useLanguage();
  usePageTitle(t('title'));
  const [month, setMonth] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const query = useAccessLog(month, page);
  const monthName = (value: string) =>
    new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric' }).format(
      new Date(`${value}-15T12:00:00Z`),
    );
  const pageCount = query.data ? Math.ceil(query.data.total / query.data.pageSize) : 0;
  const { client } = useApi();
  const fieldNames = useFieldNames('own');
  // The file: every entry of the month chosen (or of the two years), in the page's language.
  const fetchFile = async () => {
    const entries = await ownEntries(client, month);
    const rows = entries.map((entry) => {
      const { date, time } = helsinkiDateTime(entry.at);
      return [
        t('dateTime', { date, time }),
        t(`action.${entry.action}`),
        t(`role.${entry.actor.role}`),
        entry.actor.name,
        fieldNames(entry.fields),
      ];
    });
    const header = [t('when'), t('file.action'), t('file.role'), t('file.name'), t('what')];
    return {
      blob: await csvFile(header, rows),
      fileName: `${t('file.fileStem')}-${month ?? helsinkiToday()}.csv`,
    };
  };
  return (
    <Page>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={<CsvDownload fetchFile={fetchFile} />}
      />
      <SelectField
        label={t('month')}
        className="mb-4 max-w-xs"
        value={month ?? ''}
        placeholder={false}
        onChange={(value) => {
          setMonth(value === '' ? null : value);
          setPage(1);
        }}
        options={[
          { value: '', label: t('allMonths') },
          ...lastMonths(helsinkiToday()).map((value) => ({ value, label: monthName(value) })),
        ]}
      />
      {/* Said when the month changes: how many entries the list now holds. */}
      <p role="status" className="mb-3 text-slate-700">
        {query.isSuccess ? t('count', { count: query.data.total }) : ''}
      </p>
      {query.isPending && <Spinner label={t('loading')} />}
      {query.isError && (
        <LoadError onRetry={() => void query.refetch()}>{t('loadFailed')}</LoadError>
      )}
      {query.isSuccess && query.data.items.length === 0 && (
        <EmptyState
          headingLevel={2}
          title={month === null ? t('empty.title') : t('empty.monthTitle')}
          text={t('empty.text')}
        />
      )}
      {query.isSuccess && query.data.items.length > 0 && (
        <div aria-busy={query.isPlaceholderData}>
          <ul aria-label={t('listLabel')} className="flex flex-col gap-4">
            {query.data.items.map((entry) => (
              <EntryCard key={entry.id} entry={entry} />
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={pageCount}
            onPageChange={setPage}
            label={t('pager.label')}
            previousLabel={t('pager.previous')}
            nextLabel={t('pager.next')}
            status={t('pager.status', { page, total: pageCount })}
            className="mt-4"
          />
        </div>
      )}
    </Page>
  );
}
