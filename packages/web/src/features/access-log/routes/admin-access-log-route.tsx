import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { usePageTitle } from '../../../shared/page-head.ts';
import { useApi } from '../../../shared/api.tsx';
import { csvFile, staffEntries } from '../api/access-log-csv.ts';
import { CsvDownload } from '../components/csv-download.tsx';
import { useFieldNames } from '../components/field-names.ts';
import { LoadError } from '../../../shared/error-views.tsx';
import { helsinkiDateTime, helsinkiToday } from '../../../shared/time.ts';
import {
  Button,
  DateField,
  EmptyState,
  Page,
  PageHeader,
  Pagination,
  Spinner,
} from '../../../ui/index.ts';
import {
  useAdminAccessLog,
  type AccessLogSearch,
  type AdminAccessLogEntry,
} from '../api/get-access-log.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function idOf(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 ? id : null;
}

/** The search as the address holds it (`?subjectId=&actorId=&from=&to=&page=`). */
function searchOf(params: URLSearchParams): AccessLogSearch {
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    subjectId: idOf(params.get('subjectId')),
    actorId: idOf(params.get('actorId')),
    from: day('from'),
    to: day('to'),
    page: idOf(params.get('page')) ?? 1,
  };
}

function paramsOf(search: AccessLogSearch): Record<string, string> {
  const init: Record<string, string> = {};
  if (search.subjectId !== null) init.subjectId = String(search.subjectId);
  if (search.actorId !== null) init.actorId = String(search.actorId);
  if (search.from !== '') init.from = search.from;
  if (search.to !== '') init.to = search.to;
  if (search.page > 1) init.page = String(search.page);
  return init;
}

const linkClasses =
  'font-medium text-brand-800 underline focus-visible:outline-3 focus-visible:outline-brand-700';
/** A name in a narrow column wraps between its words, never inside one. */
const filterButtonClasses = `${linkClasses} text-left wrap-normal`;

interface EntryProps {
  entry: AdminAccessLogEntry;
  onlyActor: () => void;
  onlySubject: () => void;
}

/** The who, whose and what of an entry; who and whose narrow the search to them. */
function useEntryTexts({ entry, onlyActor, onlySubject }: EntryProps) {
  const { t } = useTranslation('access-log');
  const fieldNames = useFieldNames('staff');
  const { date, time } = helsinkiDateTime(entry.at);
  return {
    when: t('dateTime', { date, time }),
    who: (
      <button type="button" className={filterButtonClasses} onClick={onlyActor}>
        {t('actor', { role: t(`role.${entry.actor.role}`), name: entry.actor.name })}
      </button>
    ),
    whose: (
      <button type="button" className={filterButtonClasses} onClick={onlySubject}>
        {entry.subject.name ?? t('staff.deletedAccount', { id: entry.subject.id })}
      </button>
    ),
    done: t(`staff.action.${entry.action}`),
    fields: fieldNames(entry.fields),
  };
}

function EntryRow(props: EntryProps) {
  const texts = useEntryTexts(props);
  return (
    <tr className="border-b border-slate-200 align-top">
      <td className="py-2 pr-4 whitespace-nowrap">{texts.when}</td>
      <td className="py-2 pr-4">{texts.who}</td>
      <td className="py-2 pr-4">{texts.whose}</td>
      <td className="py-2 pr-4">{texts.done}</td>
      <td className="py-2 pr-4">{texts.fields}</td>
    </tr>
  );
}

/** An entry on a phone: a card, each term a small caption over its value. */
function EntryCard(props: EntryProps) {
  const { t } = useTranslation('access-log');
  const texts = useEntryTexts(props);
  const rows: [string, ReactNode][] = [
    [t('when'), texts.when],
    [t('who'), texts.who],
    [t('staff.whose'), texts.whose],
    [t('staff.whatDone'), texts.done],
    ...(texts.fields === '' ? [] : [[t('what'), texts.fields] as [string, ReactNode]]),
  ];
  return (
    <li className="rounded-lg border border-slate-300 bg-white px-4 py-3">
      <dl>
        {rows.map(([term, value]) => (
          <div key={term} className="mb-1.5 last:mb-0">
            <dt className="text-sm font-semibold text-slate-700">{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/**
 * /admin/access-log (admin, issue 57): the access log searched by the staff member who acted, the
 * patient whose data it was and Helsinki dates, in the address so that a search can be linked and
 * reloaded ("who opened this patient's record in May" is the patient's link and two dates).
 * Reading it is logged by the server (a `read` of `accessLog` for each patient a page shows).
 */
export default function AdminAccessLogRoute() {
  const { t } = useTranslation('access-log');
  usePageTitle(t('staff.title'));
  const [params, setParams] = useSearchParams();
  const search = searchOf(params);
  const query = useAdminAccessLog(search);
  const update = (next: Partial<AccessLogSearch>) =>
    setParams(paramsOf({ ...search, page: 1, ...next }), { replace: false });
  const pageCount = query.data ? Math.ceil(query.data.total / query.data.pageSize) : 0;
  const first = query.data?.items[0];
  const subjectName =
    search.subjectId === null
      ? null
      : query.data?.items.find((entry) => entry.subject.id === search.subjectId)?.subject.name;
  const actorName =
    search.actorId === null
      ? null
      : query.data?.items.find((entry) => entry.actorId === search.actorId)?.actor.name;
  const { client } = useApi();
  const fieldNames = useFieldNames('staff');
  // The file: every entry of this search (the server logs the reading as it does a page's).
  const fetchFile = async () => {
    const entries = await staffEntries(client, search);
    const header = [
      t('when'),
      t('file.role'),
      t('file.name'),
      t('staff.file.actorId'),
      t('staff.whose'),
      t('staff.file.subjectId'),
      t('staff.whatDone'),
      t('what'),
      t('staff.file.operation'),
    ];
    const rows = entries.map((entry) => {
      const { date, time } = helsinkiDateTime(entry.at);
      return [
        t('dateTime', { date, time }),
        t(`role.${entry.actor.role}`),
        entry.actor.name,
        String(entry.actorId),
        entry.subject.name ?? t('staff.deletedAccount', { id: entry.subject.id }),
        String(entry.subject.id),
        t(`staff.action.${entry.action}`),
        fieldNames(entry.fields),
        entry.operation,
      ];
    });
    return {
      blob: await csvFile(header, rows),
      fileName: `${t('staff.file.name')}-${helsinkiToday()}.csv`,
    };
  };
  return (
    <Page>
      <PageHeader
        title={t('staff.title')}
        description={t('staff.description')}
        actions={<CsvDownload fetchFile={fetchFile} />}
      />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <DateField
          label={t('staff.from')}
          value={search.from}
          onChange={(from) => update({ from })}
          showFormatted
        />
        <DateField
          label={t('staff.to')}
          value={search.to}
          min={search.from === '' ? undefined : search.from}
          onChange={(to) => update({ to })}
          showFormatted
        />
      </div>
      {(search.subjectId !== null || search.actorId !== null) && (
        <ul aria-label={t('staff.narrowedBy')} className="mb-4 flex flex-wrap gap-2">
          {search.subjectId !== null && (
            <li>
              <Button variant="secondary" onClick={() => update({ subjectId: null })}>
                {t('staff.removePatient', { name: subjectName ?? `#${search.subjectId}` })}
              </Button>
            </li>
          )}
          {search.actorId !== null && (
            <li>
              <Button variant="secondary" onClick={() => update({ actorId: null })}>
                {t('staff.removeActor', { name: actorName ?? `#${search.actorId}` })}
              </Button>
            </li>
          )}
        </ul>
      )}
      <p role="status" className="mb-3 text-slate-700">
        {query.isSuccess ? t('staff.count', { count: query.data.total }) : ''}
      </p>
      {query.isPending && <Spinner label={t('loading')} />}
      {query.isError && (
        <LoadError onRetry={() => void query.refetch()}>{t('loadFailed')}</LoadError>
      )}
      {query.isSuccess && first === undefined && (
        <EmptyState headingLevel={2} title={t('staff.empty')} />
      )}
      {query.isSuccess && first !== undefined && (
        <div aria-busy={query.isPlaceholderData}>
          {/* A card per entry on a phone, a table from 768 px (one of them is shown). */}
          <ul aria-label={t('staff.caption')} className="flex flex-col gap-3 md:hidden">
            {query.data.items.map((entry) => (
              <EntryCard
                key={entry.id}
                entry={entry}
                onlyActor={() => update({ actorId: entry.actorId })}
                onlySubject={() => update({ subjectId: entry.subject.id })}
              />
            ))}
          </ul>
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full text-left">
              <caption className="sr-only">{t('staff.caption')}</caption>
              <thead>
                <tr className="border-b border-slate-300 text-sm text-slate-700">
                  {[t('when'), t('who'), t('staff.whose'), t('staff.whatDone'), t('what')].map(
                    (heading) => (
                      <th key={heading} scope="col" className="py-2 pr-4">
                        {heading}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody>
                {query.data.items.map((entry) => (
                  <EntryRow
                    key={entry.id}
                    entry={entry}
                    onlyActor={() => update({ actorId: entry.actorId })}
                    onlySubject={() => update({ subjectId: entry.subject.id })}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={search.page}
            pageCount={pageCount}
            onPageChange={(page) => setParams(paramsOf({ ...search, page }))}
            label={t('pager.label')}
            previousLabel={t('pager.previous')}
            nextLabel={t('pager.next')}
            status={t('pager.status', { page: search.page, total: pageCount })}
            className="mt-4"
          />
        </div>
      )}
      <p className="mt-6">
        <Link href="/patients" className={linkClasses}>
          {t('staff.toPatients')}
        </Link>
      </p>
    </Page>
  );
}
